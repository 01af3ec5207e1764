// The IDE side of each host request; HostDispatcher calls these on the EDT, in request order.
package com.wave.jetbrains.platform

import com.intellij.notification.NotificationType
import com.intellij.openapi.fileEditor.OpenFileDescriptor
import com.intellij.openapi.fileEditor.ex.FileEditorManagerEx
import com.intellij.openapi.project.Project
import com.intellij.openapi.vfs.LocalFileSystem
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.openapi.wm.ToolWindowManager
import com.wave.jetbrains.core.HostActions
import com.wave.jetbrains.core.NotifyLevel
import com.wave.jetbrains.core.Paths
import java.io.File

internal class IdeHostActions(private val project: Project, private val settingsFile: VirtualFile) : HostActions {
    /** On the stdout reader's thread (a refresh blocks): the sidecar may have created the file a moment ago. */
    override fun refresh(path: String) {
        LocalFileSystem.getInstance().refreshAndFindFileByPath(vfsPath(path))
    }

    /** With a line (1-based), the caret goes to its start and the editor scrolls there. */
    override fun openFile(path: String, line: Int?): Boolean {
        val file = LocalFileSystem.getInstance().findFileByPath(vfsPath(path))
        if (file == null || file.isDirectory) return false
        if (line != null) OpenFileDescriptor(project, file, line - 1, 0).navigate(true)
        else FileEditorManagerEx.getInstanceEx(project).openFile(file, true)
        return true
    }

    /**
     * Closes the settings tab in every editor window (split or undocked ones too): closing the file
     * only closes it in the current window. Closing disposes each settings JCEF view.
     */
    override fun closeSettings(): Boolean {
        val editors = FileEditorManagerEx.getInstanceEx(project)
        if (!editors.isFileOpen(settingsFile)) return false
        for (window in editors.windows) editors.closeFile(settingsFile, window)
        return true
    }

    private fun vfsPath(path: String) = Paths.toVfsPath(path, File.separatorChar == '\\')

    override fun showChat() {
        ToolWindowManager.getInstance(project).getToolWindow(CHAT_TOOL_WINDOW_ID)?.activate(null)
    }

    override fun notify(title: String?, message: String, level: NotifyLevel) {
        val type = when (level) {
            NotifyLevel.INFO -> NotificationType.INFORMATION
            NotifyLevel.WARNING -> NotificationType.WARNING
            NotifyLevel.ERROR -> NotificationType.ERROR
        }
        notifyWave(project, message, type, title = title ?: "Wave")
    }
}
