// Stub (signatures only) of com.jetbrains.jsonSchema.extension.JsonSchemaProviderFactory, as declared in JetBrains/intellij-community
// json/src/com/jetbrains/jsonSchema/extension/JsonSchemaProviderFactory.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.jetbrains.jsonSchema.extension;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.project.PossiblyDumbAware;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.vfs.VirtualFile;
import java.util.List;
import org.jetbrains.annotations.NonNls;

public interface JsonSchemaProviderFactory extends PossiblyDumbAware {
  @NotNull List<JsonSchemaFileProvider> getProviders(@NotNull Project project);

  static @Nullable VirtualFile getResourceFile(@NotNull Class<?> baseClass, @NonNls @NotNull String resourcePath) { throw new UnsupportedOperationException(); }
}
