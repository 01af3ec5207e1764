// Test connection against a real local HTTP server (the JDK's com.sun.net.httpserver): the request
// each provider gets, and the sentence each kind of answer turns into.
package com.wave.jetbrains.core

import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpServer
import java.net.InetSocketAddress
import java.net.ServerSocket
import java.util.concurrent.CountDownLatch
import java.util.concurrent.LinkedBlockingQueue

class ConnectionProbeTest {
    private data class Seen(val path: String, val headers: Map<String, String?>)

    /** Answers every request with [status] and [body]; records what it was asked. */
    private fun <T> server(status: Int, body: String, block: (base: String, seen: LinkedBlockingQueue<Seen>) -> T): T {
        val seen = LinkedBlockingQueue<Seen>()
        val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
        server.createContext("/") { ex: HttpExchange ->
            val names = listOf("Authorization", "x-api-key", "anthropic-version")
            seen += Seen(ex.requestURI.path, names.associateWith { ex.requestHeaders.getFirst(it) })
            val bytes = body.toByteArray()
            ex.sendResponseHeaders(status, bytes.size.toLong())
            ex.responseBody.use { it.write(bytes) }
        }
        server.start()
        try {
            return block("http://127.0.0.1:${server.address.port}", seen)
        } finally {
            server.stop(0)
        }
    }

    private val models = """{"object":"list","data":[{"id":"gpt-a"},{"id":"gpt-b"}]}"""

    fun `OpenAI-compatible GET models with a bearer token and the model found`() = server(200, models) { base, seen ->
        val result = ConnectionProbe.run(ModelSettings(ModelProvider.OPENAI, "$base/v1/", "gpt-b", "sk-test"))
        assertEquals(ProbeResult(ProbeResult.Outcome.OK, "Connected to 127.0.0.1: gpt-b is available."), result)
        assertEquals(Seen("/v1/models", mapOf("Authorization" to "Bearer sk-test", "x-api-key" to null, "anthropic-version" to null)), seen.poll())
    }

    fun `Anthropic GET v1 models with x-api-key and anthropic-version`() = server(200, """{"data":[{"id":"claude-x"}]}""") { base, seen ->
        val result = ConnectionProbe.run(ModelSettings(ModelProvider.ANTHROPIC, base, "claude-y", "ak"))
        assertEquals(ProbeResult.Outcome.WARNING, result.outcome, result.message)
        assertEquals("Connected to 127.0.0.1, but claude-y is not among its 1 listed models.", result.message)
        assertEquals(Seen("/v1/models", mapOf("Authorization" to null, "x-api-key" to "ak", "anthropic-version" to "2023-06-01")), seen.poll())
    }

    fun `a refused key names the server's reason`() = server(401, """{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}""") { base, _ ->
        val result = ConnectionProbe.run(ModelSettings(ModelProvider.ANTHROPIC, base, "m", "bad"))
        assertEquals(ProbeResult(ProbeResult.Outcome.ERROR, "127.0.0.1 refused the API key (HTTP 401): invalid x-api-key."), result)
        val noKey = ConnectionProbe.run(ModelSettings(ModelProvider.OPENAI, base, "m", ""))
        assertTrue(noKey.message.startsWith("127.0.0.1 needs an API key (HTTP 401)"), noKey.message)
    }

    fun `a wrong base URL, other errors and bodies that are not JSON`() {
        server(404, "Not Found") { base, _ ->
            assertEquals("No model list at $base/x/models (HTTP 404): check the base URL.", ConnectionProbe.run(ModelSettings(ModelProvider.OPENAI, "$base/x", "m", "k")).message)
        }
        server(500, "upstream exploded") { base, _ ->
            assertEquals(ProbeResult(ProbeResult.Outcome.ERROR, "127.0.0.1 answered HTTP 500: upstream exploded."), ConnectionProbe.run(ModelSettings(ModelProvider.OPENAI, base, "m", "k")))
        }
        server(200, "<html>not a model list</html>") { base, _ ->
            assertEquals(ProbeResult(ProbeResult.Outcome.OK, "Connected to 127.0.0.1."), ConnectionProbe.run(ModelSettings(ModelProvider.OPENAI, base, "m", "k")))
        }
        server(200, models) { base, _ ->
            assertEquals("Connected to 127.0.0.1 (2 models), but no model is set.", ConnectionProbe.run(ModelSettings(ModelProvider.OPENAI, base, "", "k")).message)
        }
    }

    fun `nothing listening, no answer in time, a malformed URL`() {
        val port = ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1")).use { it.localPort }
        val refused = ConnectionProbe.run(ModelSettings(ModelProvider.OPENAI, "http://127.0.0.1:$port", "m", "k"))
        assertTrue(refused.outcome == ProbeResult.Outcome.ERROR && refused.message.startsWith("Could not connect to 127.0.0.1"), refused.message)

        val release = CountDownLatch(1)
        val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
        server.createContext("/") { release.await(); it.close() }
        server.start()
        try {
            val slow = ConnectionProbe.run(ModelSettings(ModelProvider.OPENAI, "http://127.0.0.1:${server.address.port}", "m", "k"), timeoutMs = 300)
            assertEquals(ProbeResult(ProbeResult.Outcome.ERROR, "No answer from http://127.0.0.1:${server.address.port}/models within 0.3 s."), slow)
        } finally {
            release.countDown()
            server.stop(0)
        }
        assertTrue(ConnectionProbe.run(ModelSettings(baseUrl = "ftp://x")).message.contains("http://"))
    }

    fun `default base URLs of both providers`() {
        assertEquals("https://api.openai.com/v1/models", ConnectionProbe.request(ModelSettings()).url)
        assertEquals(ProbeRequest("https://api.anthropic.com/v1/models", mapOf("anthropic-version" to "2023-06-01")), ConnectionProbe.request(ModelSettings(ModelProvider.ANTHROPIC)))
    }

    fun `a cancelled test stops waiting for a server that does not answer`() {
        val asked = CountDownLatch(1)
        val release = CountDownLatch(1)
        val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
        server.createContext("/") { asked.countDown(); release.await(); it.close() }
        server.start()
        try {
            val settings = ModelSettings(ModelProvider.OPENAI, "http://127.0.0.1:${server.address.port}", "m", "k")
            // Cancelled once the server has the request: the probe returns, the server still holds it.
            val result = ConnectionProbe.run(settings, timeoutMs = 600_000, cancelled = { asked.count == 0L })
            assertEquals(ProbeResult(ProbeResult.Outcome.WARNING, ConnectionProbe.CANCELLED), result)
            assertEquals(1L, release.count, "returned while the server was still waiting")
        } finally {
            release.countDown()
            server.stop(0)
        }
    }
}
