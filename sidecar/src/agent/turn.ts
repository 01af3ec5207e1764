// One user turn of the main agent (docs/hooks.md, UserPromptSubmit): UserPromptSubmit, then the
// model/tool loop (loop.ts).
import type { MainHost } from './mainHost.js';
import { contextBlock, hookWords } from './hookText.js';
import { runLoop, stopLoop, type LoopResult } from './loop.js';
import { showUserParts } from './notices.js';
import { newMessage } from './messages.js';

export interface TurnResult extends LoopResult {
  /** The prompt was blocked by a UserPromptSubmit hook. */
  blocked?: boolean;
}

/** Stop blocks per user turn after which the turn ends anyway (docs/hooks.md, "Stop"). */
export const DEFAULT_STOP_BLOCK_CAP = 8;

export async function runTurn(agent: MainHost, prompt: string): Promise<TurnResult> {
  agent.stopGuard.reset(); // a user prompt: stop_hook_active is false again, blocks count from 0
  const ups = await agent.fire('UserPromptSubmit', { prompt });
  if (ups.decision.sessionTitle) agent.conversation.setTitle(ups.decision.sessionTitle);
  if (ups.decision.blocked) {
    agent.conversation.beginAssistant();
    agent.conversation.notice(hookWords.promptBlocked(ups.decision));
    return { result: '', blocked: true };
  }
  agent.conversation.push(newMessage('user', [{ type: 'text', content: prompt, source: 'user' }]));
  if (ups.decision.additionalContext) {
    agent.conversation.push(newMessage('user', [contextBlock('UserPromptSubmit', '', ups.decision.additionalContext)], true));
  }
  showUserParts(agent.conversation, ups.decision);
  if (!ups.decision.continue) return stopLoop(agent, 'UserPromptSubmit', ups.decision.stopReason);
  return runLoop(agent);
}
