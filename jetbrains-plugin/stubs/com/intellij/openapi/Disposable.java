// Stub (signatures only) of com.intellij.openapi.Disposable, as declared in JetBrains/intellij-community
// platform/util/src/com/intellij/openapi/Disposable.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi;

public interface Disposable {
  void dispose();
}
