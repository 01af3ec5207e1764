// The chat tool window: one JCEF view of the UI with `view=chat`, and a settings button in its title.
package com.wave.jetbrains.platform

import com.intellij.openapi.actionSystem.ActionManager
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.project.DumbAware
import com.intellij.openapi.project.Project
import com.intellij.openapi.wm.ToolWindow
import com.intellij.openapi.wm.ToolWindowFactory
import com.intellij.ui.content.ContentFactory
import com.wave.jetbrains.core.View

/** The id in plugin.xml; `showChat` activates it. */
const val CHAT_TOOL_WINDOW_ID = "Wave"

class ChatToolWindowFactory : ToolWindowFactory, DumbAware {
    override fun createToolWindowContent(project: Project, toolWindow: ToolWindow) {
        val panel = WaveBrowserPanel(project, View.CHAT)
        val contents = ApplicationManager.getApplication().getService(ContentFactory::class.java)
        val content = contents.createContent(panel.component, null, false)
        content.setDisposer(panel)
        toolWindow.contentManager.addContent(content)
        ActionManager.getInstance().getAction(OpenWaveSettingsAction.ID)?.let { toolWindow.setTitleActions(listOf(it)) }
    }
}
