// Where a line the sidecar writes on stderr goes in the IDE log (jetbrains-plugin/README.md,
// "Troubleshooting"): its chatter (refused requests of other pages, notes) at debug level, and what
// reads like a failure (an error, a crash and its stack) as a warning, so the log of a healthy
// project stays quiet.
package com.wave.jetbrains.core

object SidecarLog {
    enum class Level { DEBUG, WARN }

    private val FAILURE = Regex("""\b(error|errors|failed|failure|fatal|cannot|could not|unhandled|exception|crash(ed)?|ENOENT|EACCES)\b""", RegexOption.IGNORE_CASE)

    fun levelOf(line: String): Level =
        if (FAILURE.containsMatchIn(line) || line.trimStart().startsWith("at ")) Level.WARN else Level.DEBUG
}
