// Stub (signatures only) of com.intellij.openapi.vfs.LocalFileSystem, as declared in JetBrains/intellij-community
// platform/analysis-api/src/com/intellij/openapi/vfs/LocalFileSystem.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.vfs;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class LocalFileSystem {
  public static LocalFileSystem getInstance() { throw new UnsupportedOperationException(); }

  public abstract @Nullable VirtualFile findFileByPath(@NotNull String path);
  public abstract @Nullable VirtualFile refreshAndFindFileByPath(@NotNull String path);
}
