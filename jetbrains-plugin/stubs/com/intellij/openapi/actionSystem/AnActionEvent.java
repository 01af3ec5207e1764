// Stub (signatures only) of com.intellij.openapi.actionSystem.AnActionEvent, as declared in JetBrains/intellij-community
// platform/editor-ui-api/src/com/intellij/openapi/actionSystem/AnActionEvent.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.project.Project;

public class AnActionEvent {
  public @Nullable Project getProject() { throw new UnsupportedOperationException(); }

  public @NotNull Presentation getPresentation() { throw new UnsupportedOperationException(); }
}
