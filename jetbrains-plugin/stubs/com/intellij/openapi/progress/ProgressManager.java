// Stub (signatures only) of com.intellij.openapi.progress.ProgressManager, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/progress/ProgressManager.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.progress;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.util.ThrowableComputable;

public abstract class ProgressManager {
  public static ProgressManager getInstance() { throw new UnsupportedOperationException(); }
  public abstract @Nullable ProgressIndicator getProgressIndicator();

  public abstract <T, E extends Exception> T runProcessWithProgressSynchronously(@NotNull ThrowableComputable<T, E> process,
                                                                                 @NotNull String progressTitle,
                                                                                 boolean canBeCanceled,
                                                                                 @Nullable Project project) throws E;
}
