// Stub (signatures only) of com.intellij.openapi.project.DumbAwareAction, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/openapi/project/DumbAwareAction.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.project;

import com.intellij.openapi.actionSystem.AnAction;

public abstract class DumbAwareAction extends AnAction implements DumbAware {
}
