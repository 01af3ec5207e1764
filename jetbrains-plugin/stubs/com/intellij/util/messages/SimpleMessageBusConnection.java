// Stub (signatures only) of com.intellij.util.messages.SimpleMessageBusConnection, as declared in JetBrains/intellij-community
// platform/extensions/src/com/intellij/util/messages/SimpleMessageBusConnection.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.util.messages;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface SimpleMessageBusConnection {
  <L> void subscribe(@NotNull Topic<L> topic, @NotNull L handler);
}
