// Settings | Tools | Wave: the Node.js executable (empty: the first Node.js new enough on PATH).
// Changing it restarts the sidecar of every open project.
package com.wave.jetbrains.platform

import com.intellij.ide.util.PropertiesComponent
import com.intellij.openapi.components.service
import com.intellij.openapi.options.BoundConfigurable
import com.intellij.openapi.project.ProjectManager
import com.intellij.openapi.ui.DialogPanel
import com.intellij.ui.dsl.builder.COLUMNS_LARGE
import com.intellij.ui.dsl.builder.bindText
import com.intellij.ui.dsl.builder.columns
import com.intellij.ui.dsl.builder.panel
import com.wave.jetbrains.core.NodeVersion

object WaveSettings {
    private const val NODE_PATH = "com.wave.jetbrains.nodePath"

    var nodePath: String
        get() = PropertiesComponent.getInstance().getValue(NODE_PATH, "")
        set(value) = PropertiesComponent.getInstance().setValue(NODE_PATH, value.trim(), "")
}

class WaveConfigurable : BoundConfigurable("Wave") {
    override fun createPanel(): DialogPanel = panel {
        row("Node.js executable:") {
            textField()
                .bindText(WaveSettings::nodePath)
                .columns(COLUMNS_LARGE)
                .comment("Empty: the first Node.js ${NodeVersion.MINIMUM} or newer on PATH (or \$WAVE_NODE).")
        }
    }

    override fun apply() {
        val before = WaveSettings.nodePath
        super.apply()
        if (WaveSettings.nodePath == before) return
        ProjectManager.getInstance().openProjects
            .filter { !it.isDefault && !it.isDisposed }
            .forEach { it.service<WaveProjectService>().restart() }
    }
}
