// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-impl/src/com/intellij/ui/dsl/builder/Row.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.dsl.builder

import com.intellij.openapi.ui.ComboBox
import com.intellij.ui.components.JBPasswordField
import com.intellij.ui.components.JBTextField
import java.awt.event.ActionEvent
import javax.swing.JButton
import javax.swing.JLabel
import javax.swing.ListCellRenderer

interface Row {
    fun button(text: String, actionListener: (event: ActionEvent) -> Unit): Cell<JButton>

    fun label(text: String): Cell<JLabel>

    fun textField(): Cell<JBTextField>

    fun passwordField(): Cell<JBPasswordField>

    fun <T> comboBox(items: Collection<T>, renderer: ListCellRenderer<in T?>? = null): Cell<ComboBox<T>>
}
