// The model settings of Settings | Tools | Wave (jetbrains-plugin/README.md, "Model settings") and
// how they reach the sidecar: as the environment variables it reads (README.md, "Models":
// WAVE_PROVIDER, WAVE_BASE_URL, WAVE_MODEL, WAVE_API_KEY), which win over the user settings file.
package com.wave.jetbrains.core

import java.net.URI

enum class ModelProvider(val wire: String, val label: String) {
    OPENAI("openai", "OpenAI-compatible"),
    ANTHROPIC("anthropic", "Anthropic");

    override fun toString() = label

    companion object {
        fun of(wire: String?): ModelProvider? = entries.firstOrNull { it.wire == wire?.trim()?.lowercase() }
    }
}

/** What the user entered; an empty field (or no provider) means "not set here". */
data class ModelSettings(
    val provider: ModelProvider? = null,
    val baseUrl: String = "",
    val model: String = "",
    val apiKey: String = "",
) {
    /** The variables for the fields that are set, trimmed. */
    fun environment(): Map<String, String> = buildMap {
        provider?.let { put(PROVIDER, it.wire) }
        baseUrl.trim().takeIf { it.isNotEmpty() }?.let { put(BASE_URL, it) }
        model.trim().takeIf { it.isNotEmpty() }?.let { put(MODEL, it) }
        apiKey.trim().takeIf { it.isNotEmpty() }?.let { put(API_KEY, it) }
    }

    /** Why these settings cannot work, or null: the base URL must be an http(s) URL when set. */
    fun problem(): String? {
        val url = baseUrl.trim().ifEmpty { return null }
        val scheme = try { URI(url).scheme?.lowercase() } catch (e: Exception) { null }
        return if (scheme == "http" || scheme == "https") null else "The base URL must start with http:// or https:// (\"$url\")."
    }

    /**
     * The settings the sidecar will end up using for a fields left empty here: the inherited
     * WAVE_* variables, and for the key the provider's own variable (OPENAI_API_KEY /
     * ANTHROPIC_API_KEY), as the sidecar falls back to them. For the Test connection action.
     */
    fun withFallbacks(env: Map<String, String>): ModelSettings {
        val chosen = provider ?: ModelProvider.of(env[PROVIDER]) ?: ModelProvider.OPENAI
        val ownKey = if (chosen == ModelProvider.ANTHROPIC) "ANTHROPIC_API_KEY" else "OPENAI_API_KEY"
        return ModelSettings(
            provider = chosen,
            baseUrl = baseUrl.trim().ifEmpty { env[BASE_URL].orEmpty().trim() },
            model = model.trim().ifEmpty { env[MODEL].orEmpty().trim() },
            apiKey = apiKey.trim().ifEmpty { env[API_KEY]?.trim()?.ifEmpty { null } ?: env[ownKey].orEmpty().trim() },
        )
    }

    /** Never shows the key (data class toString would). */
    override fun toString() = "ModelSettings(provider=$provider, baseUrl=$baseUrl, model=$model, apiKey=${if (apiKey.isEmpty()) "" else "***"})"

    companion object {
        const val PROVIDER = "WAVE_PROVIDER"
        const val BASE_URL = "WAVE_BASE_URL"
        const val MODEL = "WAVE_MODEL"
        const val API_KEY = "WAVE_API_KEY"
    }
}

object SidecarEnvironment {
    /**
     * The sidecar's environment: the login shell's [inherited] variables (so hooks see the user's
     * PATH) with the IDE's model settings on top. A field set in the IDE wins over an inherited
     * variable; an empty field leaves the inherited one (or the settings file) in charge.
     */
    fun of(inherited: Map<String, String>, model: ModelSettings): Map<String, String> = inherited + model.environment()
}
