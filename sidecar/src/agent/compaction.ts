// Compaction (docs/hooks.md, "Events"): PreCompact (its stdout joins the summary instructions; it never blocks),
// a summary request to the model, then — only on success — a `compact` block from which the model's
// view of the conversation starts, PostCompact (stderr to the user) and SessionStart(compact).
import { toModelMessages } from './convert.js';
import type { LoopHost } from './host.js';
import { modelView, newMessage, type CompactBlock } from './messages.js';
import { showUserParts } from './notices.js';
import { ModelError } from '../models/modelError.js';
import type { ModelContent, ModelMessage } from '../models/types.js';

export const COMPACT_PROMPT =
  'Summarize the conversation so far for yourself, so that you can continue the work from the summary alone: the user’s goals and requests, decisions made, files read or changed (with paths), commands run and their outcomes, errors met, and what remains to be done. Be complete but concise.';

export interface CompactOutcome {
  ok: boolean;
  summary?: string;
  error?: string;
}

/** Rough token count of what the model would be sent (4 characters a token). */
export function estimateTokens(host: Pick<LoopHost, 'conversation' | 'systemPrompt'>): number {
  const chars = JSON.stringify(toModelMessages(modelView(host.conversation.messages))).length + host.systemPrompt().length;
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
  host: LoopHost,
  trigger: 'manual' | 'auto',
  instructions: string,
  afterCompact: () => Promise<void>,
  /** The prompt being answered when compaction happens mid-turn: kept word for word after the summary. */
  currentPrompt?: string,
): Promise<CompactOutcome> {
  if (!toModelMessages(modelView(host.conversation.messages)).length) {
    const error = 'Nothing to compact yet: the conversation is empty.';
    if (trigger === 'manual') host.conversation.notice(error);
    return { ok: false, error };
  }
  const pre = await host.fire('PreCompact', { trigger, compact_instructions: instructions });
  const extra = [instructions.trim(), pre.decision.instructions ?? ''].filter(Boolean).join('\n');
  if (!host.model) {
    host.conversation.notice(host.modelUnavailable);
    return { ok: false, error: host.modelUnavailable };
  }
  let summary: string;
  try {
    const history = toModelMessages(modelView(host.conversation.messages));
    const ask = `${COMPACT_PROMPT}${extra ? `\n\nAdditional instructions for this summary:\n${extra}` : ''}`;
    const last = history[history.length - 1];
    if (last?.role === 'user') last.content.push({ type: 'text', text: ask });
    else history.push({ role: 'user', content: [{ type: 'text', text: ask }] });
    // No tools: the answer must be the summary, never a tool call (tool blocks of the history are text here).
    const r = await host.model.send({ system: host.systemPrompt(), messages: withoutToolBlocks(history), tools: [], signal: host.signal });
    summary = r.text.trim();
    if (!summary) throw new Error('the model returned an empty summary');
  } catch (err) {
    const message = `Compaction failed: ${err instanceof ModelError ? err.message : (err as Error).message}`;
    // An automatic compaction's failure is told by its caller, once (autoCompact.ts).
    if (trigger === 'manual') host.conversation.notice(message);
    return { ok: false, error: message };
  }
  const tokensBefore = estimateTokens(host);
  const block: CompactBlock = { type: 'compact', summary, trigger, ...(currentPrompt ? { currentPrompt } : {}), tokensBefore };
  host.conversation.push(newMessage('user', [block], true));
  block.tokensAfter = estimateTokens(host);
  host.conversation.changed();
  const post = await host.fire('PostCompact', { trigger, compact_summary: summary });
  showUserParts(host.conversation, post.decision);
  await afterCompact();
  return { ok: true, summary };
}
