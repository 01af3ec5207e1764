// The IDE's HTTP proxy (Settings | Appearance & Behavior | System Settings | HTTP Proxy) for the
// sidecar's environment (jetbrains-plugin/README.md, "Proxy"); core/ProxyEnvironment decides what is
// passed on. Not on the EDT: the credential store may block.
package com.wave.jetbrains.platform

import com.intellij.openapi.diagnostic.Logger
import com.intellij.util.net.JdkProxyProvider
import com.intellij.util.net.ProxyConfiguration
import com.intellij.util.net.ProxyCredentialStore
import com.intellij.util.net.ProxySettings
import com.wave.jetbrains.core.IdeProxy
import com.wave.jetbrains.core.ProxyCredentials
import com.wave.jetbrains.core.ProxyEnvironment
import java.net.URI

internal object IdeProxySettings {
    private val LOG = Logger.getInstance(IdeProxySettings::class.java)

    /** [inherited] with the IDE's proxy for requests to [target] (the model's URL). */
    fun environment(inherited: Map<String, String>, target: String): Map<String, String> {
        val choice = ProxyEnvironment.choose(current(target)) ?: return inherited
        if (choice.skipped.isNotEmpty()) LOG.warn("proxy exceptions that NO_PROXY cannot express, not passed to the sidecar: ${choice.skipped}")
        val stored = ProxyCredentialStore.getInstance().getCredentials(choice.host, choice.port)
        val credentials = stored?.userName?.let { ProxyCredentials(it, stored.getPasswordAsString().orEmpty()) }
        return ProxyEnvironment.apply(inherited, choice, credentials)
    }

    private fun current(target: String): IdeProxy = when (val c = ProxySettings.getInstance().getProxyConfiguration()) {
        is ProxyConfiguration.DirectProxy -> IdeProxy.Direct
        is ProxyConfiguration.StaticProxyConfiguration ->
            IdeProxy.Manual(c.protocol == ProxyConfiguration.ProxyProtocol.HTTP, c.host, c.port, c.exceptions)
        else -> IdeProxy.Selected(JdkProxyProvider.getInstance().proxySelector.select(URI(target)))
    }
}
