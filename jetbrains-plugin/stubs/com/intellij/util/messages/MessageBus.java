// Stub (signatures only) of com.intellij.util.messages.MessageBus, as declared in JetBrains/intellij-community
// platform/extensions/src/com/intellij/util/messages/MessageBus.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.util.messages;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.Disposable;

public interface MessageBus extends Disposable {
  @NotNull MessageBusConnection connect(@NotNull Disposable parentDisposable);
}
