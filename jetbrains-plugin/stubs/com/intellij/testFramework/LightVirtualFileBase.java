// Stub (signatures only) of com.intellij.testFramework.LightVirtualFileBase, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/testFramework/LightVirtualFileBase.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.testFramework;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.vfs.VirtualFile;

public abstract class LightVirtualFileBase extends VirtualFile {
  @Override
  public @NotNull String getPath() { throw new UnsupportedOperationException(); }

  @Override
  public boolean isWritable() { throw new UnsupportedOperationException(); }

  @Override
  public boolean isDirectory() { throw new UnsupportedOperationException(); }
}
