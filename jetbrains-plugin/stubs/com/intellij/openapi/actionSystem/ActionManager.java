// Stub (signatures only) of com.intellij.openapi.actionSystem.ActionManager, as declared in JetBrains/intellij-community
// platform/editor-ui-api/src/com/intellij/openapi/actionSystem/ActionManager.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import org.jetbrains.annotations.NonNls;

public abstract class ActionManager {
  public static ActionManager getInstance() { throw new UnsupportedOperationException(); }

  public abstract @Nullable AnAction getAction(@NonNls @NotNull String actionId);
}
