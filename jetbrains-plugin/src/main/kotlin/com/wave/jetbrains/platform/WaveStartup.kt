// At project open: start the sidecar, and create the chat view right away (hidden) so it is already
// connected when the first `showChat` and its chat prefill arrive — the sidecar does not replay
// broadcasts to a view that connects later.
package com.wave.jetbrains.platform

import com.intellij.notification.Notification
import com.intellij.notification.NotificationAction
import com.intellij.notification.NotificationType
import com.intellij.openapi.options.ShowSettingsUtil
import com.intellij.openapi.project.Project
import com.intellij.openapi.startup.ProjectActivity
import com.intellij.openapi.util.text.StringUtil
import com.intellij.openapi.wm.ToolWindowManager

class WaveStartup : ProjectActivity {
    override suspend fun execute(project: Project) {
        WaveProjectService.of(project).start()
        val toolWindows = ToolWindowManager.getInstance(project)
        toolWindows.invokeLater { toolWindows.getToolWindow(CHAT_TOOL_WINDOW_ID)?.contentManager }
    }
}

/** The id of the notification group in plugin.xml. */
const val NOTIFICATION_GROUP = "Wave"

/** A balloon in the "Wave" notification group, optionally with a link to the settings; any thread. */
internal fun notifyWave(project: Project, message: String, type: NotificationType, offerSettings: Boolean = false, title: String = "Wave") {
    if (project.isDisposed) return
    val html = StringUtil.escapeXmlEntities(message).replace("\n", "<br>")
    val notification = Notification(NOTIFICATION_GROUP, StringUtil.escapeXmlEntities(title), html, type)
    if (offerSettings) {
        notification.addAction(NotificationAction.createSimple("Open Settings | Tools | Wave…") {
            ShowSettingsUtil.getInstance().showSettingsDialog(project, WaveConfigurable::class.java)
        })
    }
    notification.notify(project)
}
