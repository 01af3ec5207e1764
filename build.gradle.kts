// Gradle build of the JetBrains plugin (IntelliJ Platform Gradle Plugin 2.x + gradle-node-plugin).
// Written in the JetBrains plugin issue; it cannot run on the CI machines (no Gradle distribution
// or JetBrains repositories there). Until then this file is intentionally empty.
