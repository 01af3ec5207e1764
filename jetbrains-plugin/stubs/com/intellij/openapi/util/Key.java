// Stub (signatures only) of com.intellij.openapi.util.Key, as declared in JetBrains/intellij-community
// platform/util/src/com/intellij/openapi/util/Key.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.util;

public class Key<T> {
}
