// The settings page in an editor tab: a LightVirtualFile (never on disk) of its own file type that
// only this provider accepts, shown by a FileEditor wrapping a view with `view=settings`, its tab
// titled by WaveSettingsTabTitle. Closing the tab (`closeSettings`) disposes the editor and with it
// the browser.
package com.wave.jetbrains.platform

import com.intellij.DynamicBundle
import com.intellij.openapi.fileEditor.FileEditor
import com.intellij.openapi.fileEditor.FileEditorLocation
import com.intellij.openapi.fileEditor.FileEditorPolicy
import com.intellij.openapi.fileEditor.FileEditorProvider
import com.intellij.openapi.fileEditor.FileEditorState
import com.intellij.openapi.fileEditor.impl.EditorTabTitleProvider
import com.intellij.openapi.fileTypes.FileType
import com.intellij.openapi.project.DumbAware
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import com.intellij.openapi.util.UserDataHolderBase
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.testFramework.LightVirtualFile
import com.wave.jetbrains.core.SettingsTab
import com.wave.jetbrains.core.UiLang
import com.wave.jetbrains.core.View
import java.beans.PropertyChangeListener
import javax.swing.Icon
import javax.swing.JComponent

private fun tabTitle() = SettingsTab.title(UiLang.ofLanguage(DynamicBundle.getLocale().language))

class WaveSettingsFile : LightVirtualFile(tabTitle(), WaveSettingsFileType, "") {
    init {
        isWritable = false
    }
}

/** The settings tab's file type (plugin.xml): not a text file, never on disk. */
object WaveSettingsFileType : FileType {
    override fun getName() = "Wave Settings"
    override fun getDescription() = "The Wave settings page"
    override fun getDefaultExtension() = ""
    override fun getIcon(): Icon? = null
    override fun isBinary() = true
    override fun isReadOnly() = true
    override fun getCharset(file: VirtualFile, content: ByteArray): String? = null
}

/** The tab's title follows the IDE's language, like the page itself. */
class WaveSettingsTabTitle : EditorTabTitleProvider {
    override fun getEditorTabTitle(project: Project, file: VirtualFile): String? = if (file is WaveSettingsFile) tabTitle() else null
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
