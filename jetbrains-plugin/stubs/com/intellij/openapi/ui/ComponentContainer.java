// Stub (signatures only) of com.intellij.openapi.ui.ComponentContainer, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/openapi/ui/ComponentContainer.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.Disposable;
import javax.swing.JComponent;

public interface ComponentContainer extends Disposable {
  @NotNull JComponent getComponent();

  @Nullable JComponent getPreferredFocusableComponent();
}
