// Stub (signatures only) of com.intellij.openapi.util.ThrowableComputable, as declared in JetBrains/intellij-community
// platform/util-rt/src/com/intellij/openapi/util/ThrowableComputable.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.util;

@FunctionalInterface
public interface ThrowableComputable<T, E extends Throwable> {
  T compute() throws E;
}
