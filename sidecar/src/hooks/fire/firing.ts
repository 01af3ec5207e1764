// One firing of an event (docs/hooks.md, "Order" and "Parallel groups"): the hooks that run, step by
// step — one hook, or a matcher group with `"parallel": true` whose hooks start together — and what
// they answered, in definition order, as the manager combines it. Each hook is checked before it
// starts (`once`, a guard held back because what it runs changed, the turn's budget); async hooks go
// to the background; a synchronous run is announced when it starts (live runs) and recorded when it
// and every hook before it in its step have answered.
import { echoesInput, interpretRun, type RunEffect } from '../contract/answers.js';
import type { BackgroundIo, BackgroundRuns } from './background.js';
import { eventSpec, type EventInput, type HookEventName } from '../contract/events.js';
import type { LoadedSources } from '../config/compose.js';
import { launchPrepared, type HookStart, type LaunchSettings } from '../run/launch.js';
import { isBackground, runRecord, type RecordEffect } from './record.js';
import { eventPayload, hookStart } from './payload.js';
import { DEFAULT_HOOK_TIMEOUT_SECONDS, type FireContext } from './fireTypes.js';
import { duplicateEffect, type DuplicateHook } from './plan.js';
import { checkToolOutput } from '../contract/toolOutput.js';
import type { LiveRun, LiveRuns } from './liveRuns.js';
import { afterRun, budgetSkip, type RunEnd } from './failClosed.js';
import type { TargetWatch } from './targetWatch.js';
import { ignoredRewrite, stepsOf } from './parallel.js';
import type { ConfiguredHook, HookRunRecord, ProcessResult } from '../contract/types.js';

/** What a firing uses of its manager: how hooks start, run in the background, are watched and recorded. */
export interface FiringDeps {
  launch: LaunchSettings;
  live: LiveRuns;
  background: BackgroundRuns;
  targets: TargetWatch;
  /** Hooks with `once: true` that already ran in this session. */
  ranOnce: Set<string>;
  /** A run's record, with the stdin the hook got (or would have got). */
  emit(record: HookRunRecord, ctx: FireContext, stdin: string): void;
  io(ctx: FireContext, input: Record<string, unknown>, stdin: string): BackgroundIo;
}

/** A hook checked before it starts: dealt with already (held, skipped, in the background), or ready to run. */
type Prepared =
  | { kind: 'done'; effect: RunEffect | null; record: HookRunRecord; skipped: boolean }
  | { kind: 'background' }
  | { kind: 'run'; start: HookStart; ownTimeoutMs: number };

/** A synchronous run on its way. */
interface Running {
  hook: ConfiguredHook;
  start: HookStart;
  ownTimeoutMs: number;
  live: LiveRun;
  result: Promise<ProcessResult>;
}

export class Firing {
  /** The event's input as the hooks to come see it (rewrites chain from step to step). */
  current: Record<string, unknown>;
  readonly effects: RunEffect[] = [];
  readonly runs: HookRunRecord[] = [];
  /** Hooks that went on in the background (async, or detached themselves). */
  readonly started: ConfiguredHook[] = [];
  /** Hooks the spent budget skipped. */
  skipped = 0;

  constructor(
    private readonly deps: FiringDeps,
    readonly event: HookEventName,
    private readonly ctx: FireContext,
    private readonly sources: LoadedSources,
    input: Record<string, unknown>,
  ) {
    this.current = input;
  }

  /** Runs the hooks, one step after another (a first path that wins ends the firing). */
  async run(hooks: readonly ConfiguredHook[], duplicates: readonly DuplicateHook[]): Promise<void> {
    for (const d of duplicates) this.runs.push(this.recordNow(d.hook, duplicateEffect(this.event, d)));
    for (const step of stepsOf(hooks)) {
      const ended = step.length > 1 ? await this.runParallel(step) : await this.runOne(step[0]!);
      if (ended) return;
    }
  }

  /** One hook on its own; true when it supplied the path of an event whose first path wins. */
  private async runOne(hook: ConfiguredHook): Promise<boolean> {
    const p = this.prepare(hook, this.current);
    if (p.kind !== 'run') return (this.take(hook, p), false);
    const running = this.startSync(hook, p.start, p.ownTimeoutMs, this.ctx.beforeRun);
    const result = await running.result;
    this.ctx.budget?.spend(result.durationMs);
    const effect = this.finish(running, result, null);
    if (!effect) return false;
    const spec = eventSpec(this.event);
    if (effect.updatedInput && spec.chain) this.current = spec.chain(this.current, effect.updatedInput);
    return !!(spec.firstPathWins && effect.path);
  }

  /**
   * A parallel group: every hook is checked, then all start together with the group's input and
   * what is left of the budget; their answers are taken in definition order, as if they had run one
   * after another, except that only the first rewrite of the input counts. The budget is spent by
   * the group's wall time (its longest run).
   */
  private async runParallel(step: readonly ConfiguredHook[]): Promise<boolean> {
    const input = this.current;
    const prepared = step.map((hook) => this.prepare(hook, input));
    const gate = sharedPreparation(this.ctx.beforeRun);
    const running = prepared.map((p, i) => (p.kind === 'run' ? this.startSync(step[i]!, p.start, p.ownTimeoutMs, gate) : null));
    let rewrite: { by: ConfiguredHook; input: Record<string, unknown> } | null = null;
    let wallMs = 0;
    for (const [i, p] of prepared.entries()) {
      const r = running[i];
      if (!r) {
        this.take(step[i]!, p);
        continue;
      }
      const result = await r.result;
      wallMs = Math.max(wallMs, result.durationMs);
      const effect = this.finish(r, result, rewrite?.by ?? null);
      if (effect?.updatedInput && !rewrite) rewrite = { by: r.hook, input: effect.updatedInput };
    }
    this.ctx.budget?.spend(wallMs);
    const spec = eventSpec(this.event);
    if (rewrite && spec.chain) this.current = spec.chain(input, rewrite.input);
    return false;
  }

