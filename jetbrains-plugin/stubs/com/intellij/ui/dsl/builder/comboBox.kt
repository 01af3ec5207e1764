// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-impl/src/com/intellij/ui/dsl/builder/comboBox.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.dsl.builder

import com.intellij.openapi.ui.ComboBox

fun <T, C : ComboBox<T>> Cell<C>.bindItem(getter: () -> T?, setter: (T?) -> Unit): Cell<C> = TODO()
