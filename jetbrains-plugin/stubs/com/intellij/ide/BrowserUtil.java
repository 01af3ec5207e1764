// Stub (signatures only) of com.intellij.ide.BrowserUtil, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/ide/BrowserUtil.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ide;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public final class BrowserUtil {
  public static void browse(@NotNull String url) { throw new UnsupportedOperationException(); }
}
