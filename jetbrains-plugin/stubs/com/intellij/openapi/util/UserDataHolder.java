// Stub (signatures only) of com.intellij.openapi.util.UserDataHolder, as declared in JetBrains/intellij-community
// platform/util/src/com/intellij/openapi/util/UserDataHolder.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface UserDataHolder {
  @Nullable <T> T getUserData(@NotNull Key<T> key);

  <T> void putUserData(@NotNull Key<T> key, @Nullable T value);
}
