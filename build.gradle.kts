// Gradle build of the JetBrains plugin (jetbrains-plugin/README.md, "Build"). It needs the network
// (Gradle plugin portal, Maven Central, JetBrains' IntelliJ repositories, the npm registry), so it
// runs on a developer machine; `npm run package:plugin` builds the same zip without Gradle or
// network, and the plugin's pure core is tested by `node jetbrains-plugin/test-core.mjs`.
//
//   ./gradlew buildPlugin     -> jetbrains-plugin/build/gradle/distributions/wave-jetbrains-<version>.zip
//   ./gradlew runIde          -> IntelliJ IDEA 2024.3 with the plugin, sidecar and UI in its sandbox
//   ./gradlew verifyPlugin    -> IntelliJ Plugin Verifier against the recommended IDEs
//   ./gradlew check           -> includes testCore (the core's tests and the golden host-request lines)
//
// The distribution holds, besides the plugin jar, `wave-jetbrains/sidecar/`: the sidecar bundled by
// jetbrains-plugin/package.mjs (bin/wave.js + chunks, no node_modules) with the web UI in ui/ —
// the same folder as in the npm-built zip. At runtime the plugin finds it beside the lib/ folder of
// its jar (PathManager.getJarForClass).
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
    // As the platform compiles its Kotlin interfaces (jetbrains-plugin/stubs/README.md).
    compilerOptions { freeCompilerArgs.add("-Xjvm-default=all") }
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
        // The settings JSON Schema provider (META-INF/wave-json.xml, an optional dependency).
        bundledPlugin("com.intellij.modules.json")
        pluginVerifier() // ./gradlew verifyPlugin
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
    npmInstallCommand = "ci" // root `prepare` also builds the sidecar and the web UI
}

// The settings JSON Schema the sidecar generates (schemas/), shipped in the jar for wave-json.xml.
tasks.processResources {
    from("schemas/settings.schema.json") { into("schemas") }
}

// The sidecar as it ships, bundled (with the web UI built for production) by the same script as
// `npm run package:plugin`. NpmTask runs in nodeProjectDir (the repository root) unless its
// workingDir, a file property, is set.
val sidecarBundle = layout.buildDirectory.dir("sidecar-bundle")

val bundleSidecar by tasks.registering(NpmTask::class) {
    description = "Bundles the sidecar and its UI into build/gradle/sidecar-bundle (jetbrains-plugin/package.mjs --sidecar)."
    dependsOn(tasks.npmInstall)
    npmCommand.set(listOf("run", "package:plugin", "--"))
    args.set(sidecarBundle.map { listOf("--sidecar", it.asFile.absolutePath) })
    inputs.dir("sidecar/src")
    inputs.dir("webui/src")
    inputs.dir("jetbrains-plugin/packaging")
    inputs.files("scripts/bundle.mjs", "scripts/bundle-entry.mjs")
    inputs.files("sidecar/package.json", "webui/package.json", "webui/index.html", "webui/vite.config.ts", "package-lock.json", "jetbrains-plugin/package.mjs")
    outputs.dir(sidecarBundle)
}

// Every sandbox (runIde, buildPlugin, tests) gets <plugin>/sidecar with bin/wave.js and ui/.
tasks.withType<PrepareSandboxTask>().configureEach {
    dependsOn(bundleSidecar)
    from(sidecarBundle) {
        into(intellijPlatform.projectName.map { "$it/sidecar" })
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
