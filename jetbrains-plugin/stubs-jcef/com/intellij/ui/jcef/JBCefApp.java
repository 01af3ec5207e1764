// Stub (signatures only) of com.intellij.ui.jcef.JBCefApp, as declared in JetBrains/intellij-community
// platform/ui.jcef/jcef/JBCefApp.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.jcef;

public final class JBCefApp {
  public static boolean isSupported() { throw new UnsupportedOperationException(); }
}
