// One view of the web UI (the chat or the settings page): the sidecar's URL with its token plus the
// IDE's theme and language. The browser is created when the view is first shown (the sidecar keeps
// a chat prefill for the first chat view that connects); a new sidecar address loads the page, a
// theme change is pushed into it (core/ViewUpdates). Without JCEF — unsupported, the JCEF plugin
// disabled or absent, or failing to start — a plain panel says why and offers the page in a browser.
package com.wave.jetbrains.platform

import com.intellij.DynamicBundle
import com.intellij.ide.BrowserUtil
import com.intellij.ide.ui.LafManagerListener
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.diagnostic.Logger
import com.intellij.openapi.project.Project
import com.intellij.ui.JBColor
import com.intellij.ui.components.ActionLink
import com.intellij.ui.components.JBLabel
import com.intellij.util.ui.JBUI
import com.wave.jetbrains.core.BrowserOutcome
import com.wave.jetbrains.core.EmbeddedBrowser
import com.wave.jetbrains.core.Theme
import com.wave.jetbrains.core.UiLang
import com.wave.jetbrains.core.UiUrls
import com.wave.jetbrains.core.View
import com.wave.jetbrains.core.ViewUpdate
import com.wave.jetbrains.core.ViewUpdates
import java.awt.BorderLayout
import java.awt.event.HierarchyEvent
import javax.swing.JComponent
import javax.swing.JPanel

private val LOG = Logger.getInstance(WaveBrowserPanel::class.java)

/** A page view without JCEF types (JcefWebView is the one implementation). */
internal interface WebView {
    val component: JComponent
    fun html(html: String)
    fun load(url: String)
    fun run(script: String)
}

internal class WaveBrowserPanel(private val project: Project, private val view: View) : Disposable {
    private val link = ActionLink("Open Wave in the browser") { loaded?.let { BrowserUtil.browse(it) } }.apply { isEnabled = false }
    private var web: WebView? = null
    private var shown = false
    private var loaded: String? = null

    val component: JComponent = JPanel(BorderLayout())

    init {
        component.addHierarchyListener { e ->
            if (e.changeFlags and HierarchyEvent.SHOWING_CHANGED.toLong() != 0L && component.isShowing) firstShown()
        }
    }

    /** The first time the view is on screen: start the sidecar, create the browser (or the fallback). */
    private fun firstShown() {
        if (shown) return
        shown = true
        val service = WaveProjectService.of(project)
        service.start()
        when (val outcome = EmbeddedBrowser.open { JcefWebView.createOrNull(this) }) {
            is BrowserOutcome.Opened -> web = outcome.view.also { component.add(it.component, BorderLayout.CENTER) }
            is BrowserOutcome.Missing -> {
                outcome.error?.let { LOG.warn("No embedded browser for Wave", it) }
                component.border = JBUI.Borders.empty(12, 12, 12, 12)
                component.add(JBLabel(outcome.reason), BorderLayout.NORTH)
                component.add(link, BorderLayout.CENTER)
            }
        }
        component.revalidate()
        web?.html("<html><body style='font-family:sans-serif;color:#888'>Starting Wave…</body></html>")
        service.whenReady(this) { update() }
        ApplicationManager.getApplication().messageBus.connect(this)
            .subscribe(LafManagerListener.TOPIC, LafManagerListener { update() })
    }

    /** Loads the page for a new address or language, pushes a new theme; nothing when unchanged. */
    private fun update() {
        val ready = WaveProjectService.of(project).ready ?: return
        val lang = UiLang.ofLanguage(DynamicBundle.getLocale().language)
        when (val next = ViewUpdates.next(loaded, UiUrls.of(ready, view, Theme.of(JBColor.isBright()), lang))) {
            ViewUpdate.None -> Unit
            is ViewUpdate.Load -> { loaded = next.url; web?.load(next.url) ?: run { link.isEnabled = true } }
            is ViewUpdate.Push -> { loaded = next.url; web?.run(next.script) }
        }
    }

    override fun dispose() = Unit // the browser and the subscriptions are children of this
}
