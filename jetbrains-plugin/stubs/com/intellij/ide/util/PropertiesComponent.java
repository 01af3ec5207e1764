// Stub (signatures only) of com.intellij.ide.util.PropertiesComponent, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/ide/util/PropertiesComponent.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ide.util;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import org.jetbrains.annotations.NonNls;

public abstract class PropertiesComponent {
  public static PropertiesComponent getInstance() { throw new UnsupportedOperationException(); }

  public @NotNull String getValue(@NonNls @NotNull String name, @NotNull String defaultValue) { throw new UnsupportedOperationException(); }

  public abstract void setValue(@NonNls @NotNull String name, @NonNls @Nullable String value, @Nullable String defaultValue);
}
