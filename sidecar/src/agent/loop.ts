// The model/tool loop shared by the agent and its subagents: call the model, run the tool calls it
// asks for (in order), repeat until it stops calling tools, then fire Stop (or SubagentStop), which
// may send it back to work — at most the loop context's StopGuard cap times per user turn (or subagent run).
import type { StopFailureInput } from '../hooks/contract/events.js';
import { ModelError } from '../models/modelError.js';
import { toModelMessages } from './convert.js';
import type { LoopContext } from './loopContext.js';
import { hookWords, stopFeedbackBlock } from './hookText.js';
import { hookText, messageText, modelView, newMessage, type Message, type TextBlock, type ToolBlock } from './messages.js';
import { showUserParts } from './notices.js';
import { runToolCall } from './toolCall.js';
import { messageOf } from '../util/errors.js';

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
export function stopLoop(ctx: LoopContext, event: string, reason: string | null, last?: Message): LoopResult {
  ctx.conversation.notice(hookWords.stopped(event, reason));
  return { result: messageText(last), stopped: { event, reason } };
}

/**
 * A signal of its own for one model request, aborted with the turn's: client libraries add a
 * listener to the signal they are given and never remove it, which would pile up on a long turn.
 * A plain controller, not `AbortSignal.any`: Node keeps a composite signal that has a listener
 * alive until one of its sources aborts — one per model request for the whole session.
 */
function requestSignal(turn: AbortSignal): { signal: AbortSignal; done: () => void } {
  const request = new AbortController();
  const forward = () => request.abort(turn.reason);
  if (turn.aborted) forward();
  else turn.addEventListener('abort', forward, { once: true });
  return { signal: request.signal, done: () => turn.removeEventListener('abort', forward) };
}

async function callModel(ctx: LoopContext, assistant: Message) {
  let text: TextBlock | null = null;
  const request = requestSignal(ctx.signal);
  const response = await ctx
    .model!.send(
      {
        system: ctx.systemPrompt(),
        messages: toModelMessages(modelView(ctx.conversation.messages.filter((m) => m !== assistant))),
        tools: ctx.tools.definitions(),
        signal: request.signal,
      },
      (e) => {
        if (e.type !== 'text_delta') return;
        if (!text) {
          text = { type: 'text', content: '' };
          assistant.blocks.push(text);
        }
        text.content += e.text;
        ctx.emit({ type: 'text_delta', messageId: assistant.id, text: e.text });
        ctx.conversation.changed();
      },
    )
    .finally(request.done);
  if (!text && response.text) {
    assistant.blocks.push({ type: 'text', content: response.text });
    ctx.conversation.changed();
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
async function postToolBatch(ctx: LoopContext, blocks: readonly ToolBlock[]): Promise<{ event: string; reason: string | null } | null> {
  const calls = blocks.filter((b) => b.stage === 'done').map((b) => ({ tool_name: b.name, tool_use_id: b.id, success: b.success === true }));
  if (!calls.length) return null;
  const { decision: d } = await ctx.fire('PostToolBatch', { tool_calls: calls });
  showUserParts(ctx.conversation, d);
  const parts: string[] = [];
  if (d.blocked) parts.push(hookWords.batchFeedback(d));
  if (d.additionalContext) parts.push(hookWords.context('PostToolBatch', 'PostToolBatch', d.additionalContext));
  if (parts.length) ctx.conversation.push(newMessage('user', [hookText('PostToolBatch', parts.join('\n\n'))], true));
  return d.continue ? null : { event: 'PostToolBatch', reason: d.stopReason };
}

export async function runLoop(ctx: LoopContext): Promise<LoopResult> {
  let last: Message | undefined;
  for (;;) {
    if (ctx.signal.aborted) return { result: messageText(last), aborted: true };
    await ctx.beforeModelCall();
    const assistant = ctx.conversation.beginAssistant();
    last = assistant;
    if (!ctx.model) {
      ctx.conversation.notice(ctx.modelUnavailable);
      return { result: '', error: ctx.modelUnavailable };
    }
    let response;
    try {
      response = await callModel(ctx, assistant);
    } catch (err) {
      if (ctx.signal.aborted) return { result: messageText(assistant), aborted: true };
      const message = err instanceof ModelError ? err.message : `model request failed: ${messageOf(err)}`;
      ctx.conversation.notice(message);
      await ctx.fireStopFailure({
        error_type: stopFailureType(err),
        error_message: message,
        last_assistant_message: lastAnswerText(ctx.conversation.messages),
      });
      return { result: '', error: message };
    }

    if (response.toolCalls.length) {
      const blocks: ToolBlock[] = response.toolCalls.map((c) => ({ type: 'tool', id: c.id, name: c.name, parameters: c.input, stage: 'pending' }));
      assistant.blocks.push(...blocks);
      ctx.conversation.changed();
      let stop: { event: string; reason: string | null } | null = null;
      for (const [i, call] of response.toolCalls.entries()) {
        if (ctx.signal.aborted) break;
        stop ??= await runToolCall(ctx, call, blocks[i]!);
      }
      if (ctx.signal.aborted) return { result: messageText(assistant), aborted: true };
      if (stop) return stopLoop(ctx, stop.event, stop.reason, assistant);
      const batch = await postToolBatch(ctx, blocks);
      if (batch) return stopLoop(ctx, batch.event, batch.reason, assistant);
      continue;
    }

    if (ctx.signal.aborted) return { result: messageText(assistant), aborted: true };
    const stopRun = await ctx.fireStop(messageText(assistant), ctx.stopGuard.active);
    showUserParts(ctx.conversation, stopRun.decision);
    if (!stopRun.decision.continue) return stopLoop(ctx, stopRun.decision.event, stopRun.decision.stopReason, assistant);
    if (!stopRun.decision.blocked) return { result: messageText(assistant) };
    if (ctx.stopGuard.block()) {
      ctx.conversation.notice(hookWords.stopCap(stopRun.decision.event, ctx.stopGuard.cap));
      return { result: messageText(assistant) };
    }
    ctx.conversation.push(newMessage('user', [stopFeedbackBlock(stopRun.decision)], true));
  }
}
