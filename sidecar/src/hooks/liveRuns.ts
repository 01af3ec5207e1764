// The synchronous hook runs in progress (docs/hooks.md, "Hook runs in the chat"): each is announced
// when it starts (the chat's live card, `wave -p`'s statusMessage line) under the id its run record
// will have, and can be stopped by that id, which kills it as a timeout does.
import { randomUUID } from 'node:crypto';
import type { HookRunStart } from '../protocol/wire.js';
import type { RunEffect } from './answers.js';
import { toolUseOf } from './record.js';
import type { ConfiguredHook } from './types.js';

/** How a run the user stopped ends: a non-blocking error, recorded. */
export const STOPPED: Pick<RunEffect, 'error' | 'userMessage' | 'words'> = {
  error: 'stopped by the user',
  userMessage: 'a hook was stopped by the user',
  words: 'error (non-blocking): stopped by the user',
};

export interface LiveRun {
  id: string;
  signal: AbortSignal;
  /** Ends the run's entry (call when the run has its result). */
  end(): void;
}

export class LiveRuns {
  private readonly live = new Map<string, AbortController>();

  constructor(private readonly onStart: ((start: HookRunStart) => void) | undefined) {}

  begin(event: string, hook: ConfiguredHook, input: Record<string, unknown>): LiveRun {
    const id = randomUUID();
    const stop = new AbortController();
    this.live.set(id, stop);
    this.onStart?.({
      id,
      event,
      hookId: hook.id,
      name: hook.displayName,
      statusMessage: hook.handler.statusMessage ?? null,
      startedAt: new Date().toISOString(),
      ...toolUseOf(input),
    });
    return { id, signal: stop.signal, end: () => this.live.delete(id) };
  }

  /** Kills a running synchronous hook; false when no run has that id. */
  stop(id: string): boolean {
    const run = this.live.get(id);
    run?.abort();
    return run !== undefined;
  }
}
