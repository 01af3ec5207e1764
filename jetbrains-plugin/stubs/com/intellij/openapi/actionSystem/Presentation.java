// Stub (signatures only) of com.intellij.openapi.actionSystem.Presentation, as declared in JetBrains/intellij-community
// platform/editor-ui-api/src/com/intellij/openapi/actionSystem/Presentation.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.actionSystem;

public final class Presentation {
  public boolean isEnabled() { throw new UnsupportedOperationException(); }

  public void setEnabled(boolean enabled) { throw new UnsupportedOperationException(); }
}
