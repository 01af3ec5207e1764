// The conversation model (SPEC 6): messages made of blocks. `error` and `hook_run` blocks are for
// the user only and never reach the model (convert.ts skips them).
import { randomUUID } from 'node:crypto';
import type { HookRunRecord } from '../hooks/types.js';

export interface TextBlock {
  type: 'text';
  content: string;
  /** Who wrote it: the user, a hook (context or feedback), Wave itself (notifications), or the assistant (absent). */
  source?: 'user' | 'hook' | 'system';
  /** For hook text: the event whose hook produced it. */
  hookEvent?: string;
}

export interface ToolBlock {
  type: 'tool';
  id: string;
  name: string;
  /** The input as the model sent it (the model's history keeps it, as Claude Code does). */
  parameters: Record<string, unknown>;
  /** The input the tool really ran with, when a hook rewrote it. */
  effectiveParameters?: Record<string, unknown>;
  stage: 'pending' | 'running' | 'done';
  result?: string;
  success?: boolean;
  error?: string;
}

export interface ErrorBlock {
  type: 'error';
  content: string;
}

export interface HookRunBlock {
  type: 'hook_run';
  run: HookRunRecord;
}

export interface CompactBlock {
  type: 'compact';
  summary: string;
  trigger: 'manual' | 'auto';
  /** The user's prompt that was being answered when an automatic compaction happened. */
  currentPrompt?: string;
}

export type Block = TextBlock | ToolBlock | ErrorBlock | HookRunBlock | CompactBlock;

export interface Message {
  id: string;
  role: 'user' | 'assistant';
  blocks: Block[];
  /** Not typed by the user nor written by the model: hook context, notices. */
  isMeta?: boolean;
}

export function newMessage(role: Message['role'], blocks: Block[], isMeta?: boolean): Message {
  return { id: randomUUID(), role, blocks, ...(isMeta ? { isMeta: true } : {}) };
}

export function hookText(event: string, content: string): TextBlock {
  return { type: 'text', content, source: 'hook', hookEvent: event };
}

/** The text blocks of a message joined with `\n` and trimmed (SPEC 5, last_assistant_message). */
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
