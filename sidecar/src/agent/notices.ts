// What a hook decision says to the user (its user messages and systemMessage), as notices in the conversation.
import type { HookDecision } from '../hooks/contract/types.js';
import type { ConversationPort } from './loopContext.js';

export function showUserParts(conversation: Pick<ConversationPort, 'notice'>, d: HookDecision): void {
  for (const m of d.userMessages) conversation.notice(m);
  if (d.systemMessage) conversation.notice(d.systemMessage);
}
