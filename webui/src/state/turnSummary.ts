// The line that ends each turn of the chat (docs/hooks.md, "Hook runs in the chat"): how many hook
// runs the turn had, their time together and the slowest one. A turn is a prompt the user typed and
// every message after it up to the next one; its line goes after its last message. A pure function
// of the messages.
import type { HookRunRecord, Message } from '../connection/protocol.js';

export interface TurnSummary {
  runs: number;
  totalMs: number;
  slowest: HookRunRecord;
}

/** A message the user typed (not hook context, not a notice): it starts a turn. */
function startsTurn(m: Message): boolean {
  return m.role === 'user' && !m.isMeta && m.blocks.some((b) => b.type === 'text' && b.source !== 'hook');
}

function summary(messages: readonly Message[]): TurnSummary | null {
  const runs = messages.flatMap((m) => m.blocks.flatMap((b) => (b.type === 'hook_run' ? [b.run] : [])));
  if (!runs.length) return null;
  const slowest = runs.reduce((a, b) => (b.durationMs > a.durationMs ? b : a));
  return { runs: runs.length, totalMs: runs.reduce((n, r) => n + r.durationMs, 0), slowest };
}

/**
 * Each finished turn's summary, by the id of the turn's last message (turns without hook runs have
 * none); the last turn counts only once it is finished (`busy` false).
 */
export function turnSummaries(messages: readonly Message[], busy: boolean): Map<string, TurnSummary> {
  const out = new Map<string, TurnSummary>();
  let turn: Message[] = [];
  const close = () => {
    const s = turn.length ? summary(turn) : null;
    if (s) out.set(turn[turn.length - 1]!.id, s);
    turn = [];
  };
  for (const m of messages) {
    if (startsTurn(m) && turn.length) close();
    turn.push(m);
  }
  if (!busy) close();
  return out;
}
