// The ready line `wave serve` prints first on stdout (`ReadyLine` in sidecar/src/server/protocol.ts):
// `{"ready":{"url":"http://127.0.0.1:PORT/?token=…","port":PORT,"token":"…"}}`, and the URL each
// JCEF view loads from it (`&view=chat|settings&theme=dark|light&lang=zh-CN|en`).
package com.wave.jetbrains.core

import java.net.URLEncoder
import java.nio.charset.StandardCharsets

data class Ready(val url: String, val port: Int, val token: String) {
    /** Never print the token into logs. */
    override fun toString() = "Ready(port=$port)"
}

object ReadyLines {
    /**
     * The ready line's content, or null when [line] is not a ready line. The URL must be the
     * sidecar's own loopback address on [Ready.port]: a JCEF view never loads anything else.
     */
    fun parse(line: String): Ready? {
        val root = try { JsonReader.parse(line) } catch (e: JsonSyntaxException) { return null }
        val ready = ((root as? Json.JsonObject)?.fields?.get("ready") as? Json.JsonObject)?.fields ?: return null
        val url = (ready["url"] as? Json.JsonString)?.value ?: return null
        val port = (ready["port"] as? Json.JsonNumber)?.asInt()?.takeIf { it in 1..65535 } ?: return null
        val token = (ready["token"] as? Json.JsonString)?.value?.takeIf { it.isNotEmpty() } ?: return null
        val loopback = listOf("http://127.0.0.1:$port/", "http://localhost:$port/")
        if (loopback.none { url.startsWith(it) }) return null
        return Ready(url, port, token)
    }
}

enum class View(val param: String) { CHAT("chat"), SETTINGS("settings") }

enum class Theme(val param: String) {
    DARK("dark"), LIGHT("light");

    companion object {
        /** From the IDE's look and feel (`JBColor.isBright()` in the platform layer). */
        fun of(bright: Boolean) = if (bright) LIGHT else DARK
    }
}

enum class UiLang(val param: String) {
    ZH_CN("zh-CN"), EN("en");

    companion object {
        /** The UI speaks Chinese and English: any Chinese IDE locale → zh-CN, everything else → en. */
        fun ofLanguage(language: String): UiLang = if (language.lowercase().startsWith("zh")) ZH_CN else EN
    }
}

object UiUrls {
    /** [Ready.url] (which carries `?token=`) plus the view, theme and language, before any `#`. */
    fun of(ready: Ready, view: View, theme: Theme, lang: UiLang): String {
        val hashAt = ready.url.indexOf('#')
        val base = if (hashAt >= 0) ready.url.substring(0, hashAt) else ready.url
        val fragment = if (hashAt >= 0) ready.url.substring(hashAt) else ""
        val sep = when {
            !base.contains('?') -> "?"
            base.endsWith("?") || base.endsWith("&") -> ""
            else -> "&"
        }
        val query = listOf("view" to view.param, "theme" to theme.param, "lang" to lang.param)
            .joinToString("&") { (k, v) -> "$k=${URLEncoder.encode(v, StandardCharsets.UTF_8)}" }
        return base + sep + query + fragment
    }
}
