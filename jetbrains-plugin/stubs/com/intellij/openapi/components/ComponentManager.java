// Stub (signatures only) of com.intellij.openapi.components.ComponentManager, as declared in JetBrains/intellij-community
// platform/extensions/src/com/intellij/openapi/components/ComponentManager.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.components;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.Disposable;
import com.intellij.openapi.extensions.AreaInstance;
import com.intellij.openapi.util.Condition;
import com.intellij.openapi.util.UserDataHolder;
import com.intellij.util.messages.MessageBus;

public interface ComponentManager extends UserDataHolder, Disposable, AreaInstance {
  @NotNull MessageBus getMessageBus();

  boolean isDisposed();

  @NotNull Condition<?> getDisposed();

  <T> T getService(@NotNull Class<T> serviceClass);
}
