// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/util/net/ProxySettings.kt (2024.3, branch 243).
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.util.net

interface ProxySettings {
    companion object {
        @JvmStatic
        fun getInstance(): ProxySettings = TODO()
    }

    fun getProxyConfiguration(): ProxyConfiguration
}
