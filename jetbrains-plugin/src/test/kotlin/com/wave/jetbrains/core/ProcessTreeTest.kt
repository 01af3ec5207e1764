// Stopping the sidecar ends what it started, tested with real processes: `sh` stands for the
// sidecar and a `sleep` it started for a hook still running when the project closes. The
// supervisor's timers run on a virtual clock; every wait is on a process event. Skipped where there
// is no /bin/sh (Windows).
package com.wave.jetbrains.core

import java.io.File
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

class ProcessTreeTest {
    private val sh = File("/bin/sh").takeIf { it.canExecute() }?.path
    private val readyLine = """{"ready":{"url":"http://127.0.0.1:1/?token=t","port":1,"token":"t"}}"""

    /** The hook's PID (printed on stderr), then the ready line, then [rest]. */
    private fun sidecarScript(prelude: String, rest: String) = "$prelude sleep 300 & echo \$! >&2; printf '%s\\n' \"\$1\"; $rest"

    private class Rig(command: List<String>) {
        val scheduler = ManualScheduler()
        val stderr = LinkedBlockingQueue<String>()
        val ready = LinkedBlockingQueue<Ready>()
        val launched = CopyOnWriteArrayList<SidecarProcess>()
        val supervisor = SidecarSupervisor(
            spec = { LaunchSpec(command, File(".").absolutePath) },
            listener = object : SidecarListener {
                override fun onReady(ready: Ready) { this@Rig.ready.put(ready) }
                override fun onHostLine(line: String) = Unit
                override fun onStderr(line: String) { stderr.put(line) }
            },
            launcher = { spec -> JdkProcessLauncher.launch(spec).also { launched += it } },
            scheduler = scheduler,
        )

        /** Starts the sidecar; returns the hook's process once the ready line came. */
        fun start(): ProcessHandle {
            supervisor.start(); scheduler.advance(0)
            val pid = stderr.take().trim().toLong()
            ready.take()
            return ProcessHandle.of(pid).orElseThrow { AssertionFailed("the hook $pid is not running") }
        }
    }

    /**
     * Waits until [process] has ended. A killed orphan stays a zombie until PID 1 reaps it, and
     * `isAlive` (with `onExit`, which polls it) counts a zombie as running: in a container whose
     * PID 1 reaps every few seconds that wait was 1.5 s a test. A zombie has ended (its exit status
     * is all that is left), so the state in `/proc` says so at once where there is one.
     */
    private fun awaitEnd(process: ProcessHandle, what: String) {
        val limit = System.nanoTime() + TimeUnit.SECONDS.toNanos(60) // a hang guard only
        while (process.isAlive && !isZombie(process)) {
            if (System.nanoTime() > limit) fail("$what still running")
            Thread.sleep(10)
        }
    }

    /** Linux: the process's state letter in /proc/<pid>/stat is Z (exited, not yet reaped). */
    private fun isZombie(process: ProcessHandle): Boolean =
        runCatching { File("/proc/${process.pid()}/stat").readText().substringAfterLast(") ").startsWith("Z") }.getOrDefault(false)

    fun `a sidecar that ignores stdin and SIGTERM is killed with its hook`() {
        val sh = sh ?: return
        val rig = Rig(listOf(sh, "-c", sidecarScript("trap '' TERM;", "wait"), "sh", readyLine))
        val hook = rig.start()
        val sidecar = rig.launched.single()
        rig.supervisor.stop()
        rig.scheduler.advance(1_500) // SIGTERM: ignored by both
        assertTrue(sidecar.isAlive && hook.isAlive, "both still running after the SIGTERM they ignore")
        rig.scheduler.advance(3_500)
        awaitEnd(hook, "the hook")
        sidecar.waitFor()
        assertTrue(!sidecar.isAlive, "the sidecar still running")
    }

    fun `a hook left running by a sidecar that exited on its own is ended too`() {
        val sh = sh ?: return
        val rig = Rig(listOf(sh, "-c", sidecarScript("", "read line; exit 0"), "sh", readyLine))
        val hook = rig.start()
        val sidecar = rig.launched.single()
        rig.supervisor.stop() // stdin closed: the sidecar exits, its hook stays behind
        assertEquals(0, sidecar.waitFor(), "the sidecar's exit code")
        assertTrue(hook.isAlive, "the orphaned hook runs on until the last step")
        rig.scheduler.advance(5_000)
        awaitEnd(hook, "the orphaned hook")
    }

    fun `without a gentle termination the descendants go with the first step`() {
        val sh = sh ?: return
        val parent = ProcessBuilder(sh, "-c", "sleep 300 & echo \$!; wait").start()
        val child = ProcessHandle.of(parent.inputStream.bufferedReader().readLine().trim().toLong()).get()
        val tree = ProcessTree(parent.toHandle(), normalTermination = false)
        tree.terminate()
        awaitEnd(child, "the child")
        parent.waitFor()
        assertEquals(emptyList<ProcessHandle>(), tree.aliveDescendants().filterNot(::isZombie), "descendants left running")
    }

    fun `a gentle termination leaves the descendants to the parent until the kill`() {
        val sh = sh ?: return
        val parent = ProcessBuilder(sh, "-c", "trap '' TERM; sleep 300 & echo \$!; wait").start()
        val child = ProcessHandle.of(parent.inputStream.bufferedReader().readLine().trim().toLong()).get()
        val tree = ProcessTree(parent.toHandle(), normalTermination = true)
        tree.terminate()
        assertTrue(child.isAlive, "the child is not signalled by a gentle termination")
        assertEquals(listOf(child.pid()), tree.aliveDescendants().map { it.pid() }, "remembered")
        tree.kill()
        awaitEnd(child, "the child")
        parent.waitFor()
    }
}
