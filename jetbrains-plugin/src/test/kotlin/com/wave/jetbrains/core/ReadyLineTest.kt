package com.wave.jetbrains.core

class ReadyLineTest {
    private val line = """{"ready":{"url":"http://127.0.0.1:45583/?token=2GSm-x_Y","port":45583,"token":"2GSm-x_Y"}}"""

    fun `parses the line wave serve prints`() {
        assertEquals(Ready("http://127.0.0.1:45583/?token=2GSm-x_Y", 45583, "2GSm-x_Y"), ReadyLines.parse(line))
    }

    fun `never shows the token in toString`() {
        assertTrue(!ReadyLines.parse(line).toString().contains("2GSm"))
    }

    fun `accepts localhost on the same port`() {
        assertEquals(8, ReadyLines.parse("""{"ready":{"url":"http://localhost:8/?token=t","port":8,"token":"t"}}""")?.port)
    }

    fun `refuses anything that is not a loopback ready line`() {
        val bad = listOf(
            """{"ready":{"url":"http://evil.example:45583/?token=t","port":45583,"token":"t"}}""",
            """{"ready":{"url":"http://127.0.0.1:1/?token=t","port":45583,"token":"t"}}""",
            """{"ready":{"url":"http://127.0.0.1:45583@evil.example/","port":45583,"token":"t"}}""",
            """{"ready":{"url":"https://127.0.0.1:45583/?token=t","port":45583,"token":"t"}}""",
            """{"ready":{"url":"http://127.0.0.1:0/?token=t","port":0,"token":"t"}}""",
            """{"ready":{"url":"http://127.0.0.1:45583/?token=t","port":45583.5,"token":"t"}}""",
            """{"ready":{"url":"http://127.0.0.1:45583/?token=t","port":"45583","token":"t"}}""",
            """{"ready":{"url":"http://127.0.0.1:45583/?token=t","port":45583,"token":""}}""",
            """{"ready":{"url":"http://127.0.0.1:45583/?token=t","port":45583}}""",
            """{"ready":"http://127.0.0.1:45583/"}""",
            """{"host":"showChat"}""",
            "wave serve: listening",
            "",
        )
        for (l in bad) assertEquals(null, ReadyLines.parse(l), l)
    }

    fun `builds each view's URL after the token`() {
        val ready = ReadyLines.parse(line)!!
        assertEquals(
            "http://127.0.0.1:45583/?token=2GSm-x_Y&view=chat&theme=dark&lang=zh-CN",
            UiUrls.of(ready, View.CHAT, Theme.DARK, UiLang.ZH_CN),
        )
        assertEquals(
            "http://127.0.0.1:45583/?token=2GSm-x_Y&view=settings&theme=light&lang=en",
            UiUrls.of(ready, View.SETTINGS, Theme.LIGHT, UiLang.EN),
        )
    }

    fun `puts the query before a fragment and handles a URL without one`() {
        assertEquals("http://127.0.0.1:1/?view=chat&theme=dark&lang=en#x", UiUrls.of(Ready("http://127.0.0.1:1/#x", 1, "t"), View.CHAT, Theme.DARK, UiLang.EN))
        assertEquals("http://127.0.0.1:1/?a=1&view=chat&theme=dark&lang=en", UiUrls.of(Ready("http://127.0.0.1:1/?a=1", 1, "t"), View.CHAT, Theme.DARK, UiLang.EN))
    }

    fun `maps IDE locales and themes`() {
        assertEquals(UiLang.ZH_CN, UiLang.ofLanguage("zh"))
        assertEquals(UiLang.ZH_CN, UiLang.ofLanguage("ZH"))
        assertEquals(UiLang.EN, UiLang.ofLanguage("en"))
        assertEquals(UiLang.EN, UiLang.ofLanguage("ja"))
        assertEquals(UiLang.EN, UiLang.ofLanguage(""))
        assertEquals(Theme.LIGHT, Theme.of(bright = true))
        assertEquals(Theme.DARK, Theme.of(bright = false))
    }
}
