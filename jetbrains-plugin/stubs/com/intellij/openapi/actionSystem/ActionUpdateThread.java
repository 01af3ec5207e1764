// Stub (signatures only) of com.intellij.openapi.actionSystem.ActionUpdateThread, as declared in JetBrains/intellij-community
// platform/editor-ui-api/src/com/intellij/openapi/actionSystem/ActionUpdateThread.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.actionSystem;

public enum ActionUpdateThread {
  BGT, EDT, OLD_EDT
}
