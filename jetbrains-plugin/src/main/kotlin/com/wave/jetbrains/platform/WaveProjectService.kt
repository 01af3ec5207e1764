// One per open project: runs its sidecar (`wave serve --workdir <project>`) once it is needed
// (core/StartPolicy: at project open for a Wave project, else on first use), hands the sidecar's
// host requests to the ordering policy (core/HostDispatcher) and tells the JCEF views where the UI
// is. Disposed with the project, which stops the sidecar. All decisions live in the core.
package com.wave.jetbrains.platform

import com.intellij.notification.NotificationType
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.PathManager
import com.intellij.openapi.components.Service
import com.intellij.openapi.diagnostic.Logger
import com.intellij.openapi.fileEditor.FileEditorManager
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import com.intellij.util.EnvironmentUtil
import com.wave.jetbrains.core.ConnectionProbe
import com.wave.jetbrains.core.HostDispatcher
import com.wave.jetbrains.core.LaunchSpec
import com.wave.jetbrains.core.NodeLocator
import com.wave.jetbrains.core.NodeLookup
import com.wave.jetbrains.core.PluginLayout
import com.wave.jetbrains.core.Ready
import com.wave.jetbrains.core.SidecarCommand
import com.wave.jetbrains.core.SidecarEnvironment
import com.wave.jetbrains.core.SidecarListener
import com.wave.jetbrains.core.SidecarLog
import com.wave.jetbrains.core.SidecarSetupException
import com.wave.jetbrains.core.SidecarSupervisor
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.CopyOnWriteArraySet

private val LOG = Logger.getInstance(WaveProjectService::class.java)

@Service(Service.Level.PROJECT)
class WaveProjectService(private val project: Project) : Disposable {
    /** The settings tab's file; `closeSettings` closes exactly this file's editors. */
    val settingsFile = WaveSettingsFile()

    /** The sidecar's current address, null until its first ready line. */
    @Volatile
    var ready: Ready? = null
        private set

    private val readyListeners = CopyOnWriteArrayList<(Ready) -> Unit>()

    private val dispatcher = HostDispatcher(
        IdeHostActions(project, settingsFile),
        onEdt = { task -> ApplicationManager.getApplication().invokeLater(task, project.disposed) },
        report = { message -> LOG.warn(message); notifyWave(project, message, NotificationType.WARNING) },
    )

    private val supervisor = SidecarSupervisor(spec = ::launchSpec, listener = object : SidecarListener {
        override fun onReady(ready: Ready) {
            this@WaveProjectService.ready = ready
            ApplicationManager.getApplication().invokeLater({ readyListeners.forEach { it(ready) } }, project.disposed)
        }

        override fun onHostLine(line: String) = dispatcher.submitLine(line)

        override fun onStderr(line: String) = if (SidecarLog.levelOf(line) == SidecarLog.Level.WARN) LOG.warn("sidecar: $line") else LOG.debug("sidecar: $line")

        override fun onWarning(message: String) = LOG.warn("sidecar: $message")

        override fun onStopped(reason: String, restartInMs: Long?, quickFailures: Int) {
            LOG.warn("sidecar stopped ($reason); restart in ${restartInMs ?: "never"} ms")
            when {
                restartInMs == null -> notifyWave(project, reason, NotificationType.ERROR, offerSettings = true)
                quickFailures == 3 -> notifyWave(project, "Wave keeps stopping and is being restarted. $reason", NotificationType.WARNING)
            }
        }
    })

    init {
        open += this
    }

    /** Starts the sidecar (in the background; later calls do nothing). */
    fun start() = supervisor.start()

    /** Starts a fresh sidecar now, e.g. after the Node.js path changed. */
    fun restart() = supervisor.restart()

    /** Calls [listener] on the EDT with the current address and each new one, until [parent] is disposed. */
    fun whenReady(parent: Disposable, listener: (Ready) -> Unit) {
        readyListeners += listener
        Disposer.register(parent, Disposable { readyListeners -= listener })
        ready?.let(listener)
    }

    /** Opens (or focuses) the settings editor tab. */
    fun openSettings() {
        start()
        FileEditorManager.getInstance(project).openFile(settingsFile, true)
    }

    override fun dispose() {
        open -= this
        dispatcher.dispose()
        supervisor.stop()
    }

    /**
     * Runs on a background thread before each start: finds Node and the sidecar's files; the
     * environment is the login shell's (so hooks see the user's PATH) plus the model settings and
     * the IDE's proxy for the model's URL.
     */
    private fun launchSpec(): LaunchSpec {
        val model = WaveSettings.modelSettings()
        val shell = SidecarEnvironment.of(EnvironmentUtil.getEnvironmentMap(), model)
        val env = IdeProxySettings.environment(shell, ConnectionProbe.request(model.withFallbacks(shell)).url)
        val configured = WaveSettings.nodePath.ifBlank { System.getenv("WAVE_NODE") ?: "" }
        val node = when (val found = NodeLocator.forThisMachine().locate(configured, env["PATH"] ?: System.getenv("PATH"))) {
            is NodeLookup.Found -> found.path
            is NodeLookup.NotFound -> throw SidecarSetupException(found.message)
        }
        val jar = PathManager.getJarForClass(WaveProjectService::class.java)?.toString()
        val root = PluginLayout.sidecarRoot(System.getenv("WAVE_SIDECAR_DIR"), jar)
        return SidecarCommand.spec(node, root, project.basePath, env = env)
    }

    companion object {
        private val open = CopyOnWriteArraySet<WaveProjectService>()

        fun of(project: Project): WaveProjectService = project.getService(WaveProjectService::class.java)

        /** Restarts the sidecar of every open project, e.g. after Settings | Tools | Wave changed. */
        fun restartAll() = open.forEach { it.restart() }
    }
}
