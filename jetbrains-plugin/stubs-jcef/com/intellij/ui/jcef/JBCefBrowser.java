// Stub (signatures only) of com.intellij.ui.jcef.JBCefBrowser, as declared in JetBrains/intellij-community
// platform/ui.jcef/jcef/JBCefBrowser.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.jcef;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import javax.swing.JComponent;

public class JBCefBrowser extends JBCefBrowserBase {
  public static @NotNull JBCefBrowserBuilder createBuilder() { throw new UnsupportedOperationException(); }

  @Override
  public @NotNull JComponent getComponent() { throw new UnsupportedOperationException(); }
}
