// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/openapi/options/BoundConfigurable.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.options

import com.intellij.openapi.ui.DialogPanel
import javax.swing.JComponent

abstract class BoundConfigurable(
    private val displayName: String,
    private val helpTopic: String? = null,
) : DslConfigurableBase(), Configurable {
    override fun getDisplayName(): String = TODO()
    override fun getHelpTopic(): String? = TODO()
}

abstract class DslConfigurableBase : UnnamedConfigurable {
    abstract fun createPanel(): DialogPanel

    final override fun createComponent(): JComponent? = TODO()

    override fun isModified(): Boolean = TODO()

    override fun reset(): Unit = TODO()

    override fun apply(): Unit = TODO()

    override fun disposeUIResources(): Unit = TODO()
}
