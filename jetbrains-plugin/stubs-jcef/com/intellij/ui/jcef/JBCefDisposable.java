// Stub (signatures only) of com.intellij.ui.jcef.JBCefDisposable, as declared in JetBrains/intellij-community
// platform/ui.jcef/jcef/JBCefDisposable.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ui.jcef;

import com.intellij.openapi.Disposable;

public interface JBCefDisposable extends Disposable {
}
