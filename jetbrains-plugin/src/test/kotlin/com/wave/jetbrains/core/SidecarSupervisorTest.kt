package com.wave.jetbrains.core

import java.io.IOException
import java.io.InputStream
import java.util.concurrent.CountDownLatch
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

class SidecarSupervisorTest {
    /** A blocking stream fed by the test, chunk by chunk. */
    private class ChunkStream : InputStream() {
        private val chunks = LinkedBlockingQueue<ByteArray>()
        private var current = ByteArray(0)
        private var pos = 0
        fun push(bytes: ByteArray) = chunks.put(bytes)
        fun end() = chunks.put(EOF)
        override fun read(): Int {
            val one = ByteArray(1)
            return if (read(one, 0, 1) < 0) -1 else one[0].toInt() and 0xff
        }
        override fun read(b: ByteArray, off: Int, len: Int): Int {
            if (pos >= current.size) {
                current = chunks.take()
                pos = 0
                if (current === EOF) { chunks.put(EOF); return -1 }
            }
            val n = minOf(len, current.size - pos)
            System.arraycopy(current, pos, b, off, n)
            pos += n
            return n
        }
        companion object { val EOF = ByteArray(0) }
    }

    private class FakeProcess : SidecarProcess {
        override val stdout = ChunkStream()
        override val stderr = ChunkStream()
        private val exited = CountDownLatch(1)
        @Volatile var code = 0
        @Volatile var stdinClosed = false
        @Volatile var destroyed = false
        @Volatile var killed = false
        override val isAlive get() = exited.count > 0
        fun out(text: String) = stdout.push(text.toByteArray())
        fun err(text: String) = stderr.push(text.toByteArray())
        @Synchronized fun exit(code: Int) {
            if (!isAlive) return
            this.code = code; stdout.end(); stderr.end(); exited.countDown()
        }
        override fun closeStdin() { stdinClosed = true }
        override fun destroy() { destroyed = true; exit(143) }
        override fun destroyForcibly() { killed = true; exit(137) }
        override fun waitFor(): Int { exited.await(); return code }
    }


    private class Recorder : SidecarListener {
        val events = LinkedBlockingQueue<String>()
        override fun onReady(ready: Ready) { events += "ready ${ready.port}" }
        override fun onHostLine(line: String) { events += "host $line" }
        override fun onStderr(line: String) { events += "stderr $line" }
        override fun onStopped(reason: String, restartInMs: Long?, quickFailures: Int) { events += "stopped $restartInMs $quickFailures $reason" }

        fun next(): String = events.poll(5, TimeUnit.SECONDS) ?: fail("no event within 5 s")
        fun expect(prefix: String): String = next().also { assertTrue(it.startsWith(prefix), "expected \"$prefix…\" but got ${show(it)}") }
        fun expectNothing() { events.poll(300, TimeUnit.MILLISECONDS)?.let { fail("unexpected event ${show(it)}") } }
    }

    private class Rig(specError: (() -> String?)? = null, launchErrors: Int = 0) {
        val scheduler = ManualScheduler()
        val recorder = Recorder()
        val processes = ArrayList<FakeProcess>()
        var specs = 0
        private var failuresLeft = launchErrors
        val supervisor = SidecarSupervisor(
            spec = {
                specs++
                specError?.invoke()?.let { throw SidecarSetupException(it) }
                LaunchSpec(listOf("node", "wave.js", "serve"), "/project")
            },
            listener = recorder,
            launcher = {
                if (failuresLeft-- > 0) throw IOException("no such file")
                FakeProcess().also { synchronized(processes) { processes += it } }
            },
            scheduler = scheduler,
            clock = { scheduler.now },
        )
        fun proc(i: Int) = synchronized(processes) { processes[i] }
        fun launched() = synchronized(processes) { processes.size }
    }

    private val readyLine = """{"ready":{"url":"http://127.0.0.1:4100/?token=t","port":4100,"token":"t"}}""" + "\n"

    fun `reads the ready line then the host lines in order`() {
        val rig = Rig()
        rig.supervisor.start()
        rig.supervisor.start() // once only
        rig.scheduler.advance(0)
        assertEquals(1, rig.launched())
        val p = rig.proc(0)
        p.out(readyLine.substring(0, 20)); p.out(readyLine.substring(20))
        rig.recorder.expect("ready 4100")
        val open = """{"host":"openFile","path":"/项目/a.json"}""" + "\n"
        val bytes = (open + """{"host":"closeSettings"}""" + "\n").toByteArray()
        p.stdout.push(bytes.copyOfRange(0, 33)); p.stdout.push(bytes.copyOfRange(33, bytes.size))
        rig.recorder.expect("host {\"host\":\"openFile\",\"path\":\"/项目/a.json\"}")
        rig.recorder.expect("host {\"host\":\"closeSettings\"}")
        p.err("wave serve: listening\n")
        rig.recorder.expect("stderr wave serve: listening")
        rig.supervisor.stop()
    }

