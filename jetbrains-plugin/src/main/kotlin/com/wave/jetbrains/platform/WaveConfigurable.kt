// Settings | Tools | Wave (jetbrains-plugin/README.md): the Node.js executable and the model the
// sidecar talks to — provider, base URL, model, API key (password safe) — with Test connection.
// Applying a change restarts the sidecar of every open project; empty fields leave the sidecar's
// own configuration (environment, ~/.wave/settings.json) in charge.
package com.wave.jetbrains.platform

import com.intellij.openapi.options.BoundConfigurable
import com.intellij.openapi.options.ConfigurationException
import com.intellij.openapi.progress.ProgressManager
import com.intellij.openapi.ui.ComboBox
import com.intellij.openapi.ui.DialogPanel
import com.intellij.openapi.util.ThrowableComputable
import com.intellij.ui.components.JBPasswordField
import com.intellij.ui.components.JBTextField
import com.intellij.ui.dsl.builder.bindItem
import com.intellij.ui.dsl.builder.bindText
import com.intellij.ui.dsl.builder.columns
import com.intellij.ui.dsl.builder.panel
import com.intellij.util.EnvironmentUtil
import com.wave.jetbrains.core.ConnectionProbe
import com.wave.jetbrains.core.ModelProvider
import com.wave.jetbrains.core.ModelSettings
import com.wave.jetbrains.core.NodeVersion
import javax.swing.JLabel

/** A provider choice in the combo box; "not set" leaves the choice to the sidecar's settings. */
private data class ProviderChoice(val provider: ModelProvider?) {
    override fun toString() = provider?.label ?: "Not set (the sidecar's settings)"
}

private val CHOICES = listOf(ProviderChoice(null)) + ModelProvider.entries.map(::ProviderChoice)

class WaveConfigurable : BoundConfigurable("Wave", null) {
    private lateinit var providerBox: ComboBox<ProviderChoice>
    private lateinit var baseUrlField: JBTextField
    private lateinit var modelField: JBTextField
    private lateinit var keyField: JBPasswordField
    private lateinit var testResult: JLabel
    /** The stored key, read from the password safe once, when the form is first shown. */
    private var storedKey: String? = null
    private var enteredKey = ""

    override fun createPanel(): DialogPanel = panel {
        row("Node.js executable:") { textField().bindText(WaveSettings::nodePath).columns(40) }
        row(null as JLabel?) { label("Empty: the first Node.js ${NodeVersion.MINIMUM} or newer on PATH (or \$WAVE_NODE).") }
        row("Model provider:") {
            providerBox = comboBox(CHOICES, null)
                .bindItem({ ProviderChoice(ModelProvider.of(WaveSettings.provider)) }, { WaveSettings.provider = it?.provider?.wire ?: "" })
                .component
        }
        row("Base URL:") { baseUrlField = textField().bindText(WaveSettings::baseUrl).columns(40).component }
        row("Model:") { modelField = textField().bindText(WaveSettings::model).columns(40).component }
        row("API key:") { keyField = passwordField().bindText({ storedKey.orEmpty() }, { enteredKey = it }).columns(40).component }
        row(null as JLabel?) { label("Empty fields leave WAVE_* variables and ~/.wave/settings.json in charge. The key is kept in the IDE's password safe.") }
        row(null as JLabel?) {
            button("Test Connection") { testConnection() }
            testResult = label("").component
        }
    }

    override fun reset() {
        if (storedKey == null) storedKey = inBackground("Reading the API key", cancellable = false) { WaveSettings.apiKey() }
        super.reset()
    }

    override fun apply() {
        entered().problem()?.let { throw ConfigurationException(it) }
        val before = listOf(WaveSettings.nodePath, WaveSettings.provider, WaveSettings.baseUrl, WaveSettings.model, storedKey)
        super.apply()
        if (enteredKey != storedKey.orEmpty()) {
            val key = enteredKey
            inBackground("Storing the API key", cancellable = false) { WaveSettings.setApiKey(key) }
            storedKey = key
        }
        val after = listOf(WaveSettings.nodePath, WaveSettings.provider, WaveSettings.baseUrl, WaveSettings.model, storedKey)
        if (after != before) WaveProjectService.restartAll()
    }

    /** What the form shows now (applied or not). */
    private fun entered() = ModelSettings(
        (providerBox.selectedItem as? ProviderChoice)?.provider,
        baseUrlField.text,
        modelField.text,
        String(keyField.password),
    )

    private fun testConnection() {
        val settings = entered().withFallbacks(EnvironmentUtil.getEnvironmentMap())
        testResult.text = inBackground("Testing the connection", cancellable = true) {
            val progress = ProgressManager.getInstance().progressIndicator
            ConnectionProbe.run(settings, cancelled = { progress?.isCanceled == true })
        }.message
    }

    /** Runs [task] off the EDT under a modal progress (the password safe and the network may block). */
    private fun <T> inBackground(title: String, cancellable: Boolean, task: () -> T): T =
        ProgressManager.getInstance().runProcessWithProgressSynchronously(ThrowableComputable<T, RuntimeException> { task() }, title, cancellable, null)
}
