package com.wave.jetbrains.core

import java.io.File

class SidecarCommandTest {
    private val root = File("/plugins/wave-jetbrains/sidecar").path
    private val script = File(root, "bin/wave.js").path
    private val uiIndex = File(root, "ui/index.html").path

    fun `runs wave serve for the project with the packaged UI`() {
        val spec = SidecarCommand.spec("/usr/bin/node", root, "/work/my project", exists = { it == script || it == uiIndex }, env = mapOf("PATH" to "/bin"))
        assertEquals(
            listOf("/usr/bin/node", script, "serve", "--workdir", "/work/my project", "--port", "0", "--exit-with-stdin", "--ui", File(root, "ui").path),
            spec.command,
        )
        assertEquals("/work/my project", spec.workdir, "working directory")
        assertEquals(mapOf("PATH" to "/bin"), spec.env, "environment")
    }

    fun `leaves the UI to the sidecar's default without a packaged one`() {
        val spec = SidecarCommand.spec("node", root, "/w", exists = { it == script })
        assertTrue("--ui" !in spec.command, spec.command.toString())
    }

    fun `refuses to start without the sidecar's files or a project folder`() {
        val missing = assertThrows<SidecarSetupException> { SidecarCommand.spec("node", root, "/w", exists = { false }) }
        assertTrue(missing.message!!.contains(script), missing.message!!)
        assertThrows<SidecarSetupException> { SidecarCommand.spec("node", root, null, exists = { true }) }
        assertThrows<SidecarSetupException> { SidecarCommand.spec("node", root, " ", exists = { true }) }
    }
}
