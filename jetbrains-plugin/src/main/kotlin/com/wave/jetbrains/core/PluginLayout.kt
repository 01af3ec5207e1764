// Where the plugin's files are at runtime (jetbrains-plugin/README.md, "What the zip holds"): the
// shell's jar is <plugin>/lib/<jar>, the bundled sidecar <plugin>/sidecar/ (bin/wave.js, ui/).
package com.wave.jetbrains.core

import java.io.File

object PluginLayout {
    /**
     * The sidecar folder: [override] (`WAVE_SIDECAR_DIR`, a checkout's `sidecar/`) when set, else
     * `sidecar/` beside the `lib/` folder holding [jar] (the path `PathManager.getJarForClass`
     * gives for the shell's classes). Throws [SidecarSetupException] when neither is usable.
     */
    fun sidecarRoot(override: String?, jar: String?): String {
        override?.trim()?.takeIf { it.isNotEmpty() }?.let { return it }
        val lib = jar?.let { File(it).absoluteFile.parentFile }
        val plugin = lib?.takeIf { it.name == "lib" }?.parentFile
            ?: throw SidecarSetupException("The Wave plugin's files were not found (the shell was loaded from ${jar ?: "an unknown place"}). Reinstall the plugin.")
        return File(plugin, "sidecar").path
    }
}
