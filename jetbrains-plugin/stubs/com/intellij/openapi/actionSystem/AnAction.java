// Stub (signatures only) of com.intellij.openapi.actionSystem.AnAction, as declared in JetBrains/intellij-community
// platform/editor-ui-api/src/com/intellij/openapi/actionSystem/AnAction.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class AnAction {
  public AnAction() { throw new UnsupportedOperationException(); }

  public void update(@NotNull AnActionEvent e) { throw new UnsupportedOperationException(); }

  public abstract void actionPerformed(@NotNull AnActionEvent e);

  public @NotNull ActionUpdateThread getActionUpdateThread() { throw new UnsupportedOperationException(); }
}
