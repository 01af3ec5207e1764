// Stub (signatures only) of com.intellij.openapi.progress.ProgressIndicator, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/progress/ProgressIndicator.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.progress;

public interface ProgressIndicator {
  boolean isCanceled();
}
