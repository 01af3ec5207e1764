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
