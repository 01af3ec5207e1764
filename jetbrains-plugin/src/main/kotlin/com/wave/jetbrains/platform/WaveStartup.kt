// At project open: start the sidecar only for a Wave project (it has .wave/settings*.json) or when the
// chat tool window was left open (core/StartPolicy); otherwise the first use starts it. No browser is
// created here: each view creates its own when first shown, and the sidecar keeps a chat prefill for
// the first chat view that connects.
package com.wave.jetbrains.platform

import com.intellij.notification.Notification
import com.intellij.notification.NotificationAction
import com.intellij.notification.NotificationType
import com.intellij.openapi.options.ShowSettingsUtil
import com.intellij.openapi.project.Project
import com.intellij.openapi.startup.ProjectActivity
import com.intellij.openapi.util.text.StringUtil
import com.intellij.openapi.wm.ToolWindowManager
import com.wave.jetbrains.core.StartPolicy

class WaveStartup : ProjectActivity {
    override suspend fun execute(project: Project) {
        val service = WaveProjectService.of(project)
        if (StartPolicy.atProjectOpen(project.basePath, chatWasOpen = false)) return service.start()
        val toolWindows = ToolWindowManager.getInstance(project)
        toolWindows.invokeLater {
            if (StartPolicy.atProjectOpen(null, toolWindows.getToolWindow(CHAT_TOOL_WINDOW_ID)?.isVisible == true)) service.start()
        }
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
