// Stub (signatures only) of com.intellij.openapi.fileEditor.FileEditorLocation, as declared in JetBrains/intellij-community
// platform/editor-ui-api/src/com/intellij/openapi/fileEditor/FileEditorLocation.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.fileEditor;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface FileEditorLocation extends Comparable<FileEditorLocation> {
  @NotNull FileEditor getEditor();
}
