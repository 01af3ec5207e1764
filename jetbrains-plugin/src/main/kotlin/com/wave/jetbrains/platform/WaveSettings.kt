// The plugin's application settings (jetbrains-plugin/README.md, "Settings | Tools | Wave"): the
// Node.js path and the model fields in the IDE's properties, the API key in its password safe.
package com.wave.jetbrains.platform

import com.intellij.credentialStore.CredentialAttributes
import com.intellij.credentialStore.generateServiceName
import com.intellij.ide.passwordSafe.PasswordSafe
import com.intellij.ide.util.PropertiesComponent
import com.wave.jetbrains.core.ModelProvider
import com.wave.jetbrains.core.ModelSettings

object WaveSettings {
    private const val PREFIX = "com.wave.jetbrains."
    private val API_KEY = CredentialAttributes(generateServiceName("Wave", "model API key"))

    var nodePath by Stored("nodePath")
    var provider by Stored("model.provider")
    var baseUrl by Stored("model.baseUrl")
    var model by Stored("model.name")

    /** The stored API key, "" when none. The password safe may block: not on the EDT. */
    fun apiKey(): String = PasswordSafe.instance.getPassword(API_KEY).orEmpty()

    /** Stores [key] ("" removes it). Not on the EDT. */
    fun setApiKey(key: String) = PasswordSafe.instance.setPassword(API_KEY, key.trim().ifEmpty { null })

    /** Everything the sidecar gets from here (not on the EDT: reads the key). */
    fun modelSettings() = ModelSettings(ModelProvider.of(provider), baseUrl, model, apiKey())

    private class Stored(name: String) {
        private val key = PREFIX + name

        operator fun getValue(owner: Any, property: kotlin.reflect.KProperty<*>): String =
            PropertiesComponent.getInstance().getValue(key, "")

        operator fun setValue(owner: Any, property: kotlin.reflect.KProperty<*>, value: String) =
            PropertiesComponent.getInstance().setValue(key, value.trim(), "")
    }
}
