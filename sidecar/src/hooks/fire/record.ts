// The run record of one hook run (docs/hooks.md, "Run records"): what ran, how it ended and what it
// decided, for the timeline, the history and `wave hooks runs`. Never sent to the model.
import { randomUUID } from 'node:crypto';
import { verdictOf, type RunEffect } from '../contract/answers.js';
import type { ConfiguredHook, HookRunRecord, ProcessResult } from '../contract/types.js';

export type RecordEffect = Pick<RunEffect, 'outcome' | 'words' | 'error'> & Partial<RunEffect>;

/** Runs in the background (async, asyncRewake, or detached by the async protocol) never block nor inject. */
export interface RecordOptions {
  /** It ran in the background (default: its handler says async or asyncRewake). */
  background?: boolean;
  /** An asyncRewake run that exited 2: its stderr went to the model. */
  rewoke?: boolean;
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
    decision: effect.words,
    error: effect.error ?? null,
    ...(o.input ? toolUseOf(o.input) : {}),
    ...(effect.updatedInput ? { rewroteInput: true } : {}),
  };
}

/** A tool event's `tool_use_id`, as the record's (and the live run's) `toolUseId`. */
export function toolUseOf(input: Record<string, unknown>): { toolUseId?: string } {
  return typeof input.tool_use_id === 'string' ? { toolUseId: input.tool_use_id } : {};
}

export function isBackground(hook: ConfiguredHook): boolean {
  return hook.handler.async === true || hook.handler.asyncRewake === true;
}
