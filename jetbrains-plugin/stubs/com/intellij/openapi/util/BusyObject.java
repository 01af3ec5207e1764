// Stub (signatures only) of com.intellij.openapi.util.BusyObject, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/util/BusyObject.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.util;

public interface BusyObject {
}
