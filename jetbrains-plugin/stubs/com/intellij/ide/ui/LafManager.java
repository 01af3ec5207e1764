// Stub (signatures only) of com.intellij.ide.ui.LafManager, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/ide/ui/LafManager.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ide.ui;

public abstract class LafManager {
}
