// Stub (signatures only) of com.intellij.DynamicBundle, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/DynamicBundle.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import java.util.Locale;

public class DynamicBundle {
  public static @NotNull Locale getLocale() { throw new UnsupportedOperationException(); }
}
