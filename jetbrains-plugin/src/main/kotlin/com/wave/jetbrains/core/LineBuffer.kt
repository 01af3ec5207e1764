// Turns the sidecar's stdout bytes, arriving in chunks of any size, into text lines. Lines are cut
// at the byte 0x0A, which never occurs inside a multi-byte UTF-8 sequence, and only a complete line
// is decoded, so a character split across two chunks is never damaged. JSON.stringify escapes
// U+000A inside strings, so one host request is always one line (U+2028/U+2029 stay raw and are
// not line breaks here).
package com.wave.jetbrains.core

import java.io.ByteArrayOutputStream
import java.nio.ByteBuffer
import java.nio.charset.CodingErrorAction
import java.nio.charset.StandardCharsets

class LineBuffer(
    /** Longer lines are dropped whole (reported through [onOverflow]), not buffered without end. */
    private val maxLineBytes: Int = 8 * 1024 * 1024,
    private val onOverflow: (droppedBytes: Long) -> Unit = {},
    private val onLine: (String) -> Unit,
) {
    private val pending = ByteArrayOutputStream()
    private var dropping = false
    private var droppedBytes = 0L

    /** Feeds [length] bytes of [bytes] from [offset]; calls `onLine` for every line completed. */
    fun feed(bytes: ByteArray, offset: Int = 0, length: Int = bytes.size - offset) {
        var start = offset
        val end = offset + length
        var i = offset
        while (i < end) {
            if (bytes[i] == NL) {
                append(bytes, start, i - start)
                completeLine()
                start = i + 1
            }
            i++
        }
        append(bytes, start, end - start)
    }

    /** At end of stream: the last line when it had no final newline, else nothing. */
    fun finish() {
        if (pending.size() > 0 || dropping) completeLine()
    }

    private fun append(bytes: ByteArray, offset: Int, length: Int) {
        if (length == 0) return
        if (dropping) { droppedBytes += length; return }
        if (pending.size() + length > maxLineBytes) {
            droppedBytes = pending.size().toLong() + length
            pending.reset()
            dropping = true
            return
        }
        pending.write(bytes, offset, length)
    }

    private fun completeLine() {
        if (dropping) {
            onOverflow(droppedBytes)
            dropping = false
            droppedBytes = 0
            return
        }
        var bytes = pending.toByteArray()
        pending.reset()
        if (bytes.isNotEmpty() && bytes.last() == CR) bytes = bytes.copyOf(bytes.size - 1)
        onLine(decode(bytes))
    }

    /** Malformed UTF-8 becomes U+FFFD rather than an exception: the line is then refused by the decoder. */
    private fun decode(bytes: ByteArray): String =
        StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE)
            .decode(ByteBuffer.wrap(bytes))
            .toString()

    private companion object {
        const val NL: Byte = 0x0A
        const val CR: Byte = 0x0D
    }
}
