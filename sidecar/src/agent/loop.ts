// The model/tool loop shared by the agent and its subagents: call the model, run the tool calls it
// asks for (in order), repeat until it stops calling tools, then fire Stop (or SubagentStop), which
// may send it back to work — at most the host's StopGuard cap times per user turn (or subagent run).
import type { StopFailureInput } from '../hooks/contract/events.js';
import { ModelError } from '../models/modelError.js';
import { toModelMessages } from './convert.js';
import type { LoopHost } from './host.js';
import { hookWords, stopFeedbackBlock } from './hookText.js';
import { hookText, messageText, modelView, newMessage, type Message, type TextBlock, type ToolBlock } from './messages.js';
import { showUserParts } from './notices.js';
import { runToolCall } from './toolCall.js';

export interface LoopResult {
  /** The last assistant text. */
  result: string;
  /** A hook answered `continue: false`. */
  stopped?: { event: string; reason: string | null };
  aborted?: boolean;
  /** A model or configuration error that ended the loop. */
  error?: string;
}

/** Shows a decision's user-only parts (non-blocking errors, warnings) to the user. */
export function stopLoop(host: LoopHost, event: string, reason: string | null, last?: Message): LoopResult {
  host.conversation.notice(hookWords.stopped(event, reason));
  return { result: messageText(last), stopped: { event, reason } };
}

async function callModel(host: LoopHost, assistant: Message) {
  let text: TextBlock | null = null;
  const response = await host.model!.send(
    {
      system: host.systemPrompt(),
      messages: toModelMessages(modelView(host.conversation.messages.filter((m) => m !== assistant))),
      tools: host.tools.definitions(),
      // A signal of its own per request, following the turn's: client libraries add a listener to
      // the signal they are given and never remove it, which would pile up on a long turn.
      signal: AbortSignal.any([host.signal]),
    },
    (e) => {
      if (e.type !== 'text_delta') return;
      if (!text) {
        text = { type: 'text', content: '' };
        assistant.blocks.push(text);
      }
      text.content += e.text;
      host.emit({ type: 'text_delta', messageId: assistant.id, text: e.text });
      host.conversation.changed();
    },
  );
  if (!text && response.text) {
    assistant.blocks.push({ type: 'text', content: response.text });
    host.conversation.changed();
  }
  return response;
}

/** Which of StopFailure's `error_type` values a failed model request is. */
function stopFailureType(err: unknown): StopFailureInput['error_type'] {
  if (!(err instanceof ModelError)) return 'unknown';
  const kinds: Partial<Record<ModelError['kind'], StopFailureInput['error_type']>> = {
    rate_limited: 'rate_limit',
    auth: 'authentication_failed',
    server: 'server_error',
    unreachable: 'server_error',
    bad_request: 'invalid_request',
    unknown_model: 'invalid_request',
  };
  return kinds[err.kind] ?? 'unknown';
}

/** The text of the last assistant message that has any. */
function lastAnswerText(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'assistant' && messageText(m)) return messageText(m);
  }
  return '';
}

/** PostToolBatch, once every call of a model answer has finished: a block or context reaches the model. */
async function postToolBatch(host: LoopHost, blocks: readonly ToolBlock[]): Promise<{ event: string; reason: string | null } | null> {
  const calls = blocks.filter((b) => b.stage === 'done').map((b) => ({ tool_name: b.name, tool_use_id: b.id, success: b.success === true }));
  if (!calls.length) return null;
  const { decision: d } = await host.fire('PostToolBatch', { tool_calls: calls });
  showUserParts(host.conversation, d);
  const parts: string[] = [];
  if (d.blocked) parts.push(hookWords.batchFeedback(d));
  if (d.additionalContext) parts.push(hookWords.context('PostToolBatch', 'PostToolBatch', d.additionalContext));
  if (parts.length) host.conversation.push(newMessage('user', [hookText('PostToolBatch', parts.join('\n\n'))], true));
  return d.continue ? null : { event: 'PostToolBatch', reason: d.stopReason };
}

export async function runLoop(host: LoopHost): Promise<LoopResult> {
  let last: Message | undefined;
  for (;;) {
    if (host.signal.aborted) return { result: messageText(last), aborted: true };
    await host.beforeModelCall();
    const assistant = host.conversation.beginAssistant();
    last = assistant;
    if (!host.model) {
      host.conversation.notice(host.modelUnavailable);
      return { result: '', error: host.modelUnavailable };
    }
    let response;
    try {
      response = await callModel(host, assistant);
    } catch (err) {
      if (host.signal.aborted) return { result: messageText(assistant), aborted: true };
      const message = err instanceof ModelError ? err.message : `model request failed: ${(err as Error).message}`;
      host.conversation.notice(message);
      await host.fireStopFailure({
        error_type: stopFailureType(err),
        error_message: message,
        last_assistant_message: lastAnswerText(host.conversation.messages),
      });
      return { result: '', error: message };
    }

    if (response.toolCalls.length) {
      const blocks: ToolBlock[] = response.toolCalls.map((c) => ({ type: 'tool', id: c.id, name: c.name, parameters: c.input, stage: 'pending' }));
      assistant.blocks.push(...blocks);
      host.conversation.changed();
      let stop: { event: string; reason: string | null } | null = null;
      for (const [i, call] of response.toolCalls.entries()) {
        if (host.signal.aborted) break;
        stop ??= await runToolCall(host, call, blocks[i]!);
      }
      if (host.signal.aborted) return { result: messageText(assistant), aborted: true };
      if (stop) return stopLoop(host, stop.event, stop.reason, assistant);
      const batch = await postToolBatch(host, blocks);
      if (batch) return stopLoop(host, batch.event, batch.reason, assistant);
      continue;
    }

    if (host.signal.aborted) return { result: messageText(assistant), aborted: true };
    const stopRun = await host.fireStop(messageText(assistant), host.stopGuard.active);
    showUserParts(host.conversation, stopRun.decision);
    if (!stopRun.decision.continue) return stopLoop(host, stopRun.decision.event, stopRun.decision.stopReason, assistant);
    if (!stopRun.decision.blocked) return { result: messageText(assistant) };
    if (host.stopGuard.block()) {
      host.conversation.notice(hookWords.stopCap(stopRun.decision.event, host.stopGuard.cap));
      return { result: messageText(assistant) };
    }
    host.conversation.push(newMessage('user', [stopFeedbackBlock(stopRun.decision)], true));
  }
}
