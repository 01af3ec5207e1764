// Finding a Node.js able to run the sidecar: the configured path if there is one, else the first
// `node` on PATH (then a few usual install folders an IDE started from the Dock does not see) whose
// `node --version` is at least the sidecar's minimum. File checks and running `node --version` are
// injected, so the policy is tested without touching the machine.
package com.wave.jetbrains.core

import java.io.File
import java.util.concurrent.TimeUnit

data class NodeVersion(val major: Int, val minor: Int, val patch: Int) : Comparable<NodeVersion> {
    override fun compareTo(other: NodeVersion) =
        compareValuesBy(this, other, NodeVersion::major, NodeVersion::minor, NodeVersion::patch)

    override fun toString() = "v$major.$minor.$patch"

    companion object {
        private val PATTERN = Regex("""^\s*v?(\d+)\.(\d+)\.(\d+)(?:[-+][0-9A-Za-z.+-]*)?\s*$""")

        /** Parses `node --version` output such as `v20.17.0` (a pre-release suffix is allowed). */
        fun parse(text: String): NodeVersion? {
            val m = PATTERN.matchEntire(text) ?: return null
            val (a, b, c) = m.destructured
            return NodeVersion(a.toIntOrNull() ?: return null, b.toIntOrNull() ?: return null, c.toIntOrNull() ?: return null)
        }

        /** The sidecar's `engines.node` (root package.json: `>=20.17`). */
        val MINIMUM = NodeVersion(20, 17, 0)
    }
}

sealed class NodeLookup {
    data class Found(val path: String, val version: NodeVersion) : NodeLookup()

    /** [message] is ready to show to the user; [rejected] lists each candidate tried and why. */
    data class NotFound(val message: String, val rejected: List<String>) : NodeLookup()
}

class NodeLocator(
    private val windows: Boolean,
    /** True when [path] is an existing, executable regular file. */
    private val isExecutable: (path: String) -> Boolean,
    /** The output of `<path> --version`, or null when it could not be run. */
    private val versionOf: (path: String) -> String?,
    private val minimum: NodeVersion = NodeVersion.MINIMUM,
) {
    /**
     * [configured] (from the plugin's settings or `WAVE_NODE`) wins and is the only candidate when
     * set: silently using another Node than the one asked for would be a surprise. Otherwise the
     * directories of [pathEnv] in order, then [extraDirs].
     */
    fun locate(configured: String?, pathEnv: String?, extraDirs: List<String> = defaultExtraDirs()): NodeLookup {
        val explicit = configured?.trim()?.removeSurrounding("\"")?.takeIf { it.isNotEmpty() }
        val candidates = if (explicit != null) listOf(explicit) else candidates(pathEnv, extraDirs)
        val rejected = ArrayList<String>()
        for (path in candidates) {
            if (!isExecutable(path)) {
                if (explicit != null) rejected += "$path: not an executable file"
                continue
            }
            val output = versionOf(path)
            val version = output?.let(NodeVersion::parse)
            when {
                output == null -> rejected += "$path: `--version` could not be run"
                version == null -> rejected += "$path: unexpected `--version` output \"${output.trim().take(60)}\""
                version < minimum -> rejected += "$path: $version is older than $minimum"
                else -> return NodeLookup.Found(path, version)
            }
        }
        val message = when {
            explicit != null -> "The configured Node.js ($explicit) cannot run Wave: ${rejected.joinToString("; ")}."
            rejected.isEmpty() -> "Wave needs Node.js $minimum or newer, and no `node` was found on PATH. " +
                "Install Node.js or set its path in Settings | Tools | Wave."
            else -> "Wave needs Node.js $minimum or newer: ${rejected.joinToString("; ")}. " +
                "Install a newer Node.js or set its path in Settings | Tools | Wave."
        }
        return NodeLookup.NotFound(message, rejected)
    }

    /** The `node` executable in each PATH directory, then in [extraDirs], without repeats. */
    fun candidates(pathEnv: String?, extraDirs: List<String>): List<String> {
        val separator = if (windows) ';' else ':'
        val dirs = (pathEnv ?: "").split(separator).map { it.trim().removeSurrounding("\"") }.filter { it.isNotEmpty() } + extraDirs
        val name = if (windows) "node.exe" else "node"
        val slash = if (windows) "\\" else "/"
        val seen = LinkedHashSet<String>()
        for (dir in dirs) seen += dir.trimEnd('/', '\\') + slash + name
        return seen.toList()
    }

    /** Usual install folders missing from the PATH of an IDE started outside a shell. */
    fun defaultExtraDirs(home: String? = System.getProperty("user.home")): List<String> =
        if (windows) listOfNotNull(System.getenv("ProgramFiles")?.let { "$it\\nodejs" })
        else listOfNotNull("/opt/homebrew/bin", "/usr/local/bin", "/usr/bin", home?.let { "$it/.volta/bin" })

    companion object {
        /** The real machine: [File.canExecute] and a `--version` run limited to five seconds. */
        fun forThisMachine(windows: Boolean = File.separatorChar == '\\') = NodeLocator(
            windows = windows,
            isExecutable = { path -> File(path).let { it.isFile && it.canExecute() } },
            versionOf = ::runVersion,
        )

        fun runVersion(path: String): String? = try {
            val process = ProcessBuilder(path, "--version").redirectErrorStream(true).start()
            process.outputStream.close()
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly()
                null
            } else {
                process.inputStream.readBytes().toString(Charsets.UTF_8).takeIf { process.exitValue() == 0 }
            }
        } catch (e: Exception) {
            null
        }
    }
}
