// Stub (signatures only) of com.intellij.util.ui.JBUI, as declared in JetBrains/intellij-community
// platform/util/ui/src/com/intellij/util/ui/JBUI.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.util.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class JBUI {
  public static final class Borders {
    public static @NotNull JBEmptyBorder empty(int top, int left, int bottom, int right) { throw new UnsupportedOperationException(); }
  }
}
