// Stub (signatures only) of com.intellij.ui.JBColor, as declared in JetBrains/intellij-community
// platform/util/ui/src/com/intellij/ui/JBColor.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui;

import java.awt.Color;

public class JBColor extends Color {
  public JBColor(int rgb, int darkRGB) { super(rgb); }

  public static boolean isBright() { throw new UnsupportedOperationException(); }
}
