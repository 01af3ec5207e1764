// The only class of the shell that names JCEF (jetbrains-plugin/README.md, "Supported IDEs"). From
// 2026.2 JCEF is the plugin `com.intellij.modules.jcef` (an optional dependency, META-INF/wave-jcef.xml):
// when it is disabled or absent, loading this class fails with a LinkageError, which
// core/EmbeddedBrowser turns into the fallback panel. Nothing JCEF-typed leaves this class;
// `npm test` compiles the rest of the shell without the JCEF stubs to prove it
// (jetbrains-plugin/packaging/kotlin.mjs).
package com.wave.jetbrains.platform

import com.intellij.openapi.Disposable
import com.intellij.openapi.util.Disposer
import com.intellij.ui.jcef.JBCefApp
import com.intellij.ui.jcef.JBCefBrowser
import javax.swing.JComponent

internal class JcefWebView private constructor(private val browser: JBCefBrowser) : WebView {
    override val component: JComponent get() = browser.component

    override fun html(html: String) = browser.loadHTML(html)

    override fun load(url: String) = browser.loadURL(url)

    override fun run(script: String) = browser.cefBrowser.executeJavaScript(script, "wave:ide", 0)

    companion object {
        /** A browser disposed with [parent], or null when JCEF says it is unsupported here. */
        fun createOrNull(parent: Disposable): WebView? {
            if (!JBCefApp.isSupported()) return null
            val browser = JBCefBrowser.createBuilder().setCreateImmediately(true).build()
            Disposer.register(parent, browser)
            return JcefWebView(browser)
        }
    }
}
