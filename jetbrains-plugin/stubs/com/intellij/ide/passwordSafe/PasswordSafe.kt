// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/credential-store/src/ide/passwordSafe/PasswordSafe.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ide.passwordSafe

import com.intellij.credentialStore.CredentialStore

abstract class PasswordSafe : CredentialStore {
    companion object {
        @JvmStatic
        val instance: PasswordSafe
            get() = TODO()
    }
}
