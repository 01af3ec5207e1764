// Compaction (docs/hooks.md, "Events"): PreCompact (its stdout joins the summary instructions; it never blocks),
// a summary request to the model, then — only on success — a `compact` block from which the model's
// view of the conversation starts, PostCompact (stderr to the user) and SessionStart(compact).
import { toModelMessages } from './convert.js';
import type { LoopContext } from './loopContext.js';
import { modelView, newMessage, type CompactBlock, type Message } from './messages.js';
import { showUserParts } from './notices.js';
import { ModelError } from '../models/modelError.js';
import type { ModelContent, ModelMessage } from '../models/types.js';
import { messageOf } from '../util/errors.js';

export const COMPACT_PROMPT =
  'Summarize the conversation so far for yourself, so that you can continue the work from the summary alone: the user’s goals and requests, decisions made, files read or changed (with paths), commands run and their outcomes, errors met, and what remains to be done. Be complete but concise.';

export interface CompactOutcome {
  ok: boolean;
  summary?: string;
  error?: string;
}

/** Characters of each message as the model is sent it, kept while its block count stays (not for the last message). */
const sizes = new WeakMap<Message, { blocks: number; chars: number }>();

function modelChars(m: Message, last: boolean): number {
  const hit = last ? undefined : sizes.get(m);
  if (hit && hit.blocks === m.blocks.length) return hit.chars;
  const chars = JSON.stringify(toModelMessages([m])).length;
  if (!last) sizes.set(m, { blocks: m.blocks.length, chars });
  return chars;
}

/**
 * Rough token count of what the model would be sent (4 characters a token): each message's size
 * is measured once, so the estimate before every model request costs what changed, not the whole
 * conversation (docs/benchmarks.md, "A long session").
 */
export function estimateTokens(ctx: { conversation: Pick<LoopContext['conversation'], 'messages'>; systemPrompt: () => string }): number {
  const view = modelView(ctx.conversation.messages);
  let chars = ctx.systemPrompt().length;
  for (let i = 0; i < view.length; i++) chars += modelChars(view[i]!, i === view.length - 1);
  return Math.ceil(chars / 4);
}

/**
 * The history with its tool calls and results as text: a request without tools may not carry tool
 * blocks (the Anthropic API refuses them), and the summary must still see what was called and found.
 */
export function withoutToolBlocks(history: ModelMessage[]): ModelMessage[] {
  const text = (c: ModelContent): string => {
    if (c.type === 'text') return c.text;
    if (c.type === 'tool_use') return `[tool call ${c.id}: ${c.name} ${JSON.stringify(c.input)}]`;
    return `[tool result ${c.toolUseId}${c.isError ? ' (error)' : ''}]\n${c.content}`;
  };
  return history.map((m) => ({ role: m.role, content: m.content.map((c) => ({ type: 'text' as const, text: text(c) || '(empty)' })) }));
}

export async function compactConversation(
  ctx: LoopContext,
  trigger: 'manual' | 'auto',
  instructions: string,
  afterCompact: () => Promise<void>,
  /** The prompt being answered when compaction happens mid-turn: kept word for word after the summary. */
  currentPrompt?: string,
): Promise<CompactOutcome> {
  if (!toModelMessages(modelView(ctx.conversation.messages)).length) {
    const error = 'Nothing to compact yet: the conversation is empty.';
    if (trigger === 'manual') ctx.conversation.notice(error);
    return { ok: false, error };
  }
  const pre = await ctx.fire('PreCompact', { trigger, compact_instructions: instructions });
  const extra = [instructions.trim(), pre.decision.instructions ?? ''].filter(Boolean).join('\n');
  if (!ctx.model) {
    ctx.conversation.notice(ctx.modelUnavailable);
    return { ok: false, error: ctx.modelUnavailable };
  }
  let summary: string;
  try {
    const history = toModelMessages(modelView(ctx.conversation.messages));
    const ask = `${COMPACT_PROMPT}${extra ? `\n\nAdditional instructions for this summary:\n${extra}` : ''}`;
    const last = history[history.length - 1];
    if (last?.role === 'user') last.content.push({ type: 'text', text: ask });
    else history.push({ role: 'user', content: [{ type: 'text', text: ask }] });
    // No tools: the answer must be the summary, never a tool call (tool blocks of the history are text here).
    const r = await ctx.model.send({ system: ctx.systemPrompt(), messages: withoutToolBlocks(history), tools: [], signal: ctx.signal });
    summary = r.text.trim();
    if (!summary) throw new Error('the model returned an empty summary');
  } catch (err) {
    const message = `Compaction failed: ${err instanceof ModelError ? err.message : messageOf(err)}`;
    // An automatic compaction's failure is told by its caller, once (autoCompact.ts).
    if (trigger === 'manual') ctx.conversation.notice(message);
    return { ok: false, error: message };
  }
  const tokensBefore = estimateTokens(ctx);
  const block: CompactBlock = { type: 'compact', summary, trigger, ...(currentPrompt ? { currentPrompt } : {}), tokensBefore };
  const message = newMessage('user', [block], true);
  // What the model is sent from now on: the summary alone (measured before the message is stored, which is then final).
  block.tokensAfter = estimateTokens({ conversation: { messages: [message] }, systemPrompt: () => ctx.systemPrompt() });
  ctx.conversation.push(message);
  const post = await ctx.fire('PostCompact', { trigger, compact_summary: summary });
  showUserParts(ctx.conversation, post.decision);
  await afterCompact();
  return { ok: true, summary };
}
