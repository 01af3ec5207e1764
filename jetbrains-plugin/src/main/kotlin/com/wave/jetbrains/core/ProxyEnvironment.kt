// The IDE's HTTP proxy for the sidecar (jetbrains-plugin/README.md, "Proxy"): Test Connection goes
// through the IDE's proxy, so the chat must too. The platform layer reads the IDE's setting (Settings
// | Appearance & Behavior | System Settings | HTTP Proxy) into an [IdeProxy]; here it becomes the
// HTTPS_PROXY / HTTP_PROXY / NO_PROXY variables the sidecar's model clients honour
// (sidecar/src/models/proxy.ts), both spellings, since tools differ on which case wins.
package com.wave.jetbrains.core

import java.net.InetSocketAddress
import java.net.Proxy
import java.net.URLEncoder
import java.nio.charset.StandardCharsets

/** What the IDE is set to, as far as the sidecar is concerned. */
sealed interface IdeProxy {
    /** "No proxy": the login shell's variables (if any) stay in charge. */
    data object Direct : IdeProxy

    /** A manually configured proxy; [exceptions] is the IDE's comma-separated host globs. */
    data class Manual(val http: Boolean, val host: String, val port: Int, val exceptions: String = "") : IdeProxy

    /** Auto-detect or a PAC file: what the IDE's proxy selector chose for the model's URL. */
    data class Selected(val choices: List<Proxy>) : IdeProxy
}

data class ProxyCredentials(val user: String, val password: String) {
    override fun toString() = "ProxyCredentials(user=$user, password=***)"
}

/** The proxy the sidecar gets, or why the IDE's setting cannot be passed on. */
data class ProxyChoice(val host: String, val port: Int, val noProxy: List<String>, val skipped: List<String> = emptyList())

object ProxyEnvironment {
    val PROXY_VARIABLES = listOf("HTTPS_PROXY", "HTTP_PROXY", "https_proxy", "http_proxy")
    val NO_PROXY_VARIABLES = listOf("NO_PROXY", "no_proxy")

    /** Never through a proxy: the sidecar's own address and local model servers. */
    val LOCAL = listOf("localhost", "127.0.0.1", "::1")

    /** The HTTP proxy to pass on, or null (direct, SOCKS, or the selector chose no HTTP proxy). */
    fun choose(ide: IdeProxy): ProxyChoice? = when (ide) {
        is IdeProxy.Direct -> null
        is IdeProxy.Manual -> if (!ide.http || ide.host.isBlank()) null else noProxy(ide.exceptions).let { (hosts, skipped) -> ProxyChoice(ide.host.trim(), ide.port, hosts, skipped) }
        is IdeProxy.Selected -> ide.choices.firstOrNull { it.type() == Proxy.Type.HTTP }?.let { proxy ->
            (proxy.address() as? InetSocketAddress)?.let { ProxyChoice(it.hostString, it.port, LOCAL) }
        }
    }

    /**
     * The IDE's exception globs as NO_PROXY entries: `*.example.com` → `.example.com` (a domain and
     * its subdomains), hosts and `host:port` as they are, `*` alone as `*`. Globs NO_PROXY cannot say
     * (`192.168.*`, `*foo*`) are returned as skipped, so the platform can log them.
     */
    fun noProxy(exceptions: String): Pair<List<String>, List<String>> {
        val hosts = ArrayList<String>()
        val skipped = ArrayList<String>()
        for (glob in exceptions.split(',', ';').map { it.trim() }.filter { it.isNotEmpty() }) {
            val entry = if (glob.startsWith("*.")) glob.substring(1) else glob
            if (entry == "*" || '*' !in entry) hosts += entry.lowercase() else skipped += glob
        }
        return (LOCAL + hosts).distinct() to skipped
    }

    /** `http://[user:password@]host:port`, the credentials percent-encoded, an IPv6 host in brackets. */
    fun url(choice: ProxyChoice, credentials: ProxyCredentials?): String {
        val host = if (':' in choice.host && !choice.host.startsWith("[")) "[${choice.host}]" else choice.host
        val auth = credentials?.takeIf { it.user.isNotEmpty() }?.let { "${encode(it.user)}:${encode(it.password)}@" } ?: ""
        return "http://$auth$host:${choice.port}"
    }

    /**
     * The sidecar's environment with the IDE's proxy: [inherited] as it is when there is none to pass
     * on; else every proxy variable of [inherited] replaced, so a shell's lower-case `https_proxy`
     * cannot win over the IDE's.
     */
    fun apply(inherited: Map<String, String>, choice: ProxyChoice?, credentials: ProxyCredentials?): Map<String, String> {
        if (choice == null) return inherited
        val url = url(choice, credentials)
        val noProxy = choice.noProxy.joinToString(",")
        return inherited.filterKeys { it !in PROXY_VARIABLES && it !in NO_PROXY_VARIABLES } +
            PROXY_VARIABLES.associateWith { url } + NO_PROXY_VARIABLES.associateWith { noProxy }
    }

    private fun encode(s: String) = URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20")
}
