// Stub (signatures only) of com.intellij.openapi.options.UnnamedConfigurable, as declared in JetBrains/intellij-community
// platform/ide-core/src/com/intellij/openapi/options/UnnamedConfigurable.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.options;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import javax.swing.JComponent;

public interface UnnamedConfigurable {
  @Nullable JComponent createComponent();

  boolean isModified();

  void apply() throws ConfigurationException;

  default void reset() {
  }

  default void disposeUIResources() {
  }
}
