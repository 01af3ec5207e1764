// Stub (signatures only) of com.intellij.openapi.project.DumbAware, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/project/DumbAware.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.project;

public interface DumbAware extends PossiblyDumbAware {
}
