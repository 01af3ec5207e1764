package com.wave.jetbrains.core

import java.io.File

class PluginLayoutTest {
    fun `finds sidecar beside the lib folder of the shell's jar`() {
        val plugin = File("/ide/plugins/wave-jetbrains")
        assertEquals(File(plugin, "sidecar").path, PluginLayout.sidecarRoot(null, File(plugin, "lib/wave-jetbrains.jar").path))
        assertEquals(File(plugin, "sidecar").path, PluginLayout.sidecarRoot(" ", File(plugin, "lib/wave-jetbrains-0.1.0.jar").path))
    }

    fun `WAVE_SIDECAR_DIR wins`() {
        assertEquals("/repo/sidecar", PluginLayout.sidecarRoot("/repo/sidecar", null))
    }

    fun `refuses a jar that is not in a plugin's lib folder`() {
        assertThrows<SidecarSetupException> { PluginLayout.sidecarRoot(null, null) }
        val e = assertThrows<SidecarSetupException> { PluginLayout.sidecarRoot(null, "/work/classes") }
        assertTrue(e.message!!.contains("/work/classes"), e.message!!)
    }
}
