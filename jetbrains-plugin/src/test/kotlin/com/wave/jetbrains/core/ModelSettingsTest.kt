package com.wave.jetbrains.core

import java.nio.file.Files

class ModelSettingsTest {
    private val full = ModelSettings(ModelProvider.ANTHROPIC, " https://llm.example/ ", " claude-x ", " sk-1 ")

    fun `passes the fields that are set as the sidecar's variables`() {
        assertEquals(
            mapOf("WAVE_PROVIDER" to "anthropic", "WAVE_BASE_URL" to "https://llm.example/", "WAVE_MODEL" to "claude-x", "WAVE_API_KEY" to "sk-1"),
            full.environment(),
        )
        assertEquals(emptyMap<String, String>(), ModelSettings().environment(), "nothing set: no variables")
        assertEquals(mapOf("WAVE_MODEL" to "m"), ModelSettings(model = "m", baseUrl = "  ").environment())
    }

    fun `IDE values win over inherited variables and empty fields keep them`() {
        val inherited = mapOf("PATH" to "/bin", "WAVE_MODEL" to "from-shell", "WAVE_API_KEY" to "shell-key")
        val env = SidecarEnvironment.of(inherited, ModelSettings(model = "from-ide"))
        assertEquals(mapOf("PATH" to "/bin", "WAVE_MODEL" to "from-ide", "WAVE_API_KEY" to "shell-key"), env)
    }

    fun `the launched sidecar process sees the settings in its environment`() {
        val node = when (val found = NodeLocator.forThisMachine().locate(System.getenv("WAVE_NODE"), System.getenv("PATH"))) {
            is NodeLookup.Found -> found.path
            is NodeLookup.NotFound -> return println("SKIP ModelSettingsTest: ${found.message}")
        }
        val dir = Files.createTempDirectory("wave-env-test").toFile()
        val script = "console.log([process.env.WAVE_PROVIDER, process.env.WAVE_BASE_URL, process.env.WAVE_MODEL, process.env.WAVE_API_KEY, process.env.KEEP].join('|'))"
        val env = SidecarEnvironment.of(mapOf("KEEP" to "kept", "WAVE_MODEL" to "old"), full)
        val process = JdkProcessLauncher.launch(LaunchSpec(listOf(node, "-e", script), dir.path, env))
        process.closeStdin()
        val out = process.stdout.readBytes().toString(Charsets.UTF_8).trim()
        assertEquals(0, process.waitFor(), "exit code")
        assertEquals("anthropic|https://llm.example/|claude-x|sk-1|kept", out)
        dir.deleteRecursively()
    }

    fun `falls back as the sidecar does for fields left empty`() {
        val env = mapOf("WAVE_BASE_URL" to "http://proxy", "ANTHROPIC_API_KEY" to "ak", "OPENAI_API_KEY" to "ok")
        assertEquals(ModelSettings(ModelProvider.ANTHROPIC, "http://proxy", "", "ak"), ModelSettings(ModelProvider.ANTHROPIC).withFallbacks(env))
        assertEquals(ModelSettings(ModelProvider.OPENAI, "http://proxy", "", "ok"), ModelSettings().withFallbacks(env), "OpenAI by default")
        assertEquals("wk", ModelSettings().withFallbacks(env + ("WAVE_API_KEY" to "wk")).apiKey, "WAVE_API_KEY first")
        assertEquals(full.copy(baseUrl = "https://llm.example/", model = "claude-x", apiKey = "sk-1"), full.withFallbacks(env))
        assertEquals(ModelProvider.ANTHROPIC, ModelSettings().withFallbacks(mapOf("WAVE_PROVIDER" to "Anthropic")).provider)
    }

    fun `checks the base URL and never prints the key`() {
        assertEquals(null, full.problem())
        assertEquals(null, ModelSettings().problem())
        assertTrue(ModelSettings(baseUrl = "llm.example").problem()!!.contains("http://"))
        assertTrue("sk-1" !in full.toString(), full.toString())
        assertEquals(ModelProvider.OPENAI, ModelProvider.of(" OpenAI "))
        assertEquals(null, ModelProvider.of("gemini"))
    }
}
