// Stub (signatures only) of com.intellij.openapi.fileEditor.OpenFileDescriptor, as declared in JetBrains/intellij-community
// platform/analysis-api/src/com/intellij/openapi/fileEditor/OpenFileDescriptor.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.fileEditor;

import org.jetbrains.annotations.NotNull;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.vfs.VirtualFile;

public class OpenFileDescriptor {
  /** `logicalLine` and `logicalColumn` are 0-based. */
  public OpenFileDescriptor(@NotNull Project project, @NotNull VirtualFile file, int logicalLine, int logicalColumn) { throw new UnsupportedOperationException(); }

  public void navigate(boolean requestFocus) { throw new UnsupportedOperationException(); }
}
