package com.wave.jetbrains.core

class NodeLocatorTest {
    /** A pretend machine: executable files and what `--version` prints for each. */
    private fun locator(windows: Boolean = false, versions: Map<String, String?>, calls: MutableList<String> = ArrayList()) =
        NodeLocator(
            windows = windows,
            isExecutable = { it in versions },
            versionOf = { calls += it; versions[it] },
        )

    fun `parses node versions`() {
        assertEquals(NodeVersion(20, 17, 0), NodeVersion.parse("v20.17.0\n"))
        assertEquals(NodeVersion(22, 1, 3), NodeVersion.parse("22.1.3"))
        assertEquals(NodeVersion(23, 0, 0), NodeVersion.parse("v23.0.0-nightly20240101abc"))
        assertEquals(null, NodeVersion.parse("v20"))
        assertEquals(null, NodeVersion.parse("node: command not found"))
        assertEquals(null, NodeVersion.parse(""))
        assertTrue(NodeVersion(20, 17, 0) > NodeVersion(20, 9, 9))
        assertTrue(NodeVersion(21, 0, 0) > NodeVersion(20, 99, 99))
    }

    fun `takes the first node on PATH that is new enough`() {
        val calls = ArrayList<String>()
        val found = locator(versions = mapOf("/usr/bin/node" to "v18.19.0", "/opt/n/bin/node" to "v20.17.0", "/late/node" to "v22.0.0"), calls = calls)
            .locate(null, "/nothing:/usr/bin::/opt/n/bin/:/late", extraDirs = emptyList())
        assertEquals(NodeLookup.Found("/opt/n/bin/node", NodeVersion(20, 17, 0)), found)
        assertEquals(listOf("/usr/bin/node", "/opt/n/bin/node"), calls, "versions asked")
    }

    fun `rejects a node older than the sidecar's minimum`() {
        val result = locator(versions = mapOf("/usr/bin/node" to "v20.16.0")).locate(null, "/usr/bin", emptyList())
        result as? NodeLookup.NotFound ?: fail("found $result")
        assertTrue(result.message.contains("v20.16.0 is older than v20.17.0"), result.message)
    }

    fun `goes on when a node cannot report its version`() {
        val result = locator(versions = mapOf("/a/node" to null, "/b/node" to "garbage", "/c/node" to "v24.0.0")).locate(null, "/a:/b:/c", emptyList())
        assertEquals(NodeLookup.Found("/c/node", NodeVersion(24, 0, 0)), result)
    }

    fun `uses the configured path only`() {
        val versions = mapOf("/custom/node" to "v22.3.0", "/usr/bin/node" to "v22.3.0")
        assertEquals(NodeLookup.Found("/custom/node", NodeVersion(22, 3, 0)), locator(versions = versions).locate(" \"/custom/node\" ", "/usr/bin"))
        val missing = locator(versions = versions).locate("/nope/node", "/usr/bin")
        missing as? NodeLookup.NotFound ?: fail("fell back to PATH: $missing")
        assertTrue(missing.message.contains("/nope/node") && missing.message.contains("not an executable"), missing.message)
    }

    fun `treats a blank configured path as unset`() {
        assertEquals(NodeLookup.Found("/usr/bin/node", NodeVersion(20, 17, 0)), locator(versions = mapOf("/usr/bin/node" to "v20.17.0")).locate("  ", "/usr/bin", emptyList()))
    }

    fun `searches the extra folders after PATH`() {
        val found = locator(versions = mapOf("/opt/homebrew/bin/node" to "v21.0.0")).locate(null, "/usr/bin", listOf("/opt/homebrew/bin"))
        assertEquals(NodeLookup.Found("/opt/homebrew/bin/node", NodeVersion(21, 0, 0)), found)
    }

    fun `explains when there is no node at all`() {
        val result = locator(versions = emptyMap()).locate(null, null, emptyList())
        result as? NodeLookup.NotFound ?: fail("found $result")
        assertTrue(result.message.contains("no `node` was found on PATH"), result.message)
    }

    fun `reads a Windows PATH`() {
        val l = locator(windows = true, versions = mapOf("C:\\Program Files\\nodejs\\node.exe" to "v20.18.1"))
        assertEquals(
            listOf("C:\\Program Files\\nodejs\\node.exe", "C:\\Windows\\node.exe"),
            l.candidates("\"C:\\Program Files\\nodejs\\\";C:\\Windows;;C:\\Program Files\\nodejs", emptyList()),
        )
        assertEquals(NodeLookup.Found("C:\\Program Files\\nodejs\\node.exe", NodeVersion(20, 18, 1)), l.locate(null, "C:\\Windows;C:\\Program Files\\nodejs"))
    }

    fun `lists each candidate once`() {
        assertEquals(listOf("/a/node", "/b/node"), locator(versions = emptyMap()).candidates("/a:/a/:/b", listOf("/a", "/b/")))
    }
}
