// Runs `wave serve` for one project: starts it, reads the ready line and then the host requests from
// stdout (and diagnostics from stderr), restarts it with [RestartBackoff] when it dies, and stops it
// when the project closes. Processes, threads, timers and the clock are injected; the JDK versions
// below are what the plugin uses.
package com.wave.jetbrains.core

import java.io.File
import java.io.InputStream
import java.util.ArrayDeque
import java.util.concurrent.CountDownLatch
import java.util.concurrent.ScheduledThreadPoolExecutor
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean

data class LaunchSpec(val command: List<String>, val workdir: String, val env: Map<String, String> = emptyMap())

/** The sidecar cannot be started at all (no suitable Node, no sidecar files): retrying will not help. */
class SidecarSetupException(message: String) : Exception(message)

interface SidecarProcess {
    val stdout: InputStream
    val stderr: InputStream
    val isAlive: Boolean
    fun closeStdin()
    /** Asks the process to exit (SIGTERM where there is one). */
    fun destroy()

    /** Kills the process and every process it started that is still running ([ProcessTree]). */
    fun destroyForcibly()
    fun waitFor(): Int
}

fun interface ProcessLauncher {
    fun launch(spec: LaunchSpec): SidecarProcess
}

interface Scheduler {
    /** Runs [task] after [delayMs] on a background thread; the result cancels it. */
    fun schedule(delayMs: Long, task: () -> Unit): () -> Unit

    /** Runs a blocking [task] (a stream reader) on a thread of its own. */
    fun thread(name: String, task: () -> Unit)
}

/** Callbacks arrive on background threads; host lines arrive one at a time, in stdout order. */
interface SidecarListener {
    fun onReady(ready: Ready)
    fun onHostLine(line: String)
    fun onStderr(line: String) {}

    /** Something went wrong that the sidecar did not say itself (no ready line, an over-long line). */
    fun onWarning(message: String) = onStderr(message)

    /** The sidecar stopped or could not start; [restartInMs] is null when no restart will follow. */
    fun onStopped(reason: String, restartInMs: Long?, quickFailures: Int) {}
}

