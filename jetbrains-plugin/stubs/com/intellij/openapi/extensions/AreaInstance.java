// Stub (signatures only) of com.intellij.openapi.extensions.AreaInstance, as declared in JetBrains/intellij-community
// platform/extensions/src/com/intellij/openapi/extensions/AreaInstance.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.extensions;

public interface AreaInstance {
}
