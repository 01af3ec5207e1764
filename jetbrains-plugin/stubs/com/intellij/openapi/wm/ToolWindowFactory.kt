// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/openapi/wm/ToolWindowFactory.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.wm

import com.intellij.openapi.project.PossiblyDumbAware
import com.intellij.openapi.project.Project

interface ToolWindowFactory : PossiblyDumbAware {
    fun createToolWindowContent(project: Project, toolWindow: ToolWindow)
}
