// Stub (signatures only) of com.intellij.openapi.application.ApplicationManager, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/application/ApplicationManager.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.application;

public class ApplicationManager {
  public static Application getApplication() { throw new UnsupportedOperationException(); }
}
