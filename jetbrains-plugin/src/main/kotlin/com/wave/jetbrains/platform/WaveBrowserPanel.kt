// One JCEF view of the web UI (the chat or the settings page), loading the sidecar's URL with its
// token plus the IDE's theme and language, and reloading when the sidecar restarts or the theme
// changes. The browser is created at once (not when first shown), so a hidden chat view is already
// connected when the first prefill arrives. Without JCEF — unsupported, or failing to start although
// `isSupported()` said yes — a plain panel says why and offers the page in a browser.
package com.wave.jetbrains.platform

import com.intellij.DynamicBundle
import com.intellij.ide.BrowserUtil
import com.intellij.ide.ui.LafManagerListener
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.diagnostic.Logger
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

private val LOG = Logger.getInstance(WaveBrowserPanel::class.java)

internal class WaveBrowserPanel(private val project: Project, private val view: View) : Disposable {
    private var unavailable = "This IDE has no embedded browser (JCEF), so Wave cannot be shown here."
    private val browser: JBCefBrowser? = createBrowser()
    private val link = ActionLink("Open Wave in the browser") { loaded?.let { BrowserUtil.browse(it) } }.apply { isEnabled = false }
    private var loaded: String? = null

    val component: JComponent = browser?.component ?: JPanel(BorderLayout()).apply {
        border = JBUI.Borders.empty(12, 12, 12, 12)
        add(JBLabel(unavailable), BorderLayout.NORTH)
        add(link, BorderLayout.CENTER)
    }

    init {
        browser?.loadHTML("<html><body style='font-family:sans-serif;color:#888'>Starting Wave…</body></html>")
        WaveProjectService.of(project).whenReady(this) { load() }
        ApplicationManager.getApplication().messageBus.connect(this)
            .subscribe(LafManagerListener.TOPIC, LafManagerListener { load() })
    }

    private fun createBrowser(): JBCefBrowser? {
        if (!JBCefApp.isSupported()) return null
        return try {
            JBCefBrowser.createBuilder().setCreateImmediately(true).build().also { Disposer.register(this, it) }
        } catch (e: Exception) {
            failed(e)
        } catch (e: LinkageError) {
            failed(e)
        }
    }

    private fun failed(e: Throwable): JBCefBrowser? {
        LOG.warn("JCEF could not start", e)
        unavailable = "The embedded browser (JCEF) could not start (${e.message ?: e.javaClass.simpleName}), so Wave cannot be shown here."
        return null
    }

    /** (Re)loads the UI for the current sidecar address, theme and language; nothing when unchanged. */
    private fun load() {
        val ready = WaveProjectService.of(project).ready ?: return
        val lang = UiLang.ofLanguage(DynamicBundle.getLocale().language)
        val url = UiUrls.of(ready, view, Theme.of(JBColor.isBright()), lang)
        if (url == loaded) return
        loaded = url
        if (browser != null) browser.loadURL(url) else link.isEnabled = true
    }

    override fun dispose() = Unit // the browser and the subscriptions are children of this
}
