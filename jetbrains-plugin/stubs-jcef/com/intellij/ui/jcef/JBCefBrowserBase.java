// Stub (signatures only) of com.intellij.ui.jcef.JBCefBrowserBase, as declared in JetBrains/intellij-community
// platform/ui.jcef/jcef/JBCefBrowserBase.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.jcef;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import org.cef.browser.CefBrowser;
import javax.swing.JComponent;

public abstract class JBCefBrowserBase implements JBCefDisposable {
  public abstract @Nullable JComponent getComponent();

  public @NotNull CefBrowser getCefBrowser() { throw new UnsupportedOperationException(); }
  public void loadURL(@NotNull String url) { throw new UnsupportedOperationException(); }

  public void loadHTML(@NotNull String html) { throw new UnsupportedOperationException(); }

  @Override
  public void dispose() { throw new UnsupportedOperationException(); }
}
