// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/openapi/wm/ToolWindowManager.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.wm

import com.intellij.openapi.project.Project

abstract class ToolWindowManager {
    companion object {
        @JvmStatic
        fun getInstance(project: Project): ToolWindowManager = TODO()
    }

    abstract fun getToolWindow(id: String?): ToolWindow?

    abstract fun invokeLater(runnable: Runnable)
}
