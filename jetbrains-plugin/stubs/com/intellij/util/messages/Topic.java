// Stub (signatures only) of com.intellij.util.messages.Topic, as declared in JetBrains/intellij-community
// platform/extensions/src/com/intellij/util/messages/Topic.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.util.messages;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class Topic<L> {
  public Topic(@NotNull Class<L> listenerClass, @NotNull BroadcastDirection broadcastDirection, boolean immediateDelivery) { throw new UnsupportedOperationException(); }

  public enum BroadcastDirection { TO_CHILDREN, TO_DIRECT_CHILDREN, NONE, TO_PARENT }
}
