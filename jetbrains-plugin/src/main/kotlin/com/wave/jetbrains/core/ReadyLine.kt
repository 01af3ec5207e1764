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

/** What a view does when its URL changes ([ViewUpdates.next]). */
sealed interface ViewUpdate {
    data object None : ViewUpdate

    /** A new sidecar, view or language: load [url]. */
    data class Load(val url: String) : ViewUpdate

    /** Only the theme changed: run [script] in the page, which keeps its state and the composer its draft. */
    data class Push(val url: String, val script: String) : ViewUpdate
}

object ViewUpdates {
    /** From the URL a view shows ([loaded], null before the first) to [next] (UiUrls.of). */
    fun next(loaded: String?, next: String): ViewUpdate {
        if (loaded == next) return ViewUpdate.None
        if (loaded == null || withoutTheme(loaded) != withoutTheme(next)) return ViewUpdate.Load(next)
        val theme = themeOf(next) ?: return ViewUpdate.Load(next)
        return ViewUpdate.Push(next, themeScript(theme))
    }

    /**
     * Sets the page's theme (`data-theme` on the root element, as webui/src/main.tsx does from
     * `?theme=`) and the address's `theme=`, so a reload of the page keeps it.
     */
    fun themeScript(theme: Theme): String =
        "document.documentElement.dataset.theme='${theme.param}';" +
            "(function(){var u=new URL(location.href);u.searchParams.set('theme','${theme.param}');history.replaceState(history.state,'',u.toString());})();"

    private val THEME = Regex("([?&])theme=([^&#]*)")

    private fun withoutTheme(url: String) = THEME.replace(url, "$1theme=")

    private fun themeOf(url: String) = THEME.find(url)?.groupValues?.get(2)?.let { p -> Theme.entries.firstOrNull { it.param == p } }
}
