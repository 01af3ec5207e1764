// The `wave serve` command line for a project. Both builds of the plugin (jetbrains-plugin/README.md,
// "What the zip holds") carry the sidecar bundled by jetbrains-plugin/package.mjs in
// `<plugin>/sidecar/`: bin/wave.js (+ bin/chunks/, no node_modules) and the web UI in ui/.
package com.wave.jetbrains.core

import java.io.File

object SidecarCommand {
    /**
     * `node <root>/bin/wave.js serve --workdir <project> --port 0 --exit-with-stdin [--ui <root>/ui]`.
     * `--exit-with-stdin` makes the sidecar exit when the IDE goes away, even if killed. Without a
     * `ui/` folder (a checkout's `sidecar/`, WAVE_SIDECAR_DIR) the sidecar serves its default
     * `webui/dist`. [env] is the process environment (SidecarEnvironment: the model settings too).
     */
    fun spec(
        node: String,
        sidecarRoot: String,
        workdir: String?,
        exists: (String) -> Boolean = { File(it).exists() },
        env: Map<String, String> = emptyMap(),
    ): LaunchSpec {
        if (workdir.isNullOrBlank()) throw SidecarSetupException("This project has no folder on disk for Wave to work in.")
        val script = File(File(sidecarRoot, "bin"), "wave.js").path
        if (!exists(script)) {
            throw SidecarSetupException("The Wave sidecar is missing ($script). Reinstall the plugin, or build it with npm run package:plugin.")
        }
        val ui = File(sidecarRoot, "ui").path
        val command = mutableListOf(node, script, "serve", "--workdir", workdir, "--port", "0", "--exit-with-stdin")
        if (exists(File(ui, "index.html").path)) command += listOf("--ui", ui)
        return LaunchSpec(command, workdir, env)
    }
}
