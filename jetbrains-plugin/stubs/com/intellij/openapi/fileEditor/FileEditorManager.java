// Stub (signatures only) of com.intellij.openapi.fileEditor.FileEditorManager, as declared in JetBrains/intellij-community
// platform/analysis-api/src/com/intellij/openapi/fileEditor/FileEditorManager.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.fileEditor;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.vfs.VirtualFile;

public abstract class FileEditorManager {
  public static FileEditorManager getInstance(@NotNull Project project) { throw new UnsupportedOperationException(); }

  public abstract @NotNull FileEditor[] openFile(@NotNull VirtualFile file, boolean focusEditor);

  public abstract void closeFile(@NotNull VirtualFile file);

  public abstract boolean isFileOpen(@NotNull VirtualFile file);
}
