// Host requests (jetbrains-plugin/README.md, "Host requests and their order"): what the sidecar
// asks of the IDE shell, one JSON object per stdout line after the ready line. Mirrors `HostRequest` in sidecar/src/server/protocol.ts; the golden lines in
// test/fixtures/host-requests/ are written by the sidecar and decoded by this file's tests.
package com.wave.jetbrains.core

sealed class HostRequest {
    /**
     * Open [path] (absolute, resolved by the sidecar) in a native editor tab, with the caret at the
     * start of [line] (1-based) when given: "Open at line N" of a settings file that is not valid JSON.
     */
    data class OpenFile(val path: String, val line: Int? = null) : HostRequest()

    /** Close (dispose) the settings editor tab, after every earlier [OpenFile] was handed over. */
    data object CloseSettings : HostRequest()

    /** Bring the chat tool window to the front. */
    data object ShowChat : HostRequest()

    /** Show [message] (with an optional [title]) as an IDE balloon of the "Wave" notification group. */
    data class Notify(val title: String?, val message: String, val level: NotifyLevel) : HostRequest()
}

/** `level` of a `notify` request; absent means [INFO]. */
enum class NotifyLevel(val wire: String) {
    INFO("info"), WARNING("warning"), ERROR("error");

    companion object {
        fun of(wire: String): NotifyLevel? = entries.firstOrNull { it.wire == wire }
    }
}

/** The outcome of decoding one line: a request, or why the line was refused. */
sealed class Decoded {
    data class Ok(val request: HostRequest) : Decoded()
    data class Invalid(val reason: String) : Decoded()
}

object HostRequests {
    /**
     * Decodes one stdout line. Unknown extra keys are ignored (the sidecar may add some later);
     * an unknown `host`, a missing or relative path, or anything that is not one JSON object is
     * refused with a reason, so the caller can log it and go on with the next line.
     */
    fun decode(line: String): Decoded {
        val json = try {
            JsonReader.parse(line)
        } catch (e: JsonSyntaxException) {
            return Decoded.Invalid("not JSON (${e.message}): ${preview(line)}")
        }
        val fields = (json as? Json.JsonObject)?.fields
            ?: return Decoded.Invalid("not a JSON object: ${preview(line)}")
        val host = (fields["host"] as? Json.JsonString)?.value
            ?: return Decoded.Invalid("no \"host\" string: ${preview(line)}")
        return when (host) {
            "openFile" -> openFile(fields)
            "closeSettings" -> Decoded.Ok(HostRequest.CloseSettings)
            "showChat" -> Decoded.Ok(HostRequest.ShowChat)
            "notify" -> notify(fields)
            else -> Decoded.Invalid("unknown host request \"$host\"")
        }
    }

    /** `{"host":"openFile","path":string,"line"?:number}`: an absolute path; a line, when present, a whole number from 1. */
    private fun openFile(fields: Map<String, Json>): Decoded {
        val path = (fields["path"] as? Json.JsonString)?.value
            ?: return Decoded.Invalid("openFile without a \"path\" string")
        if (path.indexOf('\u0000') >= 0) return Decoded.Invalid("openFile path contains NUL")
        if (!Paths.isAbsolute(path)) return Decoded.Invalid("openFile path is not absolute: $path")
        val line = when (val l = fields["line"]) {
            null, Json.JsonNull -> null
            is Json.JsonNumber -> l.asInt()?.takeIf { it >= 1 }
                ?: return Decoded.Invalid("openFile line is not a whole number from 1: ${preview(l.text)} (in $path)")
            else -> return Decoded.Invalid("openFile \"line\" is not a number (in $path)")
        }
        return Decoded.Ok(HostRequest.OpenFile(path, line))
    }

    /** `{"host":"notify","title"?:string,"message":string,"level"?:"info"|"warning"|"error"}`. */
    private fun notify(fields: Map<String, Json>): Decoded {
        val message = (fields["message"] as? Json.JsonString)?.value
            ?: return Decoded.Invalid("notify without a \"message\" string")
        if (message.isBlank()) return Decoded.Invalid("notify with an empty message")
        val title = when (val t = fields["title"]) {
            null, Json.JsonNull -> null
            is Json.JsonString -> t.value.takeIf { it.isNotBlank() }
            else -> return Decoded.Invalid("notify \"title\" is not a string")
        }
        val level = when (val l = fields["level"]) {
            null, Json.JsonNull -> NotifyLevel.INFO
            is Json.JsonString -> NotifyLevel.of(l.value)
                ?: return Decoded.Invalid("notify level \"${l.value}\" is not info, warning or error")
            else -> return Decoded.Invalid("notify \"level\" is not a string")
        }
        return Decoded.Ok(HostRequest.Notify(title, message, level))
    }

    private fun preview(line: String) = if (line.length <= 120) line else line.take(120) + "…"
}

/** Path rules shared by the decoder and the platform layer (pure string work, OS passed in). */
object Paths {
    private val DRIVE = Regex("^[A-Za-z]:[\\\\/].*", RegexOption.DOT_MATCHES_ALL)

    /** POSIX `/…`, Windows `C:\…` / `C:/…`, or a UNC `\\server\share…` path. */
    fun isAbsolute(path: String): Boolean =
        path.startsWith("/") || DRIVE.matches(path) || path.startsWith("\\\\")

    /**
     * The path as the IntelliJ VFS wants it (forward slashes). Only on Windows is a backslash a
     * separator; on macOS and Linux it is an ordinary file-name character and must stay.
     */
    fun toVfsPath(path: String, windows: Boolean): String = if (windows) path.replace('\\', '/') else path
}
