package com.wave.jetbrains.core

import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

class HostDispatcherTest {
    /** The EDT, by hand: posted runnables wait until [runAll]. */
    private class FakeEdt {
        val posted = ArrayList<Runnable>()
        fun post(r: Runnable) { posted += r }
        fun runAll() { while (posted.isNotEmpty()) posted.removeAt(0).run() }
    }

    /**
     * A pretend IDE: a settings tab that a close disposes, and a log of what was done. Using a
     * disposed tab, or opening a file while not on the (fake) EDT loop, fails the test.
     */
    private class FakeIde(val files: Set<String> = emptySet()) : HostActions {
        val log = ArrayList<String>()
        var settingsOpen = true
        var settingsDisposedCount = 0
        var onOpen: (String) -> Unit = {}
        var failOpen: String? = null

        val refreshed = java.util.Collections.synchronizedList(ArrayList<String>())

        override fun refresh(path: String) { refreshed += "$path on ${Thread.currentThread().name}" }

        override fun openFile(path: String, line: Int?): Boolean {
            if (path == failOpen) throw IllegalStateException("editor manager refused")
            onOpen(path)
            log += "open $path" + (line?.let { " at line $it" } ?: "")
            return path in files
        }

        override fun closeSettings(): Boolean {
            if (!settingsOpen) { log += "close (none open)"; return false }
            settingsOpen = false
            settingsDisposedCount++
            log += "close"
            return true
        }

        override fun showChat() { log += "chat" }

        override fun notify(title: String?, message: String, level: NotifyLevel) { log += "notify ${level.wire} $title: $message" }
    }

    private fun line(r: HostRequest) = when (r) {
        is HostRequest.OpenFile -> """{"host":"openFile","path":${JsonText.quote(r.path)}""" + (r.line?.let { ""","line":$it}""" } ?: "}")
        HostRequest.CloseSettings -> """{"host":"closeSettings"}"""
        HostRequest.ShowChat -> """{"host":"showChat"}"""
        is HostRequest.Notify -> """{"host":"notify","message":${JsonText.quote(r.message)},"level":"${r.level.wire}"}"""
    }

    fun `a file is refreshed on the submitting thread before its open is queued for the EDT`() {
        val edt = FakeEdt()
        val ide = FakeIde(files = setOf("/new"))
        val d = HostDispatcher(ide, edt::post) { fail("report: $it") }
        val reader = Thread({ d.submitLine(line(HostRequest.OpenFile("/new"))); d.submitLine(line(HostRequest.CloseSettings)) }, "stdout reader")
        reader.start(); reader.join()
        assertEquals(listOf("/new on stdout reader"), ide.refreshed, "refreshed off the EDT")
        assertEquals(emptyList<String>(), ide.log, "nothing applied before the EDT runs")
        edt.runAll()
        assertEquals(listOf("open /new", "close"), ide.log)
    }

    fun `applies notify in order with the other requests`() {
        val edt = FakeEdt()
        val ide = FakeIde(files = setOf("/a"))
        val d = HostDispatcher(ide, edt::post) { fail("report: $it") }
        d.submitLine(line(HostRequest.OpenFile("/a")))
        d.submitLine("""{"host":"notify","title":"Hooks","message":"3 hooks ran","level":"warning"}""")
        d.submitLine(line(HostRequest.CloseSettings))
        d.submitLine(line(HostRequest.Notify(null, "done", NotifyLevel.INFO)))
        edt.runAll()
        assertEquals(listOf("open /a", "notify warning Hooks: 3 hooks ran", "close", "notify info null: done"), ide.log)
    }

    fun `applies requests on the EDT in the order written`() {
        val edt = FakeEdt()
        val ide = FakeIde(files = setOf("/a", "/b"))
        val d = HostDispatcher(ide, edt::post) { fail("report: $it") }
        d.submitLine(line(HostRequest.OpenFile("/a")))
        d.submitLine(line(HostRequest.CloseSettings))
        d.submitLine(line(HostRequest.ShowChat))
        assertEquals(emptyList<String>(), ide.log, "nothing before the EDT runs")
        assertEquals(1, edt.posted.size, "one drain posted for the batch")
        edt.runAll()
        assertEquals(listOf("open /a", "close", "chat"), ide.log)
    }

    fun `close waits for an open that pumps the EDT while it opens`() {
        val edt = FakeEdt()
        val ide = FakeIde(files = setOf("/a", "/b"))
        val d = HostDispatcher(ide, edt::post) { fail("report: $it") }
        // FileEditorManager may pump events while it opens: whatever was posted runs inside openFile.
        ide.onOpen = { path ->
            if (path == "/a") {
                d.submit(HostRequest.CloseSettings)
                d.submit(HostRequest.OpenFile("/b"))
                d.drain() // a nested drain, as the posted runnable would do
                edt.runAll()
                assertEquals(listOf<String>(), ide.log, "nothing overtook the open in progress")
            }
        }
        d.submit(HostRequest.OpenFile("/a"))
        edt.runAll()
        assertEquals(listOf("open /a", "close", "open /b"), ide.log)
    }

    fun `a failing or missing open never blocks the close`() {
        val edt = FakeEdt()
        val ide = FakeIde(files = setOf("/ok")).apply { failOpen = "/boom" }
        val reports = ArrayList<String>()
        val d = HostDispatcher(ide, edt::post) { reports += it }
        listOf(HostRequest.OpenFile("/boom"), HostRequest.OpenFile("/missing"), HostRequest.OpenFile("/ok"), HostRequest.CloseSettings, HostRequest.ShowChat).forEach(d::submit)
        edt.runAll()
        assertEquals(listOf("open /missing", "open /ok", "close", "chat"), ide.log)
        assertEquals(2, reports.size, "reports")
        assertTrue(reports[0].contains("openFile /boom") && reports[0].contains("editor manager refused"), reports[0])
        assertTrue(reports[1].contains("/missing") && reports[1].contains("no such file"), reports[1])
    }

