// Test connection (Settings | Tools | Wave; jetbrains-plugin/README.md, "Model settings"): asks the
// provider for its model list with the entered settings and turns the answer into one sentence.
// OpenAI-compatible: GET {baseURL}/models with `Authorization: Bearer`; Anthropic: GET
// {baseURL}/v1/models with `x-api-key` and `anthropic-version` (the paths their SDKs use).
package com.wave.jetbrains.core

import java.net.ConnectException
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.net.http.HttpTimeoutException
import java.time.Duration
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException

data class ProbeRequest(val url: String, val headers: Map<String, String>)

data class ProbeResult(val outcome: Outcome, val message: String) {
    enum class Outcome { OK, WARNING, ERROR }
}

object ConnectionProbe {
    const val OPENAI_BASE = "https://api.openai.com/v1"
    const val ANTHROPIC_BASE = "https://api.anthropic.com"
    const val ANTHROPIC_VERSION = "2023-06-01"

    fun request(s: ModelSettings): ProbeRequest {
        val anthropic = s.provider == ModelProvider.ANTHROPIC
        val base = s.baseUrl.trim().ifEmpty { if (anthropic) ANTHROPIC_BASE else OPENAI_BASE }.trimEnd('/')
        val key = s.apiKey.trim()
        val headers = buildMap {
            if (anthropic) put("anthropic-version", ANTHROPIC_VERSION)
            if (key.isNotEmpty()) if (anthropic) put("x-api-key", key) else put("Authorization", "Bearer $key")
        }
        return ProbeRequest(if (anthropic) "$base/v1/models" else "$base/models", headers)
    }

    /**
     * Runs [request] with [timeoutMs] for connecting and for the answer; never throws. [cancelled]
     * is polled while waiting (the IDE's progress indicator): a cancelled test stops at once.
     */
    fun run(s: ModelSettings, timeoutMs: Long = 10_000, cancelled: () -> Boolean = { false }): ProbeResult {
        s.problem()?.let { return ProbeResult(ProbeResult.Outcome.ERROR, it) }
        val req = request(s)
        return try {
            val client = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(timeoutMs)).build()
            val builder = HttpRequest.newBuilder(URI(req.url)).timeout(Duration.ofMillis(timeoutMs)).GET()
            req.headers.forEach { (k, v) -> builder.header(k, v) }
            val response = await(client.sendAsync(builder.build(), HttpResponse.BodyHandlers.ofString()), cancelled)
                ?: return ProbeResult(ProbeResult.Outcome.WARNING, CANCELLED)
            classify(response.statusCode(), response.body() ?: "", s, req.url)
        } catch (e: ExecutionException) {
            failure(e.cause ?: e, req.url, timeoutMs)
        } catch (e: InterruptedException) {
            Thread.currentThread().interrupt()
            ProbeResult(ProbeResult.Outcome.ERROR, "The test was interrupted.")
        } catch (e: Exception) {
            failure(e, req.url, timeoutMs)
        }
    }

    const val CANCELLED = "The test was cancelled."
    private const val POLL_MS = 100L

    /** The answer, or null once [cancelled] says so (the request is then abandoned). */
    private fun <T> await(pending: CompletableFuture<T>, cancelled: () -> Boolean): T? {
        while (!cancelled()) {
            try {
                return pending.get(POLL_MS, TimeUnit.MILLISECONDS)
            } catch (e: TimeoutException) {
                // not yet: ask again whether the user gave up
            }
        }
        pending.cancel(true)
        return null
    }

    private fun failure(e: Throwable, url: String, timeoutMs: Long): ProbeResult = when (e) {
        is HttpTimeoutException -> ProbeResult(ProbeResult.Outcome.ERROR, "No answer from $url within ${timeoutMs / 1000.0} s.")
        is ConnectException -> ProbeResult(ProbeResult.Outcome.ERROR, "Could not connect to ${hostOf(url)}: ${e.message ?: "connection refused"}.")
        else -> ProbeResult(ProbeResult.Outcome.ERROR, "Could not reach $url: ${e.message ?: e.javaClass.simpleName}.")
    }

    /** One sentence for an HTTP answer of the model list [url]. */
    fun classify(status: Int, body: String, s: ModelSettings, url: String): ProbeResult {
        val host = hostOf(url)
        val detail = errorMessage(body)?.let { ": $it" } ?: ""
        return when {
            status in 200..299 -> listed(modelIds(body), s.model.trim(), host)
            (status == 401 || status == 403) && s.apiKey.isBlank() ->
                ProbeResult(ProbeResult.Outcome.ERROR, "$host needs an API key (HTTP $status)$detail.")
            status == 401 || status == 403 -> ProbeResult(ProbeResult.Outcome.ERROR, "$host refused the API key (HTTP $status)$detail.")
            status == 404 -> ProbeResult(ProbeResult.Outcome.ERROR, "No model list at $url (HTTP 404): check the base URL.")
            status == 429 -> ProbeResult(ProbeResult.Outcome.WARNING, "$host answered, but is limiting requests right now (HTTP 429)$detail.")
            else -> ProbeResult(ProbeResult.Outcome.ERROR, "$host answered HTTP $status$detail.")
        }
    }

    private fun listed(ids: List<String>?, model: String, host: String): ProbeResult = when {
        ids == null -> ProbeResult(ProbeResult.Outcome.OK, "Connected to $host.")
        model.isEmpty() -> ProbeResult(ProbeResult.Outcome.WARNING, "Connected to $host (${ids.size} models), but no model is set.")
        model in ids -> ProbeResult(ProbeResult.Outcome.OK, "Connected to $host: $model is available.")
        else -> ProbeResult(ProbeResult.Outcome.WARNING, "Connected to $host, but $model is not among its ${ids.size} listed models.")
    }

    /** `data[].id` of a model list (both providers answer `{"data":[{"id":…},…]}`), null if not one. */
    private fun modelIds(body: String): List<String>? {
        val data = (parse(body) as? Json.JsonObject)?.fields?.get("data") as? Json.JsonArray ?: return null
        return data.items.mapNotNull { ((it as? Json.JsonObject)?.fields?.get("id") as? Json.JsonString)?.value }
    }

    /** `error.message` (both providers), or a short preview of a body that is not JSON. */
    private fun errorMessage(body: String): String? {
        val json = parse(body)
        if (json == null) return body.trim().takeIf { it.isNotEmpty() }?.let { if (it.length > 200) it.take(200) + "…" else it }
        val error = (json as? Json.JsonObject)?.fields?.get("error")
        return when (error) {
            is Json.JsonString -> error.value
            is Json.JsonObject -> (error.fields["message"] as? Json.JsonString)?.value
            else -> null
        }
    }

    private fun parse(body: String): Json? = try { JsonReader.parse(body) } catch (e: JsonSyntaxException) { null }

    private fun hostOf(url: String): String = try { URI(url).host ?: url } catch (e: Exception) { url }
}
