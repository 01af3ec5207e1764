// The settings JSON Schema for the IDE's JSON support (jetbrains-plugin/README.md, "Editing
// settings files"), registered in META-INF/wave-json.xml, which plugin.xml loads only when the JSON
// plugin is there: the native editor completes and validates hooks in `.wave/settings*.json` and
// `~/.wave/settings.json`. The schema is the one the sidecar generates (schemas/), shipped in the jar.
package com.wave.jetbrains.platform

import com.intellij.openapi.project.DumbAware
import com.intellij.openapi.project.Project
import com.intellij.openapi.vfs.VirtualFile
import com.jetbrains.jsonSchema.extension.JsonSchemaFileProvider
import com.jetbrains.jsonSchema.extension.JsonSchemaProviderFactory
import com.jetbrains.jsonSchema.extension.SchemaType
import com.wave.jetbrains.core.SettingsFiles

class WaveJsonSchemaProviderFactory : JsonSchemaProviderFactory, DumbAware {
    override fun getProviders(project: Project): List<JsonSchemaFileProvider> = listOf(WaveSettingsSchema)
}

private object WaveSettingsSchema : JsonSchemaFileProvider {
    override fun isAvailable(file: VirtualFile) = SettingsFiles.isWaveSettings(file.path)
    override fun getName() = "Wave settings"
    override fun getSchemaFile(): VirtualFile? = JsonSchemaProviderFactory.getResourceFile(WaveJsonSchemaProviderFactory::class.java, "/schemas/settings.schema.json")
    override fun getSchemaType() = SchemaType.embeddedSchema
}
