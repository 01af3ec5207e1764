// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/ide-core-impl/src/com/intellij/openapi/fileEditor/impl/EditorTabTitleProvider.kt (2024.3, branch 243).
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.fileEditor.impl

import com.intellij.openapi.project.DumbAware
import com.intellij.openapi.project.Project
import com.intellij.openapi.vfs.VirtualFile

interface EditorTabTitleProvider : DumbAware {
    fun getEditorTabTitle(project: Project, file: VirtualFile): String?
}
