// Stub (signatures only) of org.cef.browser.CefBrowser, as declared in JetBrains/jcef
// java/org/cef/browser/CefBrowser.java (the JCEF the JetBrains Runtime bundles; from 2026.2 inside the
// com.intellij.modules.jcef plugin). jetbrains-plugin/stubs/README.md says what a stub holds.
package org.cef.browser;

public interface CefBrowser {
  void executeJavaScript(String code, String url, int line);
}
