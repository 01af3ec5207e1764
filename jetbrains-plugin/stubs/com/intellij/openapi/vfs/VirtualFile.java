// Stub (signatures only) of com.intellij.openapi.vfs.VirtualFile, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/vfs/VirtualFile.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.vfs;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.util.UserDataHolderBase;
import java.io.IOException;

public abstract class VirtualFile extends UserDataHolderBase {
  public abstract @NotNull String getPath();

  public abstract boolean isWritable();

  public void setWritable(boolean writable) throws IOException {
    throw new UnsupportedOperationException();
  }

  public abstract boolean isDirectory();
}
