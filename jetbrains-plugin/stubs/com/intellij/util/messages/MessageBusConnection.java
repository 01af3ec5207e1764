// Stub (signatures only) of com.intellij.util.messages.MessageBusConnection, as declared in JetBrains/intellij-community
// platform/extensions/src/com/intellij/util/messages/MessageBusConnection.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.util.messages;

import com.intellij.openapi.Disposable;

public interface MessageBusConnection extends SimpleMessageBusConnection, Disposable {
}
