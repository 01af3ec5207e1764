// Hooks that run in the background (docs/hooks.md, "Async hooks"): `async: true` ones, `asyncRewake:
// true` ones, and synchronous command hooks that detached themselves with Claude Code's protocol
// (a first stdout line `{"async": true, …}`). None of them blocks or injects anything; each ends in
// a run record. An asyncRewake hook that exits 2 hands its stderr (after its rewakeMessage) to the
// agent, which gives it to the model at the next model request or wakes the idle agent for it.
import { interpretRun, worded } from '../contract/answers.js';
import { eventSpec, type HookEventName } from '../contract/events.js';
import { runRecord, type BackgroundKind } from './record.js';
import type { ConfiguredHook, HookRunRecord, ProcessResult } from '../contract/types.js';

/** An asyncRewake hook exited 2: what reaches the model. */
export interface RewakeNotice {
  event: string;
  hook: ConfiguredHook;
  /** rewakeMessage and stderr, joined by a newline. */
  text: string;
  record: HookRunRecord;
}

export interface BackgroundIo {
  emit(record: HookRunRecord): void;
  warn(message: string): void;
  rewake?: (notice: RewakeNotice) => void;
  /** The event input the hook was started with (its record's tool_use_id). */
  input: Record<string, unknown>;
}

type Kind = BackgroundKind;

function kindOf(hook: ConfiguredHook): Kind {
  return hook.handler.asyncRewake ? 'rewake' : 'async';
}

export class BackgroundRuns {
  private readonly pending = new Set<Promise<void>>();
  private rewaking = 0;

  /** A hook started in the background (async or asyncRewake). */
  start(event: HookEventName, hook: ConfiguredHook, run: Promise<ProcessResult>, timeoutMs: number, io: BackgroundIo): void {
    this.track(event, hook, run, timeoutMs, kindOf(hook), io);
  }

  /** A synchronous hook that detached itself (the async protocol): its end is recorded like an async hook's. */
  detached(event: HookEventName, hook: ConfiguredHook, done: Promise<ProcessResult>, timeoutMs: number, io: BackgroundIo): void {
    this.track(event, hook, done, timeoutMs, hook.handler.asyncRewake ? 'rewake' : 'detached', io);
  }

  /** asyncRewake hooks still running (their end may still reach the model). */
  get rewakeRunning(): number {
    return this.rewaking;
  }

  private track(event: HookEventName, hook: ConfiguredHook, run: Promise<ProcessResult>, timeoutMs: number, kind: Kind, io: BackgroundIo): void {
    if (kind === 'rewake') this.rewaking++;
    const p = run
      .then((result) => this.finish(event, hook, result, timeoutMs, kind, io))
      .catch((err: Error) => io.warn(`a background ${event} hook could not be recorded: ${err.message}`))
      .finally(() => {
        if (kind === 'rewake') this.rewaking--;
        this.pending.delete(p);
      });
    this.pending.add(p);
  }

  private finish(event: HookEventName, hook: ConfiguredHook, result: ProcessResult, timeoutMs: number, kind: Kind, io: BackgroundIo): void {
    // A detached hook's later stdout is JSON Lines for the timeline, never an answer.
    const read = kind === 'detached' ? { ...result, stdout: '' } : result;
    const who = { event, name: hook.displayName };
    const interpreted = interpretRun(event, eventSpec(event), read, { command: hook.summary, name: hook.displayName }, Math.round(timeoutMs / 100) / 10);
    const rewoke = kind === 'rewake' && result.exitCode === 2 && !result.timedOut && !result.signal;
    const effect = rewoke ? worded({ outcome: interpreted.outcome, kind: { kind: 'answer', decisions: [{ kind: 'rewake' }] } }, who) : interpreted;
    const record = runRecord(event, hook, result, effect, { background: true, rewoke, backgroundKind: kind, input: io.input });
    io.emit(record);
    if (!rewoke) return;
    const stderr = result.stderr || `the ${event} hook "${hook.displayName}" exited 2`;
    const text = [hook.handler.rewakeMessage, stderr].filter((t) => t && t.trim()).join('\n');
    io.rewake?.({ event, hook, text, record });
  }

  /** Resolves when every background run started so far has ended (and been recorded). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
