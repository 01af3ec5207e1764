// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/util/net/JdkProxyProvider.kt (2024.3, branch 243).
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.util.net

import java.net.ProxySelector

sealed interface JdkProxyProvider {
    val proxySelector: ProxySelector

    companion object {
        @JvmStatic
        fun getInstance(): JdkProxyProvider = TODO()
    }
}
