// Stub (signatures only), as declared in JetBrains/intellij-community
// platform/platform-impl/src/com/intellij/openapi/fileEditor/ex/FileEditorManagerEx.kt (2024.3, branch 243): the same file name, so top-level functions keep their JVM class.
// jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.fileEditor.ex

import com.intellij.openapi.fileEditor.FileEditorManager
import com.intellij.openapi.fileEditor.impl.EditorWindow
import com.intellij.openapi.project.Project
import com.intellij.openapi.vfs.VirtualFile

abstract class FileEditorManagerEx : FileEditorManager() {
    companion object {
        @JvmStatic
        fun getInstanceEx(project: Project): FileEditorManagerEx = TODO()
    }

    abstract fun closeFile(file: VirtualFile, window: EditorWindow)

    abstract val windows: Array<EditorWindow>
}
