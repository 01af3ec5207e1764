// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/util/net/ProxyConfiguration.kt (2024.3, branch 243).
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.util.net

sealed interface ProxyConfiguration {
    enum class ProxyProtocol { HTTP, SOCKS }

    interface StaticProxyConfiguration : ProxyConfiguration {
        val protocol: ProxyProtocol
        val host: String
        val port: Int
        val exceptions: String
    }

    interface ProxyAutoConfiguration : ProxyConfiguration

    interface AutoDetectProxy : ProxyConfiguration

    interface DirectProxy : ProxyConfiguration
}
