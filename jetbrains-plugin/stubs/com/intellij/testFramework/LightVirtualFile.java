// Stub (signatures only) of com.intellij.testFramework.LightVirtualFile, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/testFramework/LightVirtualFile.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.testFramework;

import com.intellij.openapi.fileTypes.FileType;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class LightVirtualFile extends LightVirtualFileBase {
  public LightVirtualFile(@NotNull String name) { throw new UnsupportedOperationException(); }
  public LightVirtualFile(@NotNull String name, @Nullable FileType fileType, @NotNull CharSequence text) { throw new UnsupportedOperationException(); }

  @Override
  public void setWritable(boolean writable) { throw new UnsupportedOperationException(); }
}
