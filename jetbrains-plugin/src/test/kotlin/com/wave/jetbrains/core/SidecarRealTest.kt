// The whole chain against the real sidecar: Node discovery, `wave serve` started by the supervisor
// (JDK processes and threads), the ready line, then host requests asked over the sidecar's own
// WebSocket API and read back from its stdout by the dispatcher, in order. Skipped (reported, not
// counted) when Node >= 20.17 or the built sidecar (sidecar/dist) is not available.
package com.wave.jetbrains.core

import java.io.File
import java.net.URI
import java.net.http.HttpClient
import java.net.http.WebSocket
import java.nio.file.Files
import java.util.concurrent.CompletionStage
import java.util.concurrent.Executors
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

class SidecarRealTest {
    private class Events : SidecarListener {
        val ready = LinkedBlockingQueue<Ready>()
        val stopped = LinkedBlockingQueue<String>()
        var onLine: (String) -> Unit = {}
        override fun onReady(ready: Ready) { this.ready += ready }
        override fun onHostLine(line: String) = onLine(line)
        override fun onStopped(reason: String, restartInMs: Long?, quickFailures: Int) { stopped += reason }
    }

    private class Ide : HostActions {
        val log = LinkedBlockingQueue<String>()
        override fun openFile(path: String, line: Int?): Boolean { log += "open $path" + (line?.let { ":$it" } ?: ""); return true }
        override fun closeSettings(): Boolean { log += "close"; return true }
        override fun showChat() { log += "chat" }
        override fun notify(title: String?, message: String, level: NotifyLevel) { log += "notify $message" }
    }

    fun `runs wave serve and applies its host requests in order`() {
        val repo = TestEnv.repoRoot()
        val sidecar = repo?.let { File(it, "sidecar") }
        if (sidecar == null || !File(sidecar, "dist/cli/main.js").isFile) return skip("sidecar/dist is not built")
        val node = when (val found = NodeLocator.forThisMachine().locate(System.getenv("WAVE_NODE"), System.getenv("PATH"))) {
            is NodeLookup.Found -> found.path
            is NodeLookup.NotFound -> return skip(found.message)
        }
        val tmp = Files.createTempDirectory("wave-shell-test").toFile()
        val home = File(tmp, "home").apply { mkdirs() }
        val project = File(tmp, "my project 项目").apply { mkdirs() }
        val events = Events()
        val edt = Executors.newSingleThreadExecutor()
        val ide = Ide()
        val dispatcher = HostDispatcher(ide, { edt.execute(it) }) { fail("report: $it") }
        events.onLine = dispatcher::submitLine
        val env = mapOf("HOME" to home.path, "USERPROFILE" to home.path, "WAVE_TEST" to "1")
        val supervisor = SidecarSupervisor({ SidecarCommand.spec(node, sidecar.path, project.path, env = env) }, events)
        try {
            supervisor.start()
            val ready = events.ready.poll(30, TimeUnit.SECONDS) ?: fail("no ready line: ${events.stopped.toList()}")
            assertTrue(ready.url.startsWith("http://127.0.0.1:${ready.port}/?token="), "ready url")

            val socket = HttpClient.newHttpClient().newWebSocketBuilder()
                .header("Origin", "http://127.0.0.1:${ready.port}")
                .buildAsync(URI("ws://127.0.0.1:${ready.port}/ws?token=${ready.token}"), object : WebSocket.Listener {
                    override fun onText(webSocket: WebSocket, data: CharSequence, last: Boolean): CompletionStage<*>? {
                        webSocket.request(1)
                        return null
                    }
                })
                .get(10, TimeUnit.SECONDS)
            val path = File(project, ".wave/settings \"local\".json").path
            val requests = listOf(
                """{"type":"request","id":1,"method":"host.openFile","params":{"path":${JsonText.quote(path)},"line":7}}""",
                """{"type":"request","id":2,"method":"host.closeSettings","params":{}}""",
                """{"type":"request","id":3,"method":"host.showChat","params":{}}""",
            )
            for (r in requests) socket.sendText(r, true).get(5, TimeUnit.SECONDS)
            val got = List(3) { ide.log.poll(10, TimeUnit.SECONDS) ?: "(nothing)" }
            assertEquals(listOf("open $path:7", "close", "chat"), got)
            socket.abort()
        } finally {
            supervisor.stop()
            dispatcher.dispose()
            edt.shutdown()
        }
        val stillRunning = { ProcessHandle.current().descendants().anyMatch { p -> p.info().commandLine().orElse("").contains("wave.js") } }
        val deadline = System.currentTimeMillis() + 10_000
        while (stillRunning() && System.currentTimeMillis() < deadline) Thread.sleep(100)
        assertTrue(!stillRunning(), "the sidecar exited after stop")
        tmp.deleteRecursively()
    }

    private fun skip(why: String) = println("SKIP SidecarRealTest: $why")
}
