// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/ui/components/ActionLink.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.components

import java.awt.event.ActionEvent
import javax.swing.JButton

open class ActionLink() : JButton() {
    constructor(text: String, perform: (ActionEvent) -> Unit) : this()
}
