// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/startup/StartupActivity.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.startup

import com.intellij.openapi.project.Project

interface ProjectActivity {
    suspend fun execute(project: Project)
}
