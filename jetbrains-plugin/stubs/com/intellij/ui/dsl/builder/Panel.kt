// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-impl/src/com/intellij/ui/dsl/builder/Panel.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.dsl.builder

import javax.swing.JLabel

interface Panel {
    fun row(label: String, init: Row.() -> Unit): Row

    fun row(label: JLabel? = null, init: Row.() -> Unit): Row
}
