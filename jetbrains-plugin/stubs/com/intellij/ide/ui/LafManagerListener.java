// Stub (signatures only) of com.intellij.ide.ui.LafManagerListener, as declared in JetBrains/intellij-community
// platform/platform-api/src/com/intellij/ide/ui/LafManagerListener.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.ide.ui;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;
import com.intellij.util.messages.Topic;
import java.util.EventListener;

public interface LafManagerListener extends EventListener {
  Topic<LafManagerListener> TOPIC = new Topic<>(LafManagerListener.class, Topic.BroadcastDirection.NONE, true);

  void lookAndFeelChanged(@NotNull LafManager source);
}
