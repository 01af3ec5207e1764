// Stub (signatures only) of com.intellij.openapi.util.text.StringUtil, as declared in JetBrains/intellij-community
// platform/util/src/com/intellij/openapi/util/text/StringUtil.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.util.text;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class StringUtil {
  public static @NotNull String escapeXmlEntities(@NotNull String text) { throw new UnsupportedOperationException(); }
}
