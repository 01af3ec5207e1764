// Stub (signatures only) of com.intellij.ui.components.JBLabel, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/ui/components/JBLabel.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.components;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import javax.swing.JLabel;

public class JBLabel extends JLabel {
  public JBLabel(@NotNull String text) { throw new UnsupportedOperationException(); }
}
