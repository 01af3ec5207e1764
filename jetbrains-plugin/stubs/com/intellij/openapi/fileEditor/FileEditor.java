// Stub (signatures only) of com.intellij.openapi.fileEditor.FileEditor, as declared in JetBrains/intellij-community
// platform/editor-ui-api/src/com/intellij/openapi/fileEditor/FileEditor.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.fileEditor;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.Disposable;
import com.intellij.openapi.util.UserDataHolder;
import com.intellij.openapi.vfs.VirtualFile;
import java.beans.PropertyChangeListener;
import javax.swing.JComponent;

public interface FileEditor extends UserDataHolder, Disposable {
  @NotNull JComponent getComponent();

  @Nullable JComponent getPreferredFocusedComponent();

  @NotNull String getName();

  void setState(@NotNull FileEditorState state);

  boolean isModified();

  boolean isValid();

  void addPropertyChangeListener(@NotNull PropertyChangeListener listener);

  void removePropertyChangeListener(@NotNull PropertyChangeListener listener);

  @Nullable FileEditorLocation getCurrentLocation();

  default @Nullable VirtualFile getFile() { throw new UnsupportedOperationException(); }
}
