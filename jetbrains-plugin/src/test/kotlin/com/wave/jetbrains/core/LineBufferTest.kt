package com.wave.jetbrains.core

class LineBufferTest {
    private fun lines(maxLineBytes: Int = 1 shl 20, overflows: MutableList<Long> = ArrayList(), feed: (LineBuffer) -> Unit): List<String> {
        val out = ArrayList<String>()
        val buffer = LineBuffer(maxLineBytes, { overflows += it }) { out += it }
        feed(buffer)
        return out
    }

    fun `cuts lines at newlines across chunks`() {
        val got = lines { b ->
            b.feed("ab".toByteArray()); b.feed("c\nde".toByteArray()); b.feed("\n\nf".toByteArray()); b.finish()
        }
        assertEquals(listOf("abc", "de", "", "f"), got)
    }

    fun `never emits a partial line before its newline or the end`() {
        assertEquals(emptyList<String>(), lines { b -> b.feed("no newline yet".toByteArray()) })
    }

    fun `finish without pending bytes emits nothing`() {
        assertEquals(listOf("a"), lines { b -> b.feed("a\n".toByteArray()); b.finish() })
    }

    fun `drops the CR of a CRLF but keeps other CRs`() {
        assertEquals(listOf("a", "b\rc", ""), lines { b -> b.feed("a\r\nb\rc\n\r\n".toByteArray()) })
    }

    fun `keeps multi byte characters split across chunks intact`() {
        val text = "项目/钩子 🎣 é\n"
        val bytes = text.toByteArray(Charsets.UTF_8)
        for (cut in 1 until bytes.size) {
            val got = lines { b -> b.feed(bytes, 0, cut); b.feed(bytes, cut, bytes.size - cut) }
            assertEquals(listOf("项目/钩子 🎣 é"), got, "cut at $cut")
        }
        assertEquals(listOf("项目/钩子 🎣 é"), lines { b -> bytes.forEach { x -> b.feed(byteArrayOf(x)) } })
    }

    fun `does not treat U+2028 or U+0085 as line breaks`() {
        assertEquals(listOf("a\u2028b\u2029c\u0085d"), lines { b -> b.feed("a\u2028b\u2029c\u0085d\n".toByteArray()) })
    }

    fun `replaces malformed UTF-8 instead of failing`() {
        val got = lines { b -> b.feed(byteArrayOf('a'.code.toByte(), 0xC3.toByte(), '\n'.code.toByte(), 0xFF.toByte(), '\n'.code.toByte())) }
        assertEquals(listOf("a\uFFFD", "\uFFFD"), got)
    }

    fun `drops an over-long line whole and goes on with the next`() {
        val overflows = ArrayList<Long>()
        val got = lines(maxLineBytes = 8, overflows = overflows) { b ->
            b.feed("short\n0123".toByteArray()); b.feed("456789abc".toByteArray()); b.feed("def\nok\n".toByteArray())
        }
        assertEquals(listOf("short", "ok"), got)
        assertEquals(listOf(16L), overflows, "dropped bytes")
    }

    fun `honours offset and length`() {
        val bytes = "xxa\nbyy".toByteArray()
        assertEquals(listOf("a", "b"), lines { b -> b.feed(bytes, 2, 3); b.finish() })
    }
}
