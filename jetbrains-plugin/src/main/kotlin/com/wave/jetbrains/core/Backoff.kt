// Restart delays for the sidecar: 0.5 s, 1 s, 2 s … doubling up to 30 s while it keeps dying early;
// a run that stayed up for a healthy minute starts the sequence again from 0.5 s.
package com.wave.jetbrains.core

class RestartBackoff(
    private val initialMs: Long = 500,
    private val maxMs: Long = 30_000,
    private val healthyMs: Long = 60_000,
) {
    init {
        require(initialMs > 0 && maxMs >= initialMs && healthyMs > 0)
    }

    private var nextMs = initialMs

    /** How many runs in a row ended before they were healthy. */
    var quickFailures = 0
        private set

    /** The delay before the next start, given how long the run that just ended was up. */
    fun delayAfter(uptimeMs: Long): Long {
        if (uptimeMs >= healthyMs) reset() else quickFailures++
        val delay = nextMs
        nextMs = (nextMs * 2).coerceAtMost(maxMs)
        return delay
    }

    fun reset() {
        nextMs = initialMs
        quickFailures = 0
    }
}
