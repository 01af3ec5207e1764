// Stub (signatures only) of com.intellij.openapi.fileEditor.FileEditorPolicy, as declared in JetBrains/intellij-community
// platform/analysis-api/src/com/intellij/openapi/fileEditor/FileEditorPolicy.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.fileEditor;

public enum FileEditorPolicy {
  NONE, HIDE_DEFAULT_EDITOR, HIDE_OTHER_EDITORS, PLACE_BEFORE_DEFAULT_EDITOR, PLACE_AFTER_DEFAULT_EDITOR
}
