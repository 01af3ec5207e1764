// Stub (signatures only) of com.intellij.openapi.project.PossiblyDumbAware, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/project/PossiblyDumbAware.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.project;

public interface PossiblyDumbAware {
  default boolean isDumbAware() {
    return this instanceof DumbAware;
  }
}
