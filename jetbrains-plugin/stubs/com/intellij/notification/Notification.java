// Stub (signatures only) of com.intellij.notification.Notification, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/notification/Notification.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.notification;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.actionSystem.AnAction;
import com.intellij.openapi.project.Project;

public class Notification {
  public Notification(@NotNull String groupId, @NotNull String title, @NotNull String content, @NotNull NotificationType type) { throw new UnsupportedOperationException(); }

  public @NotNull Notification addAction(@NotNull AnAction action) { throw new UnsupportedOperationException(); }

  public void notify(@Nullable Project project) { throw new UnsupportedOperationException(); }
}
