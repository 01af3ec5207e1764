// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/credential-store/src/credentialStore/CredentialStore.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.credentialStore

interface CredentialStore {
    fun getPassword(attributes: CredentialAttributes): String? = TODO()

    fun setPassword(attributes: CredentialAttributes, password: String?): Unit = TODO()
}
