// Gradle build of the JetBrains plugin (jetbrains-plugin/README.md). It needs the network (Gradle
// plugin portal, Maven Central, JetBrains' IntelliJ repositories, the npm registry), so it runs on a
// developer machine; the plugin's pure core is also tested without Gradle by
// `node jetbrains-plugin/test-core.mjs`.
//
//   gradle wrapper            (once, with any local Gradle 8.5+: writes gradlew and its jar)
//   ./gradlew buildPlugin     -> jetbrains-plugin/build/gradle/distributions/wave-jetbrains-<version>.zip
//   ./gradlew runIde          -> IntelliJ IDEA 2024.3 with the plugin, sidecar and UI in its sandbox
//   ./gradlew check           -> includes testCore (the core's tests and the golden host-request lines)
//
// The distribution holds, besides the plugin jar, `wave-jetbrains/sidecar/`: the sidecar's
// package.json, bin/, dist/ and production node_modules/, with the built web UI in `sidecar/ui/`.
// At runtime the plugin finds it through PluginManagerCore.getPlugin(...).pluginPath.
import com.github.gradle.node.npm.task.NpmTask
import org.jetbrains.intellij.platform.gradle.tasks.PrepareSandboxTask

plugins {
    id("org.jetbrains.kotlin.jvm") version "2.0.21"
    id("org.jetbrains.intellij.platform") version "2.2.1"
    id("com.github.node-gradle.node") version "7.1.0"
}

group = providers.gradleProperty("pluginGroup").get()
version = providers.gradleProperty("pluginVersion").get()

// Everything Gradle builds goes to jetbrains-plugin/build/ (git-ignored), not to the repository root.
layout.buildDirectory.set(layout.projectDirectory.dir("jetbrains-plugin/build/gradle"))

repositories {
    mavenCentral()
    intellijPlatform {
        defaultRepositories()
    }
}

// IntelliJ IDEA 2024.3 runs on Java 21 and bundles Kotlin 2.0.21's stdlib (not packaged again:
// kotlin.stdlib.default.dependency=false in gradle.properties).
kotlin {
    jvmToolchain(21)
    sourceSets.named("main") { kotlin.setSrcDirs(listOf("jetbrains-plugin/src/main/kotlin")) }
    sourceSets.named("test") { kotlin.setSrcDirs(listOf("jetbrains-plugin/src/test/kotlin")) }
}

sourceSets {
    main {
        java.setSrcDirs(emptyList<String>())
        resources.setSrcDirs(listOf("jetbrains-plugin/src/main/resources"))
    }
    test {
        java.setSrcDirs(emptyList<String>())
        resources.setSrcDirs(emptyList<String>())
    }
}

dependencies {
    intellijPlatform {
        intellijIdeaCommunity(providers.gradleProperty("platformVersion").get())
    }
    // The core's tests run on a plain JVM (their own tiny runner, no JUnit).
    testImplementation("org.jetbrains.kotlin:kotlin-stdlib:2.0.21")
}

intellijPlatform {
    instrumentCode = false // no GUI forms, no @NotNull instrumentation needed
    buildSearchableOptions = false
    pluginConfiguration {
        version = providers.gradleProperty("pluginVersion")
        ideaVersion {
            sinceBuild = providers.gradleProperty("pluginSinceBuild")
            untilBuild = provider { null }
        }
    }
    pluginVerification {
        ides {
            recommended() // ./gradlew verifyPlugin
        }
    }
}

// ----- the sidecar and the web UI (npm workspaces at the repository root) -------------------------

node {
    download = false // the developer's Node.js 20.17+ on PATH
    nodeProjectDir.set(layout.projectDirectory)
    npmInstallCommand = "ci" // root `prepare` also builds the sidecar
}

val buildSidecar by tasks.registering(NpmTask::class) {
    description = "Builds the sidecar (sidecar/dist) with tsc."
    dependsOn(tasks.npmInstall)
    npmCommand.set(listOf("run", "build", "-w", "sidecar"))
    inputs.dir("sidecar/src")
    inputs.files("sidecar/package.json", "sidecar/tsconfig.json", "tsconfig.base.json")
    outputs.dir("sidecar/dist")
}

val buildWebui by tasks.registering(NpmTask::class) {
    description = "Builds the web UI (webui/dist) with Vite."
    dependsOn(tasks.npmInstall)
    npmCommand.set(listOf("run", "build", "-w", "webui"))
    inputs.dir("webui/src")
    inputs.files("webui/package.json", "webui/index.html", "webui/vite.config.ts")
    outputs.dir("webui/dist")
}

// The sidecar as it ships. npm workspaces hoist dependencies into the root node_modules (next to the
// dev tools), so the production dependencies are installed afresh beside a copy of the package.
val sidecarStage = layout.buildDirectory.dir("sidecar-stage")

val stageSidecar by tasks.registering(Sync::class) {
    description = "Copies the built sidecar package to build/gradle/sidecar-stage."
    dependsOn(buildSidecar)
    from("sidecar") {
        include("package.json", "bin/**", "dist/**")
        exclude("**/*.map", "**/*.tsbuildinfo")
    }
    into(sidecarStage)
    preserve { include("node_modules/**") }
}

val installSidecarDependencies by tasks.registering(NpmTask::class) {
    description = "Installs the sidecar's production dependencies into the staged copy."
    dependsOn(stageSidecar)
    workingDir.set(sidecarStage)
    npmCommand.set(listOf("install"))
    args.set(listOf("--omit=dev", "--ignore-scripts", "--no-package-lock", "--no-audit", "--no-fund"))
    inputs.file("sidecar/package.json")
    outputs.dir(sidecarStage.map { it.dir("node_modules") })
}

// Every sandbox (runIde, buildPlugin, tests) gets <plugin>/sidecar and <plugin>/sidecar/ui.
tasks.withType<PrepareSandboxTask>().configureEach {
    dependsOn(installSidecarDependencies, buildWebui)
    from(sidecarStage) {
        into(intellijPlatform.projectName.map { "$it/sidecar" })
    }
    from("webui/dist") {
        into(intellijPlatform.projectName.map { "$it/sidecar/ui" })
    }
}

// ----- tests ---------------------------------------------------------------------------------------

val testCore by tasks.registering(JavaExec::class) {
    group = "verification"
    description = "Runs the pure core's tests (as `node jetbrains-plugin/test-core.mjs` does)."
    classpath = sourceSets["test"].runtimeClasspath
    mainClass.set("com.wave.jetbrains.core.TestMainKt")
    args("--fixtures", layout.projectDirectory.dir("test/fixtures/host-requests").asFile.path)
}

tasks.named<Test>("test") {
    enabled = false // there are no JUnit tests: testCore runs them
}

tasks.named("check") {
    dependsOn(testCore)
}
