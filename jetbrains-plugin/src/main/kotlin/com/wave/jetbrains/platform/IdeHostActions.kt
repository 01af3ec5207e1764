// The IDE side of each host request; HostDispatcher calls these on the EDT, in request order.
package com.wave.jetbrains.platform

import com.intellij.openapi.fileEditor.FileEditorManager
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.SystemInfo
import com.intellij.openapi.vfs.LocalFileSystem
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.openapi.wm.ToolWindowManager
import com.wave.jetbrains.core.HostActions
import com.wave.jetbrains.core.Paths

internal class IdeHostActions(private val project: Project, private val settingsFile: VirtualFile) : HostActions {
    /** Refreshes the path first: the file may have been created by the sidecar a moment ago. */
    override fun openFile(path: String): Boolean {
        val file = LocalFileSystem.getInstance().refreshAndFindFileByPath(Paths.toVfsPath(path, SystemInfo.isWindows))
        if (file == null || file.isDirectory) return false
        FileEditorManager.getInstance(project).openFile(file, true)
        return true
    }

    /** Closing the file closes its editor in every window, which disposes the settings JCEF view. */
    override fun closeSettings(): Boolean {
        val editors = FileEditorManager.getInstance(project)
        if (!editors.isFileOpen(settingsFile)) return false
        editors.closeFile(settingsFile)
        return true
    }

    override fun showChat() {
        ToolWindowManager.getInstance(project).getToolWindow(CHAT_TOOL_WINDOW_ID)?.activate(null)
    }
}
