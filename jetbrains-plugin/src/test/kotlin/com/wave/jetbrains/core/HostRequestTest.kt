package com.wave.jetbrains.core

class HostRequestTest {
    private fun ok(line: String) = (HostRequests.decode(line) as? Decoded.Ok)?.request ?: fail("refused ${show(line)}: ${HostRequests.decode(line)}")
    private fun refused(line: String) = (HostRequests.decode(line) as? Decoded.Invalid)?.reason ?: fail("accepted ${show(line)}")

    fun `decodes the three requests`() {
        assertEquals(HostRequest.OpenFile("/a/b.json"), ok("""{"host":"openFile","path":"/a/b.json"}"""))
        assertEquals(HostRequest.CloseSettings, ok("""{"host":"closeSettings"}"""))
        assertEquals(HostRequest.ShowChat, ok("""{"host":"showChat"}"""))
    }

    fun `decodes notify with its optional title and level`() {
        assertEquals(HostRequest.Notify(null, "Saved", NotifyLevel.INFO), ok("""{"host":"notify","message":"Saved"}"""))
        assertEquals(
            HostRequest.Notify("Hooks", "2 hooks failed", NotifyLevel.ERROR),
            ok("""{"host":"notify","title":"Hooks","message":"2 hooks failed","level":"error"}"""),
        )
        assertEquals(HostRequest.Notify(null, "x", NotifyLevel.WARNING), ok("""{"level":"warning","message":"x","title":"","host":"notify"}"""))
        assertEquals(HostRequest.Notify(null, "x", NotifyLevel.INFO), ok("""{"host":"notify","message":"x","title":null,"level":null}"""))
    }

    fun `refuses notify without a message or with a wrong title or level`() {
        assertTrue(refused("""{"host":"notify"}""").contains("message"))
        assertTrue(refused("""{"host":"notify","message":"  "}""").contains("empty"))
        assertTrue(refused("""{"host":"notify","message":7}""").contains("message"))
        assertTrue(refused("""{"host":"notify","message":"m","title":1}""").contains("title"))
        assertTrue(refused("""{"host":"notify","message":"m","level":"debug"}""").contains("not info, warning or error"))
        assertTrue(refused("""{"host":"notify","message":"m","level":2}""").contains("level"))
    }

    fun `decodes openFile with an optional line from 1`() {
        assertEquals(HostRequest.OpenFile("/a/b.json", 4), ok("""{"host":"openFile","path":"/a/b.json","line":4}"""))
        assertEquals(HostRequest.OpenFile("/a/b.json", 1), ok("""{"line":1,"host":"openFile","path":"/a/b.json"}"""))
        assertEquals(HostRequest.OpenFile("/a/b.json", null), ok("""{"host":"openFile","path":"/a/b.json","line":null}"""))
        assertEquals(HostRequest.OpenFile("/a/b.json", Int.MAX_VALUE), ok("""{"host":"openFile","path":"/a/b.json","line":2147483647}"""))
    }

    fun `refuses an openFile line that is not a whole number from 1, naming it and the file`() {
        for (bad in listOf("0", "-3", "4.5", "4.0", "1e2", "2147483648", "99999999999999999999")) {
            val reason = refused("""{"host":"openFile","path":"/a/b.json","line":$bad}""")
            assertTrue(reason.contains("line is not a whole number from 1: $bad") && reason.contains("/a/b.json"), reason)
        }
        for (bad in listOf("\"4\"", "true", "[4]", "{}")) {
            val reason = refused("""{"host":"openFile","path":"/a/b.json","line":$bad}""")
            assertTrue(reason.contains("\"line\" is not a number") && reason.contains("/a/b.json"), reason)
        }
        // The path is checked first: a relative path with a good line is still refused for its path.
        assertTrue(refused("""{"host":"openFile","path":"a.json","line":3}""").contains("not absolute"))
    }

    fun `ignores keys it does not know and key order`() {
        assertEquals(HostRequest.OpenFile("/x"), ok("""{"path":"/x","extra":{"n":[1]},"host":"openFile"}"""))
        assertEquals(HostRequest.ShowChat, ok("""{"host":"showChat","path":"/ignored"}"""))
    }

    fun `accepts Windows and UNC absolute paths`() {
        assertEquals(HostRequest.OpenFile("C:\\Users\\me\\.wave\\settings.json"), ok("""{"host":"openFile","path":"C:\\Users\\me\\.wave\\settings.json"}"""))
        assertEquals(HostRequest.OpenFile("d:/work/a.json"), ok("""{"host":"openFile","path":"d:/work/a.json"}"""))
        assertEquals(HostRequest.OpenFile("\\\\server\\share\\a.json"), ok("""{"host":"openFile","path":"\\\\server\\share\\a.json"}"""))
    }

    fun `refuses relative home and empty paths`() {
        for (path in listOf("a.json", "./a.json", "../a.json", "~/.wave/settings.json", "~", "", "C:relative", "C:")) {
            val line = """{"host":"openFile","path":${JsonText.quote(path)}}"""
            assertTrue(refused(line).contains("not absolute"), "reason for ${show(path)}")
        }
    }

    fun `refuses malformed requests with a reason`() {
        assertTrue(refused("""{"host":"openFile"}""").contains("path"))
        assertTrue(refused("""{"host":"openFile","path":42}""").contains("path"))
        assertTrue(refused("""{"host":"openFile","path":"/a\u0000b"}""").contains("NUL"))
        assertTrue(refused("""{"host":"reboot"}""").contains("unknown host request \"reboot\""))
        assertTrue(refused("""{"host":7}""").contains("host"))
        assertTrue(refused("""{}""").contains("host"))
        assertTrue(refused("""["openFile"]""").contains("not a JSON object"))
        assertTrue(refused("""{"host":"showChat"""").contains("not JSON"))
        assertTrue(refused("").contains("not JSON"))
        assertTrue(refused("""{"ready":{"url":"http://127.0.0.1:1/","port":1,"token":"t"}}""").contains("host"))
    }

    fun `previews long refused lines`() {
        val reason = refused("x".repeat(10_000))
        assertTrue(reason.length < 400, "reason is short")
    }

    fun `makes VFS paths with forward slashes on Windows only`() {
        assertEquals("C:/Users/me/a.json", Paths.toVfsPath("C:\\Users\\me\\a.json", windows = true))
        assertEquals("/tmp/back\\slash/a.json", Paths.toVfsPath("/tmp/back\\slash/a.json", windows = false))
    }
}

/** JSON string quoting for building test lines (what JSON.stringify does for strings). */
object JsonText {
    fun quote(s: String): String = buildString {
        append('"')
        for (c in s) when {
            c == '"' -> append("\\\"")
            c == '\\' -> append("\\\\")
            c == '\n' -> append("\\n")
            c == '\r' -> append("\\r")
            c == '\t' -> append("\\t")
            c < ' ' -> append("\\u%04x".format(c.code))
            else -> append(c)
        }
        append('"')
    }
}
