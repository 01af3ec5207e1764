// Stub (signatures only) of com.jetbrains.jsonSchema.extension.JsonSchemaFileProvider, as declared in JetBrains/intellij-community
// json/src/com/jetbrains/jsonSchema/extension/JsonSchemaFileProvider.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.jetbrains.jsonSchema.extension;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.vfs.VirtualFile;

public interface JsonSchemaFileProvider {
  boolean isAvailable(@NotNull VirtualFile file);

  @NotNull String getName();

  @Nullable VirtualFile getSchemaFile();

  @NotNull SchemaType getSchemaType();
}
