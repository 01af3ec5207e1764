// Stub (signatures only) of com.intellij.openapi.options.Configurable, as declared in JetBrains/intellij-community
// platform/ide-core/src/com/intellij/openapi/options/Configurable.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.options;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface Configurable extends UnnamedConfigurable {
  String getDisplayName();

  default @Nullable String getHelpTopic() {
    return null;
  }
}
