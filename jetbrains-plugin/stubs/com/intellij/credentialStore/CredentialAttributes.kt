// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/credential-store/src/credentialStore/CredentialAttributes.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.credentialStore

fun generateServiceName(subsystem: String, key: String): String = TODO()

data class CredentialAttributes(val serviceName: String)

class Credentials(user: String?, password: String?) {
    val userName: String? = TODO()

    fun getPasswordAsString(): String? = TODO()
}
