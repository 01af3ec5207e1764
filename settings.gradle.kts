// The Gradle build of the JetBrains plugin is the root project (build.gradle.kts); its sources live
// in jetbrains-plugin/. The sandbox and distribution folder of the plugin is named after it.
rootProject.name = "wave-jetbrains"

pluginManagement {
    repositories {
        gradlePluginPortal()
        mavenCentral()
    }
}

plugins {
    // Downloads the Java 21 toolchain IntelliJ IDEA 2024.3 needs when it is not installed.
    id("org.gradle.toolchains.foojay-resolver-convention") version "0.8.0"
}
