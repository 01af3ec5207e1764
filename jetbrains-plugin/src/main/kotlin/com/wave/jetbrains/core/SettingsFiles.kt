// Which files are Wave settings files (README.md, "Settings"): `settings.json` and
// `settings.<anything>.json` (settings.local.json) in a `.wave` folder — a project's or the user's
// `~/.wave`. The JSON Schema is offered for exactly these.
package com.wave.jetbrains.core

object SettingsFiles {
    private val NAME = Regex("""settings(\.[^/\\]+)?\.json""")

    /** [path] as the VFS gives it (forward slashes) or a native one. */
    fun isWaveSettings(path: String): Boolean {
        val parts = path.replace('\\', '/').split('/')
        return parts.size >= 2 && parts[parts.size - 2] == ".wave" && NAME.matches(parts.last())
    }
}

/**
 * When a project's sidecar starts (jetbrains-plugin/README.md, "Lighter on every project"): at
 * project open only if the project has Wave settings or the chat was open when it was last closed;
 * otherwise on first use (the chat shown, the settings tab opened).
 */
object StartPolicy {
    /** The project files that make a project a Wave project. */
    val PROJECT_SETTINGS = listOf("settings.json", "settings.local.json")

    fun atProjectOpen(projectDir: String?, chatWasOpen: Boolean, exists: (String) -> Boolean = { java.io.File(it).isFile }): Boolean =
        chatWasOpen || (!projectDir.isNullOrBlank() && PROJECT_SETTINGS.any { exists(java.io.File(java.io.File(projectDir, ".wave"), it).path) })
}

/** The settings editor tab's title, in the IDE's language like the page itself. */
object SettingsTab {
    fun title(lang: UiLang) = if (lang == UiLang.ZH_CN) "Wave 设置" else "Wave Settings"
}
