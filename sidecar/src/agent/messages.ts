// The conversation model (README, "The agent on the command line"): messages made of blocks. `error` and `hook_run` blocks are for
// the user only and never reach the model (convert.ts skips them).
import { randomUUID } from 'node:crypto';
import type { Block, HookFrame, Message, TextBlock } from '../protocol/wire.js';

export type { Block, CompactBlock, ErrorBlock, HookRunBlock, Message, TextBlock, ToolBlock } from '../protocol/wire.js';

export function newMessage(role: Message['role'], blocks: Block[], isMeta?: boolean): Message {
  return { id: randomUUID(), role, blocks, ...(isMeta ? { isMeta: true } : {}) };
}

export function hookText(event: string, content: string, frame?: HookFrame): TextBlock {
  return { type: 'text', content, source: 'hook', hookEvent: event, ...(frame ? { hookFrame: frame } : {}) };
}

/** The text blocks of a message joined with `\n` and trimmed (docs/hooks.md, Stop). */
export function messageText(m: Message | undefined): string {
  if (!m) return '';
  return m.blocks
    .filter((b): b is TextBlock => b.type === 'text')
    .map((b) => b.content)
    .join('\n')
    .trim();
}

/** The text of the last assistant answer that has any (what `wave -p` reports as its result). */
export function lastAnswer(messages: readonly Message[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'assistant' && !m.isMeta && messageText(m)) return messageText(m);
  }
  return undefined;
}

/** The messages the model sees: everything since the last compaction. */
export function modelView(messages: readonly Message[]): readonly Message[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.blocks.some((b) => b.type === 'compact')) return messages.slice(i);
  }
  return messages;
}
