// Stub (signatures only) of com.intellij.openapi.diagnostic.Logger, as declared in JetBrains/intellij-community
// platform/util/src/com/intellij/openapi/diagnostic/Logger.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.diagnostic;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class Logger {
  public static @NotNull Logger getInstance(@NotNull Class<?> cl) { throw new UnsupportedOperationException(); }

  public abstract void debug(String message);
  public abstract void info(String message);

  public abstract void warn(String message, @Nullable Throwable t);

  public void warn(String message) { throw new UnsupportedOperationException(); }
}
