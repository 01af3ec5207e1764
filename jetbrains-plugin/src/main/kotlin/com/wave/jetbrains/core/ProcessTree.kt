// Stopping the sidecar stops everything it started (jetbrains-plugin/README.md, "What the zip
// holds"): its hook processes and background shells are its descendants, and a forced kill of Node
// alone (always the case on Windows, where there is no gentle termination) would leave them
// running. The descendants are remembered while the sidecar is alive (a child whose parent died is
// no longer listed), so they can be ended after the sidecar is gone. A remembered handle whose
// process ended is never signalled again, even if its PID was reused (ProcessHandle compares start
// times).
package com.wave.jetbrains.core

class ProcessTree(
    private val root: ProcessHandle,
    /** False on Windows: `destroy()` is a forced kill there, so the descendants go at once too. */
    private val normalTermination: Boolean = root.supportsNormalTermination(),
) {
    private val known = LinkedHashMap<Long, ProcessHandle>()

    /** Adds the root's current descendants (children, grandchildren, …) to the remembered ones. */
    fun remember() = synchronized(known) {
        if (root.isAlive) root.descendants().forEach { known.putIfAbsent(it.pid(), it) }
    }

    /** The remembered descendants still running, oldest first. */
    fun aliveDescendants(): List<ProcessHandle> = synchronized(known) { known.values.filter { it.isAlive } }

    /**
     * Asks the root to exit (SIGTERM), and the descendants too where that is already a forced kill
     * of the root: Node would not get the chance to end its hooks itself.
     */
    fun terminate() {
        remember()
        root.destroy()
        if (!normalTermination) aliveDescendants().forEach { it.destroyForcibly() }
    }

    /** Kills the root and every remembered descendant still running. */
    fun kill() {
        remember()
        root.destroyForcibly()
        aliveDescendants().forEach { it.destroyForcibly() }
    }
}
