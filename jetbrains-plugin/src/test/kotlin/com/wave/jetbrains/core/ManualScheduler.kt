// Timers on a virtual clock for the supervisor's tests (SidecarSupervisorTest, ProcessTreeTest).
package com.wave.jetbrains.core

/** Timers on a virtual clock, run by [advance] on the test thread; reader threads are real. */
internal class ManualScheduler : Scheduler {
    private class Task(val at: Long, val run: () -> Unit) { @Volatile var cancelled = false }
    private val tasks = ArrayList<Task>()
    @Volatile var now = 0L
    override fun schedule(delayMs: Long, task: () -> Unit): () -> Unit {
        val t = Task(now + delayMs, task)
        synchronized(tasks) { tasks += t }
        return { t.cancelled = true }
    }
    override fun thread(name: String, task: () -> Unit) { Thread(task, name).apply { isDaemon = true }.start() }
    fun advance(ms: Long) {
        val target = now + ms
        while (true) {
            val next = synchronized(tasks) {
                tasks.removeAll { it.cancelled }
                tasks.filter { it.at <= target }.minByOrNull { it.at }?.also { tasks.remove(it) }
            } ?: break
            now = next.at
            next.run()
        }
        now = target
    }
    fun pendingDelays() = synchronized(tasks) { tasks.filter { !it.cancelled }.map { it.at - now }.sorted() }
}
