// Stub (signatures only) of com.intellij.util.ui.JBEmptyBorder, as declared in JetBrains/intellij-community
// platform/util/ui/src/com/intellij/util/ui/JBEmptyBorder.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.util.ui;

import javax.swing.border.EmptyBorder;

public class JBEmptyBorder extends EmptyBorder {
  public JBEmptyBorder(int top, int left, int bottom, int right) { super(top, left, bottom, right); }
}
