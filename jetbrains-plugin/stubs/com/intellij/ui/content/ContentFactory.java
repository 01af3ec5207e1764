// Stub (signatures only) of com.intellij.ui.content.ContentFactory, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/ui/content/ContentFactory.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.content;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import javax.swing.JComponent;

public interface ContentFactory {
  @NotNull Content createContent(@Nullable JComponent component, @Nullable String displayName, boolean isLockable);
}
