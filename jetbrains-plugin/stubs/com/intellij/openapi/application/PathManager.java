// Stub (signatures only) of com.intellij.openapi.application.PathManager, as declared in JetBrains/intellij-community
// platform/util/src/com/intellij/openapi/application/PathManager.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import java.nio.file.Path;

public final class PathManager {
  public static @Nullable Path getJarForClass(@NotNull Class<?> aClass) { throw new UnsupportedOperationException(); }
}
