// Stub (signatures only) of com.intellij.openapi.fileEditor.FileEditorStateLevel, as declared in JetBrains/intellij-community
// platform/editor-ui-api/src/com/intellij/openapi/fileEditor/FileEditorStateLevel.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.fileEditor;

public enum FileEditorStateLevel {
  FULL, UNDO, NAVIGATION
}
