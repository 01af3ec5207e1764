// Stub (signatures only) of com.jetbrains.jsonSchema.extension.SchemaType, as declared in JetBrains/intellij-community
// json/src/com/jetbrains/jsonSchema/extension/SchemaType.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.jetbrains.jsonSchema.extension;

public enum SchemaType {
  schema, embeddedSchema, userSchema
}