class SidecarSupervisor(
    /** Computed before each start (finds Node, builds the command); may throw [SidecarSetupException]. */
    private val spec: () -> LaunchSpec,
    private val listener: SidecarListener,
    private val launcher: ProcessLauncher = JdkProcessLauncher,
    private val scheduler: Scheduler = JvmScheduler(),
    private val clock: () -> Long = System::currentTimeMillis,
    private val backoff: RestartBackoff = RestartBackoff(),
    private val readyTimeoutMs: Long = 30_000,
) {
    private val lock = Any()
    private var generation = 0
    private var started = false
    private var stopped = false
    private var process: SidecarProcess? = null
    private var pendingRestart: (() -> Unit)? = null
    private var readyTimeout: (() -> Unit)? = null

    /** Starts the sidecar in the background (once; later calls do nothing). */
    fun start() {
        val gen = synchronized(lock) {
            if (started || stopped) return
            started = true
            generation
        }
        scheduler.schedule(0) { launch(gen) }
    }

    /** Stops the running sidecar (if any) and starts a fresh one now, e.g. after a settings change. */
    fun restart() {
        val (old, gen) = synchronized(lock) {
            if (stopped) return
            started = true
            cancelTimersLocked()
            backoff.reset()
            (process to ++generation).also { process = null }
        }
        old?.let(::terminate)
        scheduler.schedule(0) { launch(gen) }
    }

    /** Stops for good: no restart, no more callbacks, the process is asked to exit then killed. */
    fun stop() {
        val old = synchronized(lock) {
            if (stopped) return
            stopped = true
            generation++
            cancelTimersLocked()
            process.also { process = null }
        }
        old?.let(::terminate)
    }

    private fun cancelTimersLocked() {
        pendingRestart?.invoke(); pendingRestart = null
        readyTimeout?.invoke(); readyTimeout = null
    }

    private fun current(gen: Int) = synchronized(lock) { !stopped && gen == generation }

    private fun launch(gen: Int) {
        if (!current(gen)) return
        val launchSpec = try {
            spec()
        } catch (e: Exception) {
            if (current(gen)) safely { listener.onStopped(e.message ?: e.toString(), null, 0) }
            return
        }
        val proc = try {
            launcher.launch(launchSpec)
        } catch (e: Exception) {
            ended(gen, 0, "could not start ${launchSpec.command.firstOrNull()}: ${e.message}")
            return
        }
        val startedAt = clock()
        synchronized(lock) {
            if (stopped || gen != generation) null else { process = proc; proc }
        } ?: return terminate(proc)

        val tail = ArrayDeque<String>()
        val stderrDone = CountDownLatch(1)
        val readySeen = AtomicBoolean(false)
        val timeout = scheduler.schedule(readyTimeoutMs) {
            if (current(gen) && !readySeen.get()) {
                safely { listener.onWarning("no ready line after ${readyTimeoutMs / 1000} s: stopping the sidecar") }
                proc.destroyForcibly()
            }
        }
        synchronized(lock) { if (gen == generation) readyTimeout = timeout else timeout() }

        scheduler.thread("Wave sidecar stderr") {
            pump(proc.stderr) { line ->
                synchronized(tail) { tail.addLast(line); if (tail.size > 20) tail.removeFirst() }
                if (current(gen)) safely { listener.onStderr(line) }
            }
            stderrDone.countDown()
        }
        scheduler.thread("Wave sidecar stdout") {
            pump(proc.stdout) { line ->
                when {
                    !current(gen) -> Unit
                    readySeen.get() -> safely { listener.onHostLine(line) }
                    else -> when (val ready = ReadyLines.parse(line)) {
                        null -> safely { listener.onWarning("stdout before the ready line: ${line.take(200)}") }
                        else -> {
                            readySeen.set(true)
                            synchronized(lock) { readyTimeout?.invoke(); readyTimeout = null }
                            safely { listener.onReady(ready) }
                        }
                    }
                }
            }
            val code = try { proc.waitFor() } catch (e: InterruptedException) { -1 }
            stderrDone.await(2, TimeUnit.SECONDS)
            val last = synchronized(tail) { tail.toList() }.takeLast(5)
            val detail = if (last.isEmpty()) "" else ":\n" + last.joinToString("\n")
            ended(gen, clock() - startedAt, "the sidecar exited with code $code$detail")
        }
    }

    /** A run ended (or failed to start): schedule the next start unless stopped or superseded. */
    private fun ended(gen: Int, uptimeMs: Long, reason: String) {
        val (delay, failures) = synchronized(lock) {
            if (stopped || gen != generation) return
            process = null
            readyTimeout?.invoke(); readyTimeout = null
            backoff.delayAfter(uptimeMs) to backoff.quickFailures
        }
        val cancel = scheduler.schedule(delay) { launch(gen) }
        synchronized(lock) { if (gen == generation && !stopped) pendingRestart = cancel else cancel() }
        safely { listener.onStopped(reason, delay, failures) }
    }

    /**
     * Asks the process to exit (stdin closed: `--exit-with-stdin`), then terminates, then kills it
     * with what it started: the last step runs even when the sidecar has exited, for the hooks it
     * may have left behind.
     */
    private fun terminate(proc: SidecarProcess) {
        safely { proc.closeStdin() }
        scheduler.schedule(1_500) { if (proc.isAlive) proc.destroy() }
        scheduler.schedule(5_000) { proc.destroyForcibly() }
    }

    private fun pump(input: InputStream, onLine: (String) -> Unit) {
        val lines = LineBuffer(onOverflow = { n -> safely { listener.onWarning("dropped an over-long output line ($n bytes)") } }, onLine = onLine)
        val chunk = ByteArray(8192)
        try {
            while (true) {
                val n = input.read(chunk)
                if (n < 0) break
                lines.feed(chunk, 0, n)
            }
        } catch (e: java.io.IOException) {
            // the stream closed under us: the process is gone
        }
        lines.finish()
    }

    private inline fun safely(block: () -> Unit) {
        try { block() } catch (e: Exception) { /* a listener failure must not kill the reader */ }
    }
}

/**
 * [ProcessBuilder]: stdin stays an open pipe (for `--exit-with-stdin`), stdout and stderr are read;
 * stopping ends the process tree ([ProcessTree]), whose descendants are remembered from the moment
 * stdin is closed.
 */
object JdkProcessLauncher : ProcessLauncher {
    override fun launch(spec: LaunchSpec): SidecarProcess {
        val builder = ProcessBuilder(spec.command).directory(File(spec.workdir))
        builder.environment().putAll(spec.env)
        val p = builder.start()
        val tree = ProcessTree(p.toHandle())
        return object : SidecarProcess {
            override val stdout: InputStream get() = p.inputStream
            override val stderr: InputStream get() = p.errorStream
            override val isAlive get() = p.isAlive
            override fun closeStdin() { tree.remember(); p.outputStream.close() }
            override fun destroy() = tree.terminate()
            override fun destroyForcibly() = tree.kill()
            override fun waitFor() = p.waitFor()
        }
    }
}

/** One daemon timer thread (it ends when idle) and daemon reader threads. */
class JvmScheduler : Scheduler {
    private val timer = ScheduledThreadPoolExecutor(1) { r -> Thread(r, "Wave sidecar timer").apply { isDaemon = true } }.apply {
        removeOnCancelPolicy = true
        setKeepAliveTime(10, TimeUnit.SECONDS)
        allowCoreThreadTimeOut(true)
    }

    override fun schedule(delayMs: Long, task: () -> Unit): () -> Unit {
        val future = timer.schedule(task, delayMs, TimeUnit.MILLISECONDS)
        return { future.cancel(false) }
    }

    override fun thread(name: String, task: () -> Unit) {
        Thread(task, name).apply { isDaemon = true }.start()
    }
}
