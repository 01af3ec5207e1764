// Whether a view gets the embedded browser (JCEF) or the fallback panel (jetbrains-plugin/README.md,
// "Supported IDEs"). From 2026.2 JCEF is a plugin of its own (`com.intellij.modules.jcef`), which can
// be disabled or absent: then its classes are missing and the first touch throws
// NoClassDefFoundError (a LinkageError). The platform layer keeps every JCEF type in one class and
// reaches it only through [open], so nothing else can fail that way.
package com.wave.jetbrains.core

sealed interface BrowserOutcome<out T> {
    data class Opened<T>(val view: T) : BrowserOutcome<T>

    /** [reason] is shown in the fallback panel, which offers the page in a web browser. */
    data class Missing(val reason: String, val error: Throwable? = null) : BrowserOutcome<Nothing>
}

object EmbeddedBrowser {
    const val UNSUPPORTED = "This IDE has no embedded browser (JCEF), so Wave cannot be shown here."
    const val NO_PLUGIN = "The embedded browser (the \"Web Browser (JCEF)\" plugin) is disabled or missing in this IDE, so Wave cannot be shown here."

    /** Runs [create] (null: JCEF says it is unsupported) and turns every way it can fail into [BrowserOutcome.Missing]. */
    fun <T : Any> open(create: () -> T?): BrowserOutcome<T> = try {
        create()?.let { BrowserOutcome.Opened(it) } ?: BrowserOutcome.Missing(UNSUPPORTED)
    } catch (e: LinkageError) {
        BrowserOutcome.Missing(NO_PLUGIN, e)
    } catch (e: Exception) {
        BrowserOutcome.Missing("The embedded browser (JCEF) could not start (${e.message ?: e.javaClass.simpleName}), so Wave cannot be shown here.", e)
    }
}
