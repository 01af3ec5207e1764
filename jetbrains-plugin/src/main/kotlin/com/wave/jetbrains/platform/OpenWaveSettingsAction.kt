// Tools | Wave Settings (also in the chat tool window's title bar): opens the settings editor tab.
package com.wave.jetbrains.platform

import com.intellij.openapi.actionSystem.ActionUpdateThread
import com.intellij.openapi.actionSystem.AnAction
import com.intellij.openapi.actionSystem.AnActionEvent
import com.intellij.openapi.project.DumbAware

class OpenWaveSettingsAction : AnAction(), DumbAware {
    override fun actionPerformed(e: AnActionEvent) {
        e.project?.let { WaveProjectService.of(it).openSettings() }
    }

    override fun update(e: AnActionEvent) {
        e.presentation.isEnabled = e.project != null
    }

    override fun getActionUpdateThread() = ActionUpdateThread.BGT

    companion object {
        const val ID = "Wave.OpenSettings"
    }
}
