// One user turn (SPEC 5): UserPromptSubmit, then model steps with their tool calls until the model
// stops calling tools, then Stop (which may send the agent back to work, at most `cap` times in a row).
import type { HookDecision } from '../hooks/types.js';
import { ModelError } from '../models/errors.js';
import type { Agent } from './agent.js';
import { toModelMessages } from './convert.js';
import { hookWords } from './hookText.js';
import { hookText, messageText, newMessage, type Message, type TextBlock, type ToolBlock } from './messages.js';
import { runToolCall } from './toolCall.js';

export interface TurnResult {
  /** The last assistant text of the turn. */
  result: string;
  /** The prompt was blocked by a UserPromptSubmit hook. */
  blocked?: boolean;
  /** A hook answered `continue: false`. */
  stopped?: { event: string; reason: string | null };
  aborted?: boolean;
  /** A model or configuration error that ended the turn. */
  error?: string;
}

export const DEFAULT_STOP_BLOCK_CAP = 8;

/** Shows a decision's user-only parts (non-blocking errors, warnings) to the user. */
export function showUserParts(agent: Agent, d: HookDecision): void {
  for (const m of d.userMessages) agent.notice(m);
  if (d.systemMessage) agent.notice(d.systemMessage);
}

export async function runTurn(agent: Agent, prompt: string): Promise<TurnResult> {
  const turn = agent.turn!;
  const ups = await agent.fire('UserPromptSubmit', { prompt });
  if (ups.decision.blocked) {
    agent.beginAssistant();
    agent.notice(hookWords.promptBlocked(ups.decision, prompt));
    return { result: '', blocked: true };
  }
  agent.push(newMessage('user', [{ type: 'text', content: prompt, source: 'user' }]));
  if (ups.decision.additionalContext) {
    agent.push(newMessage('user', [hookText('UserPromptSubmit', hookWords.context('UserPromptSubmit', '', ups.decision.additionalContext))], true));
  }
  showUserParts(agent, ups.decision);
  if (!ups.decision.continue) return stopTurn(agent, 'UserPromptSubmit', ups.decision.stopReason);

  const cap = agent.opts.stopBlockCap ?? DEFAULT_STOP_BLOCK_CAP;
  let stopBlocks = 0;
  let lastAssistant: Message | null = null;
  for (;;) {
    if (turn.abort.signal.aborted) return { result: messageText(lastAssistant ?? undefined), aborted: true };
    const model = agent.model;
    const assistant = agent.beginAssistant();
    lastAssistant = assistant;
    if (!model) {
      const why = agent.opts.modelUnavailable ?? 'No model is configured: set WAVE_MODEL (and WAVE_BASE_URL, WAVE_API_KEY, WAVE_PROVIDER) or the "model" setting.';
      agent.notice(why);
      return { result: '', error: why };
    }
    let text: TextBlock | null = null;
    let response;
    try {
      response = await model.send(
        {
          system: agent.systemPrompt(),
          messages: toModelMessages(agent.messages.filter((m) => m !== assistant)),
          tools: agent.tools.definitions(),
          signal: turn.abort.signal,
        },
        (e) => {
          if (e.type !== 'text_delta') return;
          if (!text) {
            text = { type: 'text', content: '' };
            assistant.blocks.push(text);
          }
          text.content += e.text;
          agent.emit({ type: 'text_delta', messageId: assistant.id, text: e.text });
          agent.changed();
        },
      );
    } catch (err) {
      if (turn.abort.signal.aborted) return { result: messageText(assistant), aborted: true };
      const message = err instanceof ModelError ? err.message : `model request failed: ${(err as Error).message}`;
      agent.notice(message);
      return { result: '', error: message };
    }
    if (!text && response.text) assistant.blocks.push({ type: 'text', content: response.text });

    if (response.toolCalls.length) {
      const blocks: ToolBlock[] = response.toolCalls.map((c) => ({ type: 'tool', id: c.id, name: c.name, parameters: c.input, stage: 'pending' }));
      assistant.blocks.push(...blocks);
      agent.changed();
      let stop: { event: string; reason: string | null } | null = null;
      for (const [i, call] of response.toolCalls.entries()) {
        if (turn.abort.signal.aborted) break;
        const s = await runToolCall(agent, call, blocks[i]!);
        stop ??= s;
      }
      if (turn.abort.signal.aborted) return { result: messageText(assistant), aborted: true };
      if (stop) return stopTurn(agent, stop.event, stop.reason, assistant);
      stopBlocks = 0;
      continue;
    }

    if (turn.abort.signal.aborted) return { result: messageText(assistant), aborted: true };
    const stopRun = await agent.fire('Stop', {
      stop_hook_active: stopBlocks > 0,
      last_assistant_message: messageText(assistant),
      background_tasks: [],
      session_crons: [],
    });
    showUserParts(agent, stopRun.decision);
    if (!stopRun.decision.continue) return stopTurn(agent, 'Stop', stopRun.decision.stopReason, assistant);
    if (!stopRun.decision.blocked) return { result: messageText(assistant) };
    stopBlocks++;
    if (stopBlocks >= cap) {
      agent.notice(hookWords.stopCap(cap));
      return { result: messageText(assistant) };
    }
    agent.push(newMessage('user', [hookText('Stop', hookWords.stopFeedback(stopRun.decision))], true));
  }
}

function stopTurn(agent: Agent, event: string, reason: string | null, last?: Message): TurnResult {
  agent.notice(hookWords.stopped(event, reason));
  return { result: messageText(last), stopped: { event, reason } };
}
