// The synchronous hook runs in progress (docs/hooks.md, "Hook runs in the chat"): each is announced
// when it starts (the chat's live card, `wave -p`'s statusMessage line) under the id its run record
// will have, and can be stopped by that id, which kills it as a timeout does; the stop says whether
// the call a guard runs for is cancelled (the default) or runs (failClosed.ts reads it).
import { randomUUID } from 'node:crypto';
import type { HookRunStart, StopChoice } from '../../protocol/wire.js';
import { guardsCall } from './failClosed.js';
import { toolUseOf } from './record.js';
import type { ConfiguredHook } from '../contract/types.js';

export interface LiveRun {
  id: string;
  signal: AbortSignal;
  /** What the user chose for the guarded call when they stopped it (null: not stopped). */
  stopChoice(): StopChoice | null;
  /** Ends the run's entry (call when the run has its result). */
  end(): void;
}

export class LiveRuns {
  private readonly live = new Map<string, { stop: AbortController; choice: StopChoice | null }>();

  constructor(private readonly onStart: ((start: HookRunStart) => void) | undefined) {}

  begin(event: string, hook: ConfiguredHook, input: Record<string, unknown>): LiveRun {
    const id = randomUUID();
    const entry = { stop: new AbortController(), choice: null as StopChoice | null };
    this.live.set(id, entry);
    this.onStart?.({
      id,
      event,
      hookId: hook.id,
      name: hook.displayName,
      statusMessage: hook.handler.statusMessage ?? null,
      startedAt: new Date().toISOString(),
      ...toolUseOf(input),
      ...(guardsCall(event) ? { guardsCall: true } : {}),
    });
    return { id, signal: entry.stop.signal, stopChoice: () => entry.choice, end: () => this.live.delete(id) };
  }

  /** Kills a running synchronous hook; false when no run has that id. */
  stop(id: string, choice: StopChoice = 'cancelCall'): boolean {
    const run = this.live.get(id);
    if (!run) return false;
    run.choice ??= choice;
    run.stop.abort();
    return true;
  }
}
