// Stub (signatures only) of com.intellij.ui.jcef.JBCefBrowserBuilder, as declared in JetBrains/intellij-community
// platform/ui.jcef/jcef/JBCefBrowserBuilder.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.jcef;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class JBCefBrowserBuilder {
  public @NotNull JBCefBrowserBuilder setCreateImmediately(boolean createImmediately) { throw new UnsupportedOperationException(); }

  public @NotNull JBCefBrowser build() { throw new UnsupportedOperationException(); }
}
