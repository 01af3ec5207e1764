// Stub (signatures only) of com.intellij.openapi.project.Project, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/project/Project.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.project;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.components.ComponentManager;

public interface Project extends ComponentManager {
  @Nullable String getBasePath();

  boolean isDefault();
}
