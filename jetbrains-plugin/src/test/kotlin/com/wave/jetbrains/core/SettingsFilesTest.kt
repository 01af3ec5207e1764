package com.wave.jetbrains.core

class SettingsFilesTest {
    fun `project and user settings files get the schema`() {
        for (p in listOf("/p/.wave/settings.json", "/p/.wave/settings.local.json", "/home/me/.wave/settings.json", "C:\\Users\\me\\.wave\\settings.json", "/p/.wave/settings.team.shared.json")) {
            assertTrue(SettingsFiles.isWaveSettings(p), p)
        }
    }

    fun `other files do not`() {
        for (p in listOf("/p/settings.json", "/p/.wave/hooks.json", "/p/.wave/settings.json.bak", "/p/.wave/sub/settings.json", "/p/wave/settings.json", "/p/.wave/settingsx.json", "settings.json")) {
            assertTrue(!SettingsFiles.isWaveSettings(p), p)
        }
    }
}