    fun `stdout before the ready line is a diagnostic, not a host request`() {
        val rig = Rig()
        rig.supervisor.start(); rig.scheduler.advance(0)
        rig.proc(0).out("{\"host\":\"showChat\"}\n$readyLine{\"host\":\"showChat\"}\n")
        rig.recorder.expect("stderr stdout before the ready line: {\"host\":\"showChat\"}")
        rig.recorder.expect("ready 4100")
        rig.recorder.expect("host {\"host\":\"showChat\"}")
        rig.supervisor.stop()
    }

    fun `restarts with a growing delay while it keeps dying and resets after a healthy minute`() {
        val rig = Rig()
        rig.supervisor.start(); rig.scheduler.advance(0)
        rig.proc(0).err("Error: boom\n")
        rig.recorder.expect("stderr Error: boom")
        rig.proc(0).exit(1)
        val stopped = rig.recorder.expect("stopped 500 1 the sidecar exited with code 1")
        assertTrue(stopped.endsWith("Error: boom"), "the last stderr lines explain the exit")
        rig.scheduler.advance(499)
        assertEquals(1, rig.launched(), "not yet")
        rig.scheduler.advance(1)
        assertEquals(2, rig.launched(), "restarted after 0.5 s")
        rig.proc(1).exit(1)
        rig.recorder.expect("stopped 1000 2 ")
        rig.scheduler.advance(1000)
        assertEquals(3, rig.launched())
        rig.proc(2).out(readyLine)
        rig.recorder.expect("ready")
        rig.scheduler.advance(60_000) // a healthy minute (the ready timeout was cancelled)
        rig.proc(2).exit(0)
        rig.recorder.expect("stopped 500 0 ")
        rig.supervisor.stop()
        assertEquals(emptyList<Long>(), rig.scheduler.pendingDelays(), "no restart pending after stop")
    }

    fun `stop asks the sidecar to exit, then terminates it, and never restarts`() {
        val rig = Rig()
        rig.supervisor.start(); rig.scheduler.advance(0)
        val p = rig.proc(0)
        p.out(readyLine)
        rig.recorder.expect("ready")
        rig.supervisor.stop()
        assertTrue(p.stdinClosed, "stdin closed first (--exit-with-stdin)")
        assertTrue(!p.destroyed, "not terminated at once")
        p.out("{\"host\":\"showChat\"}\n")
        rig.scheduler.advance(1_500)
        assertTrue(p.destroyed, "terminated after 1.5 s")
        rig.recorder.expectNothing()
        rig.scheduler.advance(60_000)
        assertEquals(1, rig.launched(), "no restart")
        rig.supervisor.start()
        rig.supervisor.restart()
        rig.scheduler.advance(1_000)
        assertEquals(1, rig.launched(), "stopped for good")
    }

    fun `a setup failure is reported once and retried only on restart`() {
        var error: String? = "Wave needs Node.js v20.17.0 or newer"
        val rig = Rig(specError = { error })
        rig.supervisor.start(); rig.scheduler.advance(0)
        rig.recorder.expect("stopped null 0 Wave needs Node.js v20.17.0 or newer")
        rig.scheduler.advance(120_000)
        assertEquals(1, rig.specs, "no retry")
        error = null
        rig.supervisor.restart(); rig.scheduler.advance(0)
        assertEquals(1, rig.launched(), "started after the restart")
        rig.supervisor.stop()
    }

    fun `a process that cannot be launched is retried with backoff`() {
        val rig = Rig(launchErrors = 2)
        rig.supervisor.start(); rig.scheduler.advance(0)
        rig.recorder.expect("stopped 500 1 could not start node: no such file")
        rig.scheduler.advance(500)
        rig.recorder.expect("stopped 1000 2 ")
        rig.scheduler.advance(1000)
        assertEquals(1, rig.launched())
        rig.supervisor.stop()
    }

    fun `no ready line within thirty seconds kills the process`() {
        val rig = Rig()
        rig.supervisor.start(); rig.scheduler.advance(0)
        rig.scheduler.advance(29_999)
        assertTrue(!rig.proc(0).killed)
        rig.scheduler.advance(1)
        rig.recorder.expect("stderr no ready line after 30 s")
        assertTrue(rig.proc(0).killed, "killed")
        rig.recorder.expect("stopped 500 1 the sidecar exited with code 137")
        rig.supervisor.stop()
    }

    fun `restart replaces the process and ignores the old one`() {
        val rig = Rig()
        rig.supervisor.start(); rig.scheduler.advance(0)
        val old = rig.proc(0)
        old.out(readyLine)
        rig.recorder.expect("ready")
        rig.supervisor.restart()
        assertTrue(old.stdinClosed, "the old sidecar was asked to exit")
        rig.scheduler.advance(0)
        assertEquals(2, rig.launched())
        old.out("{\"host\":\"showChat\"}\n")
        old.exit(0)
        rig.recorder.expectNothing()
        rig.proc(1).out(readyLine.replace("4100", "4200"))
        rig.recorder.expect("ready 4200")
        rig.supervisor.stop()
    }
}
