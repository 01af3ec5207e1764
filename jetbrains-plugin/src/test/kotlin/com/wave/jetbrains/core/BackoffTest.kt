package com.wave.jetbrains.core

class BackoffTest {
    fun `doubles from half a second up to thirty seconds`() {
        val b = RestartBackoff()
        val delays = List(10) { b.delayAfter(uptimeMs = 100) }
        assertEquals(listOf(500L, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000), delays)
        assertEquals(10, b.quickFailures, "quick failures")
    }

    fun `starts again after a healthy minute`() {
        val b = RestartBackoff()
        repeat(5) { b.delayAfter(1_000) }
        assertEquals(500L, b.delayAfter(60_000), "after a healthy run")
        assertEquals(0, b.quickFailures, "quick failures after a healthy run")
        assertEquals(1_000L, b.delayAfter(59_999), "a short run after it")
        assertEquals(1, b.quickFailures, "quick failures")
    }

    fun `reset forgets the failures`() {
        val b = RestartBackoff()
        repeat(3) { b.delayAfter(0) }
        b.reset()
        assertEquals(500L, b.delayAfter(0))
    }
}
