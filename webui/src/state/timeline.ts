// The timeline rules of the chat (docs/hooks.md, "Hook runs in the chat"): hook runs in causal order
// — the runs of a tool call's PreToolUse and PermissionRequest before its result, PostToolUse after
// it — runs that changed nothing folded into one line per event, a tool call a hook blocked or
// denied told apart from one that failed, and the live card of a hook that is still running. Pure
// functions of the messages, the runs not yet in a message and the runs in progress.
import type { Block, HookRunRecord, HookRunStart, Message, ToolBlock } from '../connection/protocol.js';

/** Hook runs as the timeline shows them: a card, a folded line of no-op runs, or a live card. */
export type RunItem = { kind: 'run'; run: HookRunRecord } | { kind: 'fold'; event: string; runs: HookRunRecord[] } | { kind: 'live'; run: HookRunStart };

export interface ToolItem {
  kind: 'tool';
  block: ToolBlock;
  /** PreToolUse and PermissionRequest runs of this call (they decided whether it ran). */
  before: RunItem[];
  /** PostToolUse and PostToolUseFailure runs (after its result). */
  after: RunItem[];
  /** The run that kept the call from running (blocked or denied), when a hook did. */
  stoppedBy: HookRunRecord | null;
}

export type TimelineItem = { kind: 'block'; block: Exclude<Block, ToolBlock | { type: 'hook_run' }> } | ToolItem | RunItem;

export interface MessageLayout {
  message: Message;
  items: TimelineItem[];
}

const BEFORE = new Set(['PreToolUse', 'PermissionRequest']);

/** A run that changed nothing: folded away. */
export const isNoOp = (r: HookRunRecord) => r.verdict === 'ok';

/**
 * Folds the no-op runs of each event into one line, at the place of the event's first one; runs
 * that did something keep their own card, in order.
 */
export function foldRuns(runs: readonly (HookRunRecord | HookRunStart)[]): RunItem[] {
  const out: RunItem[] = [];
  const folds = new Map<string, Extract<RunItem, { kind: 'fold' }>>();
  let lastEvent: string | null = null;
  for (const r of runs) {
    if (!('verdict' in r)) {
      out.push({ kind: 'live', run: r });
      continue;
    }
    if (r.event !== lastEvent) folds.clear();
    lastEvent = r.event;
    if (!isNoOp(r)) {
      out.push({ kind: 'run', run: r });
      continue;
    }
    const fold = folds.get(r.event);
    if (fold) fold.runs.push(r);
    else {
      const item = { kind: 'fold' as const, event: r.event, runs: [r] };
      folds.set(r.event, item);
      out.push(item);
    }
  }
  return out;
}

/** The run that kept a call from running: a PreToolUse block or deny, a PermissionRequest deny. */
function stopper(block: ToolBlock, before: readonly HookRunRecord[]): HookRunRecord | null {
  if (block.stage !== 'done' || block.success !== false) return null;
  return before.find((r) => r.verdict === 'blocked' || r.verdict === 'denied') ?? null;
}

/** A tool call's place: its message and its id (some servers reuse tool ids across turns). */
const toolKey = (m: Message, b: ToolBlock) => `${m.id}\u0000${b.id}`;

/**
 * Every run of each tool call, wherever it was recorded (a message, or live and not placed yet), by
 * the call's message and id: a run belongs to the latest call with its `toolUseId` before it (a run
 * not in a message yet, to the latest call of all), so a reused id never pulls an old turn's runs.
 */
function runsByTool(messages: readonly Message[], pending: readonly HookRunRecord[], live: readonly HookRunStart[]) {
  const latest = new Map<string, string>();
  const byTool = new Map<string, Array<HookRunRecord | HookRunStart>>();
  const placed = new Set<string>();
  const add = (r: HookRunRecord | HookRunStart) => {
    const key = r.toolUseId ? latest.get(r.toolUseId) : undefined;
    if (!key) return;
    const list = byTool.get(key) ?? [];
    byTool.set(key, list);
    list.push(r);
    placed.add(r.id);
  };
  for (const m of messages)
    for (const b of m.blocks) {
      if (b.type === 'tool') latest.set(b.id, toolKey(m, b));
      else if (b.type === 'hook_run') add(b.run);
    }
  for (const r of pending) add(r);
  for (const r of live) add(r);
  return { byTool, placed };
}

function toolItem(block: ToolBlock, runs: ReadonlyArray<HookRunRecord | HookRunStart>): ToolItem {
  const before = runs.filter((r) => BEFORE.has(r.event));
  const after = runs.filter((r) => !BEFORE.has(r.event));
  const done = before.filter((r): r is HookRunRecord => 'verdict' in r);
  return { kind: 'tool', block, before: foldRuns(before), after: foldRuns(after), stoppedBy: stopper(block, done) };
}

/** The items of one message: its blocks in order, tool calls with their runs, other runs folded. */
function layoutMessage(message: Message, byTool: Map<string, Array<HookRunRecord | HookRunStart>>, placed: ReadonlySet<string>): MessageLayout {
  const items: TimelineItem[] = [];
  let runs: HookRunRecord[] = [];
  const flush = () => {
    items.push(...foldRuns(runs));
    runs = [];
  };
  for (const b of message.blocks) {
    if (b.type === 'hook_run') {
      if (!placed.has(b.run.id)) runs.push(b.run);
      continue;
    }
    flush();
    if (b.type === 'tool') items.push(toolItem(b, byTool.get(toolKey(message, b)) ?? []));
    else items.push({ kind: 'block', block: b });
  }
  flush();
  return { message, items };
}

/**
 * The whole timeline: each message with its items, then the runs that belong to no message yet
 * (reported live, or running) and to no tool call on screen.
 */
export function layoutTimeline(
  messages: readonly Message[],
  pending: readonly HookRunRecord[],
  live: readonly HookRunStart[],
): { messages: MessageLayout[]; trailing: RunItem[] } {
  const { byTool, placed } = runsByTool(messages, pending, live);
  return {
    messages: messages.map((m) => layoutMessage(m, byTool, placed)),
    trailing: foldRuns([...pending.filter((r) => !placed.has(r.id)), ...live.filter((r) => !placed.has(r.id))]),
  };
}
