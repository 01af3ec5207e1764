// Stub (signatures only) of com.intellij.openapi.ui.ComboBox, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/openapi/ui/ComboBox.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.ui;

import javax.swing.JComboBox;

public class ComboBox<E> extends JComboBox<E> {
}
