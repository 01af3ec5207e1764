// Stub (signatures only) of com.intellij.openapi.options.ConfigurationException, as declared in JetBrains/intellij-community
// platform/ide-core/src/com/intellij/openapi/options/ConfigurationException.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.options;

public class ConfigurationException extends Exception {
  public ConfigurationException(String message) { throw new UnsupportedOperationException(); }
}