    fun `close is idempotent`() {
        val edt = FakeEdt()
        val ide = FakeIde()
        val d = HostDispatcher(ide, edt::post) { fail("report: $it") }
        d.submit(HostRequest.CloseSettings); d.submit(HostRequest.CloseSettings); d.submit(HostRequest.CloseSettings)
        edt.runAll()
        assertEquals(listOf("close"), ide.log, "adjacent duplicates applied once")
        d.submit(HostRequest.CloseSettings)
        edt.runAll()
        assertEquals(listOf("close", "close (none open)"), ide.log, "closing with no tab open does nothing")
        assertEquals(1, ide.settingsDisposedCount, "the tab was disposed once")
    }

    fun `requests after the settings tab was disposed are still applied`() {
        val edt = FakeEdt()
        val ide = FakeIde(files = setOf("/a", "/b"))
        val d = HostDispatcher(ide, edt::post) { fail("report: $it") }
        listOf(HostRequest.OpenFile("/a"), HostRequest.CloseSettings, HostRequest.ShowChat, HostRequest.OpenFile("/b"), HostRequest.ShowChat).forEach(d::submit)
        edt.runAll()
        assertEquals(listOf("open /a", "close", "chat", "open /b", "chat"), ide.log)
        assertTrue(!ide.settingsOpen)
    }

    fun `nothing is applied once the project is disposed`() {
        val edt = FakeEdt()
        val ide = FakeIde(files = setOf("/a"))
        val reports = ArrayList<String>()
        val d = HostDispatcher(ide, edt::post) { reports += it }
        d.submit(HostRequest.OpenFile("/a"))
        d.submit(HostRequest.CloseSettings)
        d.dispose()
        edt.runAll()
        d.submit(HostRequest.ShowChat)
        d.submitLine("""{"host":"nonsense"}""")
        d.drain()
        edt.runAll()
        assertEquals(emptyList<String>(), ide.log)
        assertEquals(emptyList<String>(), reports)
        assertTrue(d.isDisposed())
    }

    fun `a dispose between two requests stops the rest`() {
        val edt = FakeEdt()
        val ide = FakeIde(files = setOf("/a"))
        lateinit var d: HostDispatcher
        ide.onOpen = { d.dispose() }
        d = HostDispatcher(ide, edt::post) { }
        d.submit(HostRequest.OpenFile("/a")); d.submit(HostRequest.CloseSettings)
        edt.runAll()
        assertEquals(listOf("open /a"), ide.log)
    }

    fun `refused lines are reported and skipped without disturbing the order`() {
        val edt = FakeEdt()
        val ide = FakeIde(files = setOf("/a"))
        val reports = ArrayList<String>()
        val d = HostDispatcher(ide, edt::post) { reports += it }
        d.submitLine(line(HostRequest.OpenFile("/a")))
        d.submitLine("""{"host":"openFile","path":"relative.json"}""")
        d.submitLine("garbage")
        d.submitLine(line(HostRequest.CloseSettings))
        edt.runAll()
        assertEquals(listOf("open /a", "close"), ide.log)
        assertEquals(2, reports.size, "reports")
        assertTrue(reports.all { it.startsWith("Ignored a host request") }, reports.toString())
    }

    fun `an openFile with a line opens the file at that line and a bad line is refused and reported`() {
        val edt = FakeEdt()
        val ide = FakeIde(files = setOf("/a"))
        val reports = ArrayList<String>()
        val d = HostDispatcher(ide, edt::post) { reports += it }
        d.submitLine(line(HostRequest.OpenFile("/a", 4)))
        d.submitLine("""{"host":"openFile","path":"/a","line":0}""")
        d.submitLine(line(HostRequest.OpenFile("/a")))
        edt.runAll()
        assertEquals(listOf("open /a at line 4", "open /a"), ide.log)
        assertEquals(1, reports.size, "reports")
        assertTrue(reports[0].contains("line is not a whole number from 1: 0"), reports[0])
    }

    fun `posts a new drain only when the previous one finished`() {
        val edt = FakeEdt()
        val ide = FakeIde(files = setOf("/a"))
        val d = HostDispatcher(ide, edt::post) { }
        d.submit(HostRequest.ShowChat); d.submit(HostRequest.ShowChat)
        assertEquals(1, edt.posted.size)
        edt.runAll()
        d.submit(HostRequest.ShowChat)
        assertEquals(1, edt.posted.size, "a fresh drain after the queue emptied")
        edt.runAll()
        assertEquals(3, ide.log.size)
    }

    fun `keeps the order with a real reader thread and a real EDT thread`() {
        val edtThread = Executors.newSingleThreadExecutor()
        val files = (0 until 3000).map { "/f$it" }.toSet()
        val ide = FakeIde(files = files)
        val d = HostDispatcher(ide, { r -> edtThread.execute(r) }) { fail("report: $it") }
        val expected = ArrayList<String>()
        val reader = Thread {
            for (i in 0 until 3000) {
                d.submitLine(line(HostRequest.OpenFile("/f$i"))); expected += "open /f$i"
                if (i % 7 == 0) { d.submitLine(line(HostRequest.CloseSettings)); expected += if (expected.contains("close")) "close (none open)" else "close" }
            }
        }
        reader.start(); reader.join()
        val done = CountDownLatch(1)
        edtThread.execute { done.countDown() }
        assertTrue(done.await(10, TimeUnit.SECONDS), "EDT drained")
        edtThread.shutdown()
        assertEquals(expected, ide.log)
    }
}
