// One JCEF view of the web UI (the chat or the settings page), loading the sidecar's URL with its
// token plus the IDE's theme and language, and reloading when the sidecar restarts or the theme
// changes. Without JCEF (`JBCefApp.isSupported()` false) a plain panel offers the page in a browser.
package com.wave.jetbrains.platform

import com.intellij.DynamicBundle
import com.intellij.ide.BrowserUtil
import com.intellij.ide.ui.LafManagerListener
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.components.service
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import com.intellij.ui.JBColor
import com.intellij.ui.components.ActionLink
import com.intellij.ui.components.JBLabel
import com.intellij.ui.jcef.JBCefApp
import com.intellij.ui.jcef.JBCefBrowser
import com.intellij.util.ui.JBUI
import com.wave.jetbrains.core.Theme
import com.wave.jetbrains.core.UiLang
import com.wave.jetbrains.core.UiUrls
import com.wave.jetbrains.core.View
import java.awt.BorderLayout
import javax.swing.JComponent
import javax.swing.JPanel

internal class WaveBrowserPanel(private val project: Project, private val view: View) : Disposable {
    private val browser: JBCefBrowser? =
        if (JBCefApp.isSupported()) JBCefBrowser.createBuilder().build().also { Disposer.register(this, it) } else null
    private val link = ActionLink("Open Wave in the browser") { loaded?.let { BrowserUtil.browse(it) } }.apply { isEnabled = false }
    private var loaded: String? = null

    val component: JComponent = browser?.component ?: JPanel(BorderLayout()).apply {
        border = JBUI.Borders.empty(12)
        add(JBLabel("This IDE has no embedded browser (JCEF), so Wave cannot be shown here."), BorderLayout.NORTH)
        add(link, BorderLayout.CENTER)
    }

    init {
        browser?.loadHTML("<html><body style='font-family:sans-serif;color:#888'>Starting Wave…</body></html>")
        project.service<WaveProjectService>().whenReady(this) { load() }
        ApplicationManager.getApplication().messageBus.connect(this)
            .subscribe(LafManagerListener.TOPIC, LafManagerListener { load() })
    }

    /** (Re)loads the UI for the current sidecar address, theme and language; nothing when unchanged. */
    private fun load() {
        val ready = project.service<WaveProjectService>().ready ?: return
        val lang = UiLang.ofLanguage(DynamicBundle.getLocale().language)
        val url = UiUrls.of(ready, view, Theme.of(JBColor.isBright()), lang)
        if (url == loaded) return
        loaded = url
        if (browser != null) browser.loadURL(url) else link.isEnabled = true
    }

    override fun dispose() = Unit // the browser and the subscriptions are children of this
}
