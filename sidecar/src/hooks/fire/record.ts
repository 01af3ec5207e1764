// The run record of one hook run (docs/hooks.md, "Run records"): what ran, how it ended and what it
// decided, for the timeline, the history and `wave hooks runs`. Never sent to the model.
import { randomUUID } from 'node:crypto';
import { verdictOf, type RunEffect } from '../contract/answers.js';
import type { ConfiguredHook, HookRunRecord, ProcessResult, RunVerdict } from '../contract/types.js';
import type { RunDecision, RunKind } from '../../protocol/wire.js';

export type RecordEffect = Pick<RunEffect, 'outcome' | 'words' | 'error' | 'kind'> & Partial<RunEffect>;

/** How a background run started (the `async: ` before its decision words). */
export type BackgroundKind = 'async' | 'rewake' | 'detached';
const BACKGROUND_WORDS: Record<BackgroundKind, string> = { async: 'async', rewake: 'asyncRewake', detached: 'async (detached)' };

/** Runs in the background (async, asyncRewake, or detached by the async protocol) never block nor inject. */
export interface RecordOptions {
  /** It ran in the background (default: its handler says async or asyncRewake). */
  background?: boolean;
  /** An asyncRewake run that exited 2: its stderr went to the model. */
  rewoke?: boolean;
  /** How a background run started (its decision words say so). */
  backgroundKind?: BackgroundKind;
  /** The record's id (a run announced when it started keeps the id it was announced with). */
  id?: string;
  /** The event's input: a tool event's `tool_use_id` ties the record to its call. */
  input?: Record<string, unknown>;
}

export function runRecord(event: string, hook: ConfiguredHook, r: ProcessResult | null, effect: RecordEffect, o: RecordOptions = {}): HookRunRecord {
  const background = o.background ?? isBackground(hook);
  const verdict = verdictOf(effect);
  // A background run can only have worked or failed, or (asyncRewake, exit 2) woken the model.
  const shown = o.rewoke ? 'blocked' : background && verdict !== 'error' && verdict !== 'timeout' ? 'ok' : verdict;
  return {
    id: o.id ?? randomUUID(),
    event,
    hookId: hook.id,
    source: hook.source,
    file: hook.file,
    name: hook.displayName,
    matcher: hook.matcher ?? null,
    command: hook.summary,
    async: background,
    startedAt: new Date(r?.startedAt ?? Date.now()).toISOString(),
    durationMs: r ? Math.round(r.durationMs * 10) / 10 : 0,
    exitCode: r?.exitCode ?? null,
    signal: r?.signal ?? null,
    timedOut: r?.timedOut ?? false,
    stdout: effect.suppressOutput ? '' : (r?.stdout ?? ''),
    stderr: r?.stderr ?? '',
    outcome: effect.outcome,
    verdict: shown,
    kind: effect.kind,
    reason: reasonOf(effect.kind, shown),
    decision: o.backgroundKind ? `${BACKGROUND_WORDS[o.backgroundKind]}: ${effect.words}` : effect.words,
    error: effect.error ?? null,
    ...(effect.warning ? { warning: effect.warning } : {}),
    ...(o.input ? toolUseOf(o.input) : {}),
    ...(effect.updatedInput ? { rewroteInput: true } : {}),
  };
}

type Decision<K extends RunDecision['kind']> = Extract<RunDecision, { kind: K }>;

/** The hook's own reason behind its verdict (a block's reason, a deny's, a stop's…); null when it gave none. */
export function reasonOf(kind: RunKind, verdict: RunVerdict): string | null {
  if (kind.kind !== 'answer') return null;
  const find = <K extends RunDecision['kind']>(k: K, when: (d: Decision<K>) => boolean = () => true): Decision<K> | undefined =>
    kind.decisions.find((d): d is Decision<K> => d.kind === k && when(d as Decision<K>));
  const permission = (p: 'allow' | 'ask' | 'deny') =>
    find('permission', (d) => d.decision === p)?.reason ?? (p === 'ask' ? null : (find('permissionRequest', (d) => d.behavior === p)?.message ?? null));
  switch (verdict) {
    case 'stopped':
      return find('stop')?.reason ?? null;
    case 'blocked':
      return find('block')?.reason ?? null;
    case 'denied':
      return permission('deny');
    case 'asked':
      return permission('ask');
    case 'allowed':
      return permission('allow');
    case 'error':
      return find('exit2')?.reason ?? null;
    default:
      return null;
  }
}

/** A tool event's `tool_use_id`, as the record's (and the live run's) `toolUseId`. */
export function toolUseOf(input: Record<string, unknown>): { toolUseId?: string } {
  return typeof input.tool_use_id === 'string' ? { toolUseId: input.tool_use_id } : {};
}

export function isBackground(hook: ConfiguredHook): boolean {
  return hook.handler.async === true || hook.handler.asyncRewake === true;
}
