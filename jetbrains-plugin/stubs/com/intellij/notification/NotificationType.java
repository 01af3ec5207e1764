// Stub (signatures only) of com.intellij.notification.NotificationType, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/notification/NotificationType.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.notification;

public enum NotificationType {
  IDE_UPDATE, INFORMATION, WARNING, ERROR
}
