// The settings page in an editor tab: a LightVirtualFile (never on disk) that only this provider
// accepts, shown by a FileEditor wrapping a JCEF view with `view=settings`. Closing the tab
// (`closeSettings`) disposes the editor and with it the browser.
package com.wave.jetbrains.platform

import com.intellij.DynamicBundle
import com.intellij.openapi.fileEditor.FileEditor
import com.intellij.openapi.fileEditor.FileEditorLocation
import com.intellij.openapi.fileEditor.FileEditorPolicy
import com.intellij.openapi.fileEditor.FileEditorProvider
import com.intellij.openapi.fileEditor.FileEditorState
import com.intellij.openapi.project.DumbAware
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import com.intellij.openapi.util.UserDataHolderBase
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.testFramework.LightVirtualFile
import com.wave.jetbrains.core.UiLang
import com.wave.jetbrains.core.View
import java.beans.PropertyChangeListener
import javax.swing.JComponent

/** The tab's title follows the IDE's language, like the page itself. */
class WaveSettingsFile : LightVirtualFile(
    if (UiLang.ofLanguage(DynamicBundle.getLocale().language) == UiLang.ZH_CN) "Wave 设置" else "Wave Settings",
) {
    init {
        isWritable = false
    }
}

class WaveSettingsEditorProvider : FileEditorProvider, DumbAware {
    override fun accept(project: Project, file: VirtualFile) = file is WaveSettingsFile

    override fun createEditor(project: Project, file: VirtualFile): FileEditor = WaveSettingsEditor(project, file)

    override fun getEditorTypeId() = "wave-settings"

    override fun getPolicy() = FileEditorPolicy.HIDE_DEFAULT_EDITOR
}

private class WaveSettingsEditor(project: Project, private val file: VirtualFile) : UserDataHolderBase(), FileEditor {
    private val panel = WaveBrowserPanel(project, View.SETTINGS).also { Disposer.register(this, it) }

    @Volatile
    private var disposed = false

    override fun getComponent(): JComponent = panel.component
    override fun getPreferredFocusedComponent(): JComponent = panel.component
    override fun getName() = "Wave"
    override fun getFile() = file
    override fun setState(state: FileEditorState) = Unit
    override fun isModified() = false
    override fun isValid() = !disposed
    override fun addPropertyChangeListener(listener: PropertyChangeListener) = Unit
    override fun removePropertyChangeListener(listener: PropertyChangeListener) = Unit
    override fun getCurrentLocation(): FileEditorLocation? = null
    override fun dispose() {
        disposed = true // the panel, a child of this editor, is disposed by Disposer
    }
}
