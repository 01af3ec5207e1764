// A view's URL changes: a theme change is pushed into the page, anything else loads (ReadyLine.kt);
// and two projects' sidecars give each view its own address and token.
package com.wave.jetbrains.core

class ViewUpdatesTest {
    private val one = Ready("http://127.0.0.1:40001/?token=aaa", 40001, "aaa")
    private val two = Ready("http://127.0.0.1:40002/?token=bbb", 40002, "bbb")

    fun `the first URL and a new sidecar load, the same URL does nothing`() {
        val dark = UiUrls.of(one, View.CHAT, Theme.DARK, UiLang.EN)
        assertEquals(ViewUpdate.Load(dark), ViewUpdates.next(null, dark))
        assertEquals(ViewUpdate.None, ViewUpdates.next(dark, dark))
        val restarted = UiUrls.of(one.copy(url = "http://127.0.0.1:40001/?token=ccc", token = "ccc"), View.CHAT, Theme.DARK, UiLang.EN)
        assertEquals(ViewUpdate.Load(restarted), ViewUpdates.next(dark, restarted))
        val chinese = UiUrls.of(one, View.CHAT, Theme.DARK, UiLang.ZH_CN)
        assertEquals(ViewUpdate.Load(chinese), ViewUpdates.next(dark, chinese))
    }

    fun `a theme change is pushed into the page, which keeps its state`() {
        val dark = UiUrls.of(one, View.SETTINGS, Theme.DARK, UiLang.EN)
        val light = UiUrls.of(one, View.SETTINGS, Theme.LIGHT, UiLang.EN)
        val update = ViewUpdates.next(dark, light)
        assertEquals(ViewUpdate.Push(light, ViewUpdates.themeScript(Theme.LIGHT)), update)
        val script = (update as ViewUpdate.Push).script
        assertTrue(script.startsWith("document.documentElement.dataset.theme='light';"), script)
        assertTrue("searchParams.set('theme','light')" in script, script)
    }

    fun `two projects' sidecars, each view loads its own sidecar with its own token`() {
        val urls = listOf(one, two).associateWith { UiUrls.of(it, View.CHAT, Theme.LIGHT, UiLang.EN) }
        assertEquals("http://127.0.0.1:40001/?token=aaa&view=chat&theme=light&lang=en", urls[one])
        assertEquals("http://127.0.0.1:40002/?token=bbb&view=chat&theme=light&lang=en", urls[two])
        // A view of one project never reuses the other's address: switching sidecars is a load.
        assertEquals(ViewUpdate.Load(urls[two]!!), ViewUpdates.next(urls[one], urls[two]!!))
        val parsed = listOf(
            """{"ready":{"url":"http://127.0.0.1:40001/?token=aaa","port":40001,"token":"aaa"}}""",
            """{"ready":{"url":"http://127.0.0.1:40002/?token=bbb","port":40002,"token":"bbb"}}""",
        ).map { ReadyLines.parse(it)!! }
        assertEquals(listOf(one, two), parsed)
    }
}
