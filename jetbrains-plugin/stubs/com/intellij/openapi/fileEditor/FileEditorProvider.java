// Stub (signatures only) of com.intellij.openapi.fileEditor.FileEditorProvider, as declared in JetBrains/intellij-community
// platform/analysis-api/src/com/intellij/openapi/fileEditor/FileEditorProvider.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.fileEditor;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.vfs.VirtualFile;

public interface FileEditorProvider {
  boolean accept(@NotNull Project project, @NotNull VirtualFile file);

  @NotNull FileEditor createEditor(@NotNull Project project, @NotNull VirtualFile file);

  @NotNull String getEditorTypeId();

  @NotNull FileEditorPolicy getPolicy();
}
