// Stub (signatures only) of com.intellij.notification.NotificationAction, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/notification/NotificationAction.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.notification;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.project.DumbAwareAction;

public abstract class NotificationAction extends DumbAwareAction {
  public static @NotNull NotificationAction createSimple(@NotNull String text, @NotNull Runnable action) { throw new UnsupportedOperationException(); }
}
