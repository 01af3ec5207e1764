// Stub (signatures only) of com.intellij.openapi.options.ShowSettingsUtil, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/openapi/options/ShowSettingsUtil.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.options;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.project.Project;

public abstract class ShowSettingsUtil {
  public static ShowSettingsUtil getInstance() { throw new UnsupportedOperationException(); }

  public abstract <T extends Configurable> void showSettingsDialog(@Nullable Project project, @NotNull Class<T> toSelect);
}
