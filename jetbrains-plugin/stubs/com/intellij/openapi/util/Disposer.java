// Stub (signatures only) of com.intellij.openapi.util.Disposer, as declared in JetBrains/intellij-community
// platform/util/src/com/intellij/openapi/util/Disposer.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.Disposable;

public final class Disposer {
  public static void register(@NotNull Disposable parent, @NotNull Disposable child) { throw new UnsupportedOperationException(); }
}
