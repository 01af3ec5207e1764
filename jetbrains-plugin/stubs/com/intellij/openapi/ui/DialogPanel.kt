// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/openapi/ui/DialogPanel.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.ui

import javax.swing.JPanel

class DialogPanel : JPanel()
