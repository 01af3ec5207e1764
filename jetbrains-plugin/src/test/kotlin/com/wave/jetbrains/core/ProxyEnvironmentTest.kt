// The IDE's proxy as the sidecar's HTTPS_PROXY / HTTP_PROXY / NO_PROXY (ProxyEnvironment.kt).
package com.wave.jetbrains.core

import java.net.InetSocketAddress
import java.net.Proxy

class ProxyEnvironmentTest {
    private val shell = mapOf("PATH" to "/bin", "https_proxy" to "http://shell:1", "NO_PROXY" to "corp")

    fun `a manual HTTP proxy with credentials replaces the shell's proxy variables in both spellings`() {
        val choice = ProxyEnvironment.choose(IdeProxy.Manual(http = true, host = "proxy.corp", port = 3128, exceptions = "*.corp.example, intranet, 192.168.*"))!!
        assertEquals(listOf("192.168.*"), choice.skipped, "globs NO_PROXY cannot say")
        val env = ProxyEnvironment.apply(shell, choice, ProxyCredentials("dom\\ann", "p@ss:w rd"))
        val url = "http://dom%5Cann:p%40ss%3Aw%20rd@proxy.corp:3128"
        assertEquals(
            mapOf(
                "PATH" to "/bin",
                "HTTPS_PROXY" to url, "HTTP_PROXY" to url, "https_proxy" to url, "http_proxy" to url,
                "NO_PROXY" to "localhost,127.0.0.1,::1,.corp.example,intranet", "no_proxy" to "localhost,127.0.0.1,::1,.corp.example,intranet",
            ),
            env,
        )
    }

    fun `no proxy in the IDE leaves the login shell's variables alone`() {
        assertEquals(null, ProxyEnvironment.choose(IdeProxy.Direct))
        assertEquals(shell, ProxyEnvironment.apply(shell, null, null))
    }

    fun `a SOCKS proxy is not passed on (the model clients speak HTTP proxies only)`() {
        assertEquals(null, ProxyEnvironment.choose(IdeProxy.Manual(http = false, host = "socks", port = 1080)))
    }

    fun `auto-detect and PAC pass on the HTTP proxy the IDE chose for the model's URL`() {
        val http = Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved("pac-proxy", 8080))
        val socks = Proxy(Proxy.Type.SOCKS, InetSocketAddress.createUnresolved("socks", 1080))
        assertEquals(ProxyChoice("pac-proxy", 8080, ProxyEnvironment.LOCAL), ProxyEnvironment.choose(IdeProxy.Selected(listOf(socks, http))))
        assertEquals(null, ProxyEnvironment.choose(IdeProxy.Selected(listOf(Proxy.NO_PROXY))))
    }

    fun `an IPv6 proxy host is bracketed and no credentials means no user part`() {
        assertEquals("http://[::1]:8888", ProxyEnvironment.url(ProxyChoice("::1", 8888, emptyList()), null))
        assertEquals("http://h:1", ProxyEnvironment.url(ProxyChoice("h", 1, emptyList()), ProxyCredentials("", "x")))
    }

    fun `exceptions keep host and port entries and a lone star`() {
        assertEquals(listOf("localhost", "127.0.0.1", "::1", "*", "svc:8080"), ProxyEnvironment.noProxy("*; svc:8080").first)
    }
}
