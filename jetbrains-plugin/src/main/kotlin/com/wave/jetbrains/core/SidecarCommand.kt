// The `wave serve` command line for a project. The plugin distribution carries the sidecar in
// `<plugin>/sidecar/` (bin/, dist/, package.json, production node_modules/) with the built web UI
// in `<plugin>/sidecar/ui/` — the layout the root build.gradle.kts packages.
package com.wave.jetbrains.core

import java.io.File

object SidecarCommand {
    /**
     * `node <root>/bin/wave.js serve --workdir <project> --port 0 --exit-with-stdin [--ui <root>/ui]`.
     * `--exit-with-stdin` makes the sidecar exit when the IDE goes away, even if killed. Without a
     * `ui/` folder (a development checkout) the sidecar serves its default `webui/dist`.
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
            throw SidecarSetupException("The Wave sidecar is missing ($script). Reinstall the plugin, or build it with ./gradlew buildPlugin.")
        }
        val ui = File(sidecarRoot, "ui").path
        val command = mutableListOf(node, script, "serve", "--workdir", workdir, "--port", "0", "--exit-with-stdin")
        if (exists(File(ui, "index.html").path)) command += listOf("--ui", ui)
        return LaunchSpec(command, workdir, env)
    }
}
