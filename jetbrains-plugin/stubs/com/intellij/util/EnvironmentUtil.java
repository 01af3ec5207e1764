// Stub (signatures only) of com.intellij.util.EnvironmentUtil, as declared in JetBrains/intellij-community
// platform/util/src/com/intellij/util/EnvironmentUtil.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.util;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import java.util.Map;

public final class EnvironmentUtil {
  public static @NotNull Map<String, String> getEnvironmentMap() { throw new UnsupportedOperationException(); }
}
