// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-impl/src/com/intellij/ui/dsl/builder/textField.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.dsl.builder

import javax.swing.JTextField
import javax.swing.text.JTextComponent
import kotlin.reflect.KMutableProperty0

fun <T : JTextComponent> Cell<T>.bindText(prop: KMutableProperty0<String>): Cell<T> = TODO()

fun <T : JTextComponent> Cell<T>.bindText(getter: () -> String, setter: (String) -> Unit): Cell<T> = TODO()

fun <T : JTextField> Cell<T>.columns(columns: Int): Cell<T> = TODO()
