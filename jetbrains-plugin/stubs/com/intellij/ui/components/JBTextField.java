// Stub (signatures only) of com.intellij.ui.components.JBTextField, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/ui/components/JBTextField.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.components;

import javax.swing.JTextField;

public class JBTextField extends JTextField {
}
