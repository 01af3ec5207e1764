// Stub (signatures only) of com.intellij.openapi.fileTypes.FileType, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/fileTypes/FileType.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.fileTypes;

import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.Icon;

public interface FileType {
  @NotNull String getName();

  @NotNull String getDescription();

  @NotNull String getDefaultExtension();

  @Nullable Icon getIcon();

  boolean isBinary();

  default boolean isReadOnly() { throw new UnsupportedOperationException(); }

  default @Nullable String getCharset(@NotNull VirtualFile file, byte @NotNull [] content) { throw new UnsupportedOperationException(); }
}
