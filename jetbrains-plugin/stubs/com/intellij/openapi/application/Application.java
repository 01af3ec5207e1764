// Stub (signatures only) of com.intellij.openapi.application.Application, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/application/Application.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.components.ComponentManager;
import com.intellij.openapi.util.Condition;

public interface Application extends ComponentManager {
  void invokeLater(@NotNull Runnable runnable, @NotNull Condition<?> expired);
}
