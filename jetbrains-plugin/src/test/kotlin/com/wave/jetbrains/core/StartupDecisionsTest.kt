// Small decisions of the platform layer made here: when the sidecar starts at project open, how a
// stderr line is logged, what a view does without JCEF.
package com.wave.jetbrains.core

import java.io.File

class StartupDecisionsTest {
    private val project = File("/work/p").path
    private fun settings(name: String) = File(File(project, ".wave"), name).path

    fun `the sidecar starts at project open only for a Wave project or an open chat`() {
        assertTrue(!StartPolicy.atProjectOpen(project, chatWasOpen = false, exists = { false }), "plain project: on first use")
        assertTrue(StartPolicy.atProjectOpen(project, chatWasOpen = true, exists = { false }), "the chat was open")
        assertTrue(StartPolicy.atProjectOpen(project, chatWasOpen = false, exists = { it == settings("settings.json") }), "settings.json")
        assertTrue(StartPolicy.atProjectOpen(project, chatWasOpen = false, exists = { it == settings("settings.local.json") }), "settings.local.json")
        assertTrue(!StartPolicy.atProjectOpen(null, chatWasOpen = false, exists = { true }), "no project folder")
    }

    fun `sidecar stderr chatter is debug, failures are warnings`() {
        assertEquals(SidecarLog.Level.DEBUG, SidecarLog.levelOf("wave serve: refused GET /favicon.ico: no token"))
        assertEquals(SidecarLog.Level.DEBUG, SidecarLog.levelOf("wave serve: --workdir was relative; using /work/p"))
        assertEquals(SidecarLog.Level.WARN, SidecarLog.levelOf("wave serve: the chat session could not start: no model"))
        assertEquals(SidecarLog.Level.WARN, SidecarLog.levelOf("Error: Cannot find module './chunks/x.js'"))
        assertEquals(SidecarLog.Level.WARN, SidecarLog.levelOf("    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)"))
    }

    fun `a missing JCEF plugin, an unsupported JCEF or a failing one give the fallback`() {
        assertEquals(BrowserOutcome.Opened("view"), EmbeddedBrowser.open { "view" })
        assertEquals(BrowserOutcome.Missing(EmbeddedBrowser.UNSUPPORTED), EmbeddedBrowser.open<String> { null })
        val missing = NoClassDefFoundError("com/intellij/ui/jcef/JBCefApp")
        assertEquals(BrowserOutcome.Missing(EmbeddedBrowser.NO_PLUGIN, missing), EmbeddedBrowser.open<String> { throw missing })
        val failed = EmbeddedBrowser.open<String> { throw IllegalStateException("CEF init failed") }
        assertTrue(failed is BrowserOutcome.Missing && "CEF init failed" in failed.reason, failed.toString())
    }
}
