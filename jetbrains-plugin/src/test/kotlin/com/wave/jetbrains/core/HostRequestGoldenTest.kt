// The golden lines in test/fixtures/host-requests/*.jsonl are written by the sidecar's HostChannel
// (generate.test.ts checks them byte for byte); here every line must decode to the same request.
// The bytes go through LineBuffer in chunks of every size, as they would arrive from the pipe.
package com.wave.jetbrains.core

import java.io.File
import kotlin.random.Random

class HostRequestGoldenTest {
    private fun open(path: String) = HostRequest.OpenFile(path)
    private val close = HostRequest.CloseSettings
    private val chat = HostRequest.ShowChat

    /** Keep in step with SEQUENCES in test/fixtures/host-requests/generate.test.ts. */
    private val expected: Map<String, List<HostRequest>> = mapOf(
        "edit-hook.jsonl" to listOf(open("/home/wave/project/.wave/settings.json"), close, chat),
        "open-at-line.jsonl" to listOf(
            HostRequest.OpenFile("/home/wave/project/.wave/settings.json", 4),
            HostRequest.OpenFile("/home/wave/.wave/settings.json", 1),
        ),
        "create-hook.jsonl" to listOf(close, chat),
        "notify.jsonl" to listOf(
            HostRequest.Notify(null, "Hooks settings saved", NotifyLevel.INFO),
            HostRequest.Notify("Wave", "2 hooks failed: see the Runs view", NotifyLevel.ERROR),
            HostRequest.Notify("钩子", "line one\nline \"two\" <b>not bold</b> 🎣", NotifyLevel.WARNING),
            HostRequest.Notify(null, "done", NotifyLevel.INFO),
        ),
        "paths.jsonl" to listOf(
            open("/home/wave/My Project/.wave/settings.local.json"),
            open("/home/wave/项目/钩子 设置/settings.json"),
            open("/home/wave/emoji 🎣 dir/settings.json"),
            open("/tmp/quote \"double\" and 'single'/settings.json"),
            open("/tmp/back\\slash\\dir/settings.json"),
            open("/tmp/trailing backslash\\"),
            open("/tmp/tab\there/new\nline\r.json"),
            open("/tmp/ctl\u0001\u001f\u007f.json"),
            open("/tmp/line\u2028sep\u2029para.json"),
            open("/tmp/lone\uD800surrogate.json"),
            open("/tmp/slash/../dots/./a.json"),
            close,
            close,
            chat,
        ),
    )

    private fun fixtures(): List<File> =
        TestEnv.fixturesDir().listFiles { f -> f.name.endsWith(".jsonl") }.orEmpty().sortedBy { it.name }

    private fun decodeAll(bytes: ByteArray, chunk: (Int) -> Int): List<HostRequest> {
        val out = ArrayList<HostRequest>()
        val buffer = LineBuffer { line ->
            when (val d = HostRequests.decode(line)) {
                is Decoded.Ok -> out += d.request
                is Decoded.Invalid -> fail("refused a golden line ${show(line)}: ${d.reason}")
            }
        }
        var i = 0
        while (i < bytes.size) {
            val n = chunk(i).coerceIn(1, bytes.size - i)
            buffer.feed(bytes, i, n)
            i += n
        }
        buffer.finish()
        return out
    }

    fun `every fixture file has an expectation and the other way round`() {
        assertEquals(expected.keys.sorted(), fixtures().map { it.name }, "fixture files")
    }

    fun `every golden line decodes to the expected request`() {
        for (file in fixtures()) {
            val want = expected.getValue(file.name)
            assertEquals(want, decodeAll(file.readBytes()) { Int.MAX_VALUE }, file.name)
        }
    }

    fun `decoding does not depend on how the bytes were chunked`() {
        val random = Random(20240611)
        for (file in fixtures()) {
            val bytes = file.readBytes()
            val want = expected.getValue(file.name)
            assertEquals(want, decodeAll(bytes) { 1 }, "${file.name} byte by byte")
            repeat(50) { round -> assertEquals(want, decodeAll(bytes) { 1 + random.nextInt(7) }, "${file.name} round $round") }
        }
    }

    fun `the golden lines are single lines of UTF-8 ending with a newline`() {
        for (file in fixtures()) {
            val bytes = file.readBytes()
            assertTrue(bytes.isNotEmpty() && bytes.last() == '\n'.code.toByte(), "${file.name} ends with a newline")
            val text = bytes.toString(Charsets.UTF_8)
            assertEquals(expected.getValue(file.name).size, text.count { it == '\n' }, "${file.name} line count")
            assertTrue(!text.contains('\r'), "${file.name} has no raw CR")
        }
    }
}