  /** What a hook that does not run in the foreground contributes. */
  private take(hook: ConfiguredHook, p: Prepared): void {
    if (p.kind === 'background') this.started.push(hook);
    if (p.kind !== 'done') return;
    if (p.effect) this.effects.push(p.effect);
    this.runs.push(p.record);
    if (p.skipped) this.skipped++;
  }

  /** Before a hook starts: `once`, a held-back guard, a background start, the budget. */
  private prepare(hook: ConfiguredHook, input: Record<string, unknown>): Prepared {
    const { event, ctx, deps } = this;
    if (hook.handler.once) deps.ranOnce.add(hook.id);
    const held = deps.targets.heldBack(event, hook, this.sources, !isBackground(hook));
    if (held) return { kind: 'done', effect: held, record: this.recordNow(hook, held, input), skipped: false };
    const ownTimeoutMs = (hook.handler.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS) * 1000;
    const start = (timeoutMs: number) => hookStart(event, hook, input, ctx, this.sources.settings.env, timeoutMs);
    if (isBackground(hook)) {
      // asyncTimeout bounds a background run, and so how long `wave -p` waits for it at exit (docs/hooks.md, "Async hooks").
      const bgTimeoutMs = hook.handler.asyncTimeout ?? ownTimeoutMs;
      const bg = start(bgTimeoutMs);
      deps.background.start(event, hook, launchPrepared(deps.launch, bg, ctx.beforeRun), bgTimeoutMs, deps.io(ctx, input, bg.payload));
      return { kind: 'background' };
    }
    const remaining = ctx.budget ? ctx.budget.remainingMs() : Infinity;
    if (remaining <= 0) {
      const effect = budgetSkip(event, hook, ctx.budget?.totalSeconds);
      return { kind: 'done', effect: effect.outcome !== 'skipped' ? effect : null, record: this.recordNow(hook, effect, input), skipped: true };
    }
    return { kind: 'run', start: start(Math.min(ownTimeoutMs, remaining)), ownTimeoutMs };
  }

  /** Starts a synchronous hook, announced as a live run. */
  private startSync(hook: ConfiguredHook, start: HookStart, ownTimeoutMs: number, prepare: FireContext['beforeRun']): Running {
    const live = this.deps.live.begin(this.event, hook, start.input);
    const result = launchPrepared(this.deps.launch, { ...start, signal: live.signal }, prepare).finally(live.end);
    return { hook, start, ownTimeoutMs, live, result };
  }

  /**
   * A finished synchronous run: its effect, recorded and kept; null when it detached itself (Claude
   * Code's async protocol: it goes on in the background). `rewroteFirst`: an earlier hook of its
   * parallel group rewrote the input, so a rewrite of this one is ignored (with a warning).
   */
  private finish(r: Running, result: ProcessResult, rewroteFirst: ConfiguredHook | null): RunEffect | null {
    const { event, ctx, deps } = this;
    const { hook, start } = r;
    if (result.detached) {
      deps.background.detached(event, hook, result.detached.done, result.detached.asyncTimeoutMs ?? start.timeoutMs, deps.io(ctx, start.input, start.payload));
      this.started.push(hook);
      return null;
    }
    // A hook that passes its input through (prints stdin back) answers nothing, whatever its size.
    const read = echoesInput(result, start.payload) ? { ...result, stdout: '', stdoutTruncated: false } : result;
    const answered = interpretRun(event, eventSpec(event), read, { command: hook.summary, name: hook.displayName }, Math.round(start.timeoutMs / 100) / 10);
    checkToolOutput(answered, start.input, { event, name: hook.displayName });
    const budgetCut = result.timedOut && start.timeoutMs < r.ownTimeoutMs;
    const end: RunEnd = { budgetCut, stopped: r.live.signal.aborted ? (r.live.stopChoice() ?? 'cancelCall') : null };
    const ran = afterRun(event, hook, answered, end);
    const effect = rewroteFirst && ran.updatedInput ? ignoredRewrite(ran, rewroteFirst) : ran;
    const record = runRecord(event, hook, result, effect, { id: r.live.id, input: start.input });
    deps.emit(record, ctx, start.payload);
    this.effects.push(effect);
    this.runs.push(record);
    return effect;
  }

  /** The record of a hook that did not start (skipped, held back), with the stdin it would have got. */
  private recordNow(hook: ConfiguredHook, effect: RecordEffect, input: Record<string, unknown> = this.current): HookRunRecord {
    const record = runRecord(this.event, hook, null, effect, { input });
    this.deps.emit(record, this.ctx, this.ctx.stdin ?? JSON.stringify(eventPayload(this.event, input as EventInput<HookEventName>, this.ctx, hook)));
    return record;
  }
}

/** The firing's preparation (the transcript hooks read), done once for all the hooks of a parallel group. */
function sharedPreparation(prepare: FireContext['beforeRun']): FireContext['beforeRun'] {
  if (!prepare) return undefined;
  let done: Promise<void> | null = null;
  return () => (done ??= Promise.resolve().then(prepare));
}
