// Stub (signatures only) of com.intellij.ui.content.Content, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/ui/content/Content.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.content;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.Disposable;
import com.intellij.openapi.ui.ComponentContainer;
import com.intellij.openapi.util.UserDataHolder;

public interface Content extends UserDataHolder, ComponentContainer {
  void setDisposer(@NotNull Disposable disposer);
}
