// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/util/net/ProxyCredentialStore.kt (2024.3, branch 243).
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.util.net

import com.intellij.credentialStore.Credentials

interface ProxyCredentialStore {
    companion object {
        @JvmStatic
        fun getInstance(): ProxyCredentialStore = TODO()
    }

    fun getCredentials(host: String, port: Int): Credentials?
}
