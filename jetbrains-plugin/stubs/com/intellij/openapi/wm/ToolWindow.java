// Stub (signatures only) of com.intellij.openapi.wm.ToolWindow, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/openapi/wm/ToolWindow.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.wm;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.actionSystem.AnAction;
import com.intellij.openapi.util.BusyObject;
import com.intellij.ui.content.ContentManager;
import java.util.List;

public interface ToolWindow extends BusyObject {
  void activate(@Nullable Runnable runnable);
  boolean isVisible();

  ContentManager getContentManager();

  void setTitleActions(@NotNull List<? extends AnAction> actions);
}
