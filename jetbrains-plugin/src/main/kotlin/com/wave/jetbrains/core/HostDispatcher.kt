// The ordering policy for host requests (jetbrains-plugin/README.md, "Host requests and their order").
//
// The settings page asks the sidecar to edit a hook; the sidecar writes `openFile` then
// `closeSettings` on stdout. Closing disposes the settings editor, so an `openFile` that reached the
// IDE through that editor after the close would be lost. Here nothing travels through the editor:
// this dispatcher belongs to the project and reads the sidecar's stdout, so
//   - requests are applied one at a time, on the EDT, strictly in the order they were written;
//   - `closeSettings` runs only after every earlier `openFile` was handed to the editor manager
//     (and a failing open never blocks the close, nor the requests after it);
//   - `closeSettings` is idempotent: closing when no settings tab is open does nothing, and
//     adjacent duplicates are applied once;
//   - a request that arrives after the settings tab was disposed is still applied (it is not the
//     tab's to receive), while after the project is disposed nothing is applied at all;
//   - a nested drain (the EDT pumping events while a file opens) never overtakes the request in
//     progress.
package com.wave.jetbrains.core

import java.util.ArrayDeque

/** What the IDE does for each request. Implemented by the platform layer; called on the EDT only, but [refresh]. */
interface HostActions {
    /**
     * Brings [path] up to date from disk (the sidecar may have created it a moment ago). Called on
     * the thread that submits the line (the stdout reader), never the EDT: a file system refresh
     * blocks. Requests stay in order, since the line is queued after it.
     */
    fun refresh(path: String) {}

    /** Opens [path] (already refreshed) in a native editor tab, at [line] (1-based) when given; false when there is no such file. */
    fun openFile(path: String, line: Int?): Boolean

    /** Closes and disposes every open settings editor tab; false when none was open. */
    fun closeSettings(): Boolean

    /** Activates the chat tool window. */
    fun showChat()

    /** Shows a balloon in the "Wave" notification group. */
    fun notify(title: String?, message: String, level: NotifyLevel)
}

class HostDispatcher(
    private val actions: HostActions,
    /** Runs a task later on the EDT, in submission order (`Application.invokeLater`). */
    private val onEdt: (Runnable) -> Unit,
    /** Problems worth telling the user or the log: refused lines, files that could not be opened. */
    private val report: (String) -> Unit,
) {
    private val lock = Any()
    private val queue = ArrayDeque<HostRequest>()
    private var drainPosted = false
    private var disposed = false
    private var draining = false // EDT-confined

    /** Decodes one stdout line and queues it; a refused line is reported and skipped. Any thread. */
    fun submitLine(line: String) {
        when (val decoded = HostRequests.decode(line)) {
            is Decoded.Ok -> {
                (decoded.request as? HostRequest.OpenFile)?.let { open ->
                    try { actions.refresh(open.path) } catch (e: Exception) { report("Could not refresh ${open.path}: ${e.message ?: e.javaClass.simpleName}") }
                }
                submit(decoded.request)
            }
            is Decoded.Invalid -> if (!isDisposed()) report("Ignored a host request from the sidecar: ${decoded.reason}")
        }
    }

    /** Queues [request] behind every request submitted before it. Any thread. */
    fun submit(request: HostRequest) {
        val post = synchronized(lock) {
            if (disposed) return
            queue.addLast(request)
            if (drainPosted) false else true.also { drainPosted = true }
        }
        if (post) onEdt(Runnable { drain() })
    }

    /** Applies every queued request in order. Runs on the EDT (posted by [submit]). */
    fun drain() {
        if (draining) return // re-entered while a request is being applied: the outer loop goes on
        draining = true
        try {
            while (true) {
                val next = synchronized(lock) {
                    val head = if (disposed) null else queue.pollFirst()
                    if (head == null) { queue.clear(); drainPosted = false }
                    if (head == HostRequest.CloseSettings) while (queue.peekFirst() == HostRequest.CloseSettings) queue.pollFirst()
                    head
                } ?: return
                apply(next)
            }
        } finally {
            draining = false
        }
    }

    /** The project is closing: drop what is queued and apply nothing from now on. Any thread. */
    fun dispose() {
        synchronized(lock) {
            disposed = true
            queue.clear()
        }
    }

    fun isDisposed() = synchronized(lock) { disposed }

    private fun apply(request: HostRequest) {
        try {
            when (request) {
                is HostRequest.OpenFile -> if (!actions.openFile(request.path, request.line)) report("Could not open ${request.path}: no such file.")
                HostRequest.CloseSettings -> actions.closeSettings()
                HostRequest.ShowChat -> actions.showChat()
                is HostRequest.Notify -> actions.notify(request.title, request.message, request.level)
            }
        } catch (e: Exception) {
            report("The IDE could not perform ${describe(request)}: ${e.message ?: e.javaClass.simpleName}")
        }
    }

    private fun describe(request: HostRequest) = when (request) {
        is HostRequest.OpenFile -> "openFile ${request.path}" + (request.line?.let { ":$it" } ?: "")
        HostRequest.CloseSettings -> "closeSettings"
        HostRequest.ShowChat -> "showChat"
        is HostRequest.Notify -> "notify"
    }
}
