// The hook manager: the engine's API for the agent. It runs hooks from the session's snapshot of
// the configuration (sessionConfig.ts: a change on disk is reviewed, never applied by itself), notices
// changed settings files before each event (and fires ConfigChange for them), picks the hooks that
// match an event, runs them in order (async ones in the background), and combines their answers into
// one decision plus run records.
import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { interpretRun, combine, verdictOf, type RunEffect } from './answers.js';
import { TurnBudget } from './budget.js';
import { eventSpec, type EventInput, type HookEventName } from './events.js';
import type { LoadedSources } from './compose.js';
import { readHooksConfig } from './config.js';
import { compileMatcher, type CompiledMatcher } from './matcher.js';
import { runHookProcess, type ProcessRunner } from './runner.js';
import { SessionConfig, type ObservedFile } from './sessionConfig.js';
import { debugLines } from './debugLog.js';
import { historyLine, HistoryWriter } from './history.js';
import { hooksToRun, planEvent, type EventPlan, type PlanInput } from './plan.js';
import { configSourceOf } from './snapshot.js';
import type { ConfiguredHook, HookDecision, HookRunRecord, PermissionMode, ProcessResult } from './types.js';
import type { HookRunStart } from '../protocol/wire.js';

export const DEFAULT_HOOK_TIMEOUT_SECONDS = 600;

/** How a run the user stopped (stopRun) ends: a non-blocking error, recorded. */
const STOPPED = { error: 'stopped by the user', userMessage: 'a hook was stopped by the user', words: 'error (non-blocking): stopped by the user' };

export interface FireContext {
  sessionId: string;
  transcriptPath: string;
  cwd: string;
  permissionMode: PermissionMode;
  promptId?: string;
  /** Set when the event happens inside a subagent. */
  subagent?: { type: string; id: string };
  /** The user turn's shared budget; without one each hook only has its own timeout. */
  budget?: TurnBudget;
  /** Runs before each hook process starts (the agent rewrites its transcript there). */
  beforeRun?: () => void | Promise<void>;
  /** Runs only the hooks this accepts (the project's SessionStart hooks once trust is granted). */
  only?: (hook: ConfiguredHook) => boolean;
}

/** A settings file changed on disk during the session, and what its ConfigChange hooks said. */
export interface ConfigChangeNotice extends ObservedFile {
  /** A ConfigChange hook refused the change (exit 2 / decision block): why. It is not offered for apply. */
  refused: string | null;
}

/** One hook process to start, with everything its environment and stdin are made of. */
interface Launch {
  event: HookEventName;
  hook: ConfiguredHook;
  payload: string;
  input: Record<string, unknown>;
  ctx: FireContext;
  sources: LoadedSources;
  timeoutMs: number;
}

export interface FireResult {
  decision: HookDecision;
  runs: HookRunRecord[];
}

export interface HookManagerOptions {
  workdir: string;
  homeDir?: string;
  /** Programmatic hooks (Agent.create({ hooks })), same shape as a settings file's `hooks`. */
  hooks?: unknown;
  /** Whether project-scope hooks may run (docs/hooks.md, "Project hooks need a trusted workspace"). Default true (headless use). */
  trustProject?: boolean | (() => boolean);
  runProcess?: ProcessRunner;
  /** The environment hooks inherit (default process.env). */
  baseEnv?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** The one channel of run records: every run, sync or async, as soon as its record exists. */
  onRecord?: (record: HookRunRecord) => void;
  /** The run history (~/.wave/hook-runs.jsonl by default; null: none). */
  historyFile?: string | null;
  /** The agent's tool names: tool matchers that match none of them are warned about. */
  toolNames?: readonly string[];
  /** Problems of the engine itself the user should hear about (the history cannot be written, …). */
  onWarning?: (message: string) => void;
  /** `--debug hooks`: called after every event with the lines saying what ran and what did not. */
  debug?: (lines: string[]) => void;
  /** Called when settings files changed during the session (after their ConfigChange hooks ran). */
  onConfigChange?: (changes: ConfigChangeNotice[], runs: HookRunRecord[]) => void;
  /** A synchronous hook started (its id is its record's, and what `stopRun` takes): the UI's live card. */
  onRunStart?: (start: HookRunStart) => void;
  killGraceMs?: number;
  exitGraceMs?: number;
}

/** Throws one error naming every problem of invalid programmatic hooks (Agent.create). */
export function assertValidProgrammaticHooks(hooks: unknown): void {
  const { problems } = readHooksConfig(hooks, { source: 'programmatic', file: null, basePath: ['hooks'] });
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length) {
    throw new Error(`invalid hooks option: ${errors.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  }
}

/** The `tool_use_id` of a tool event's input, for its records. */
const toolUseOf = (input: Record<string, unknown>) => (typeof input.tool_use_id === 'string' ? { toolUseId: input.tool_use_id } : {});

/** The hooks of `sources` for an event, in run order (empty when all hooks are disabled). */
function eventHooks(sources: LoadedSources, event: HookEventName): ConfiguredHook[] {
  return sources.settings.disableAllHooks ? [] : sources.hooks.filter((h) => h.event === event);
}

export class HookManager {
  /** The session's configuration: the snapshot hooks run from, the disk, the review between them. */
  readonly config: SessionConfig;
  /** Compiled matchers by matcher text (matchers are pure, so they never go stale). */
  private readonly matchers = new Map<string, CompiledMatcher>();
  private readonly pending = new Set<Promise<void>>();
  /** The synchronous runs in progress, by run id (what stopRun aborts). */
  private readonly live = new Map<string, AbortController>();
  private readonly runProcess: ProcessRunner;
  private readonly history: HistoryWriter | null;
  /** One look at the settings files at a time (ConfigChange fires once per change). */
  private observing: Promise<void> = Promise.resolve();
  readonly workdir: string;
  readonly homeDir: string;

  constructor(private readonly opts: HookManagerOptions) {
    this.workdir = opts.workdir;
    this.homeDir = opts.homeDir ?? homedir();
    this.runProcess = opts.runProcess ?? runHookProcess;
    // The snapshot is taken now, when the session starts.
    this.config = new SessionConfig({
      workdir: this.workdir,
      homeDir: this.homeDir,
      programmatic: opts.hooks,
      trust: () => this.trusted(),
      ...(opts.toolNames ? { toolNames: opts.toolNames } : {}),
    });
    const historyFile = opts.historyFile === undefined ? this.config.paths.historyFile : opts.historyFile;
    this.history = historyFile ? new HistoryWriter(historyFile, (m) => this.opts.onWarning?.(m)) : null;
  }

  /** Every record goes out through here: to the listener, and to the history (queued, off the hot path). */
  private emit(record: HookRunRecord, ctx: FireContext): void {
    this.opts.onRecord?.(record);
    this.history?.append(historyLine(record, ctx.sessionId));
  }

  private trusted(): boolean {
    const t = this.opts.trustProject ?? true;
    return typeof t === 'function' ? t() : t;
  }

  /** What hooks run from: the session's snapshot (composed with the current trust decision). */
  snapshot(): LoadedSources {
    return this.config.sources();
  }

  /**
   * Looks for settings files changed on disk since the last look; fires ConfigChange for each
   * (a hook that blocks keeps the change from being offered) and reports them (onConfigChange).
   * Nothing changes what runs: only `config.apply()` does.
   */
  observeConfig(ctx: FireContext): Promise<void> {
    const look = this.observing.then(async () => {
      const files = this.config.observe();
      if (!files.length) return;
      const notices: ConfigChangeNotice[] = [];
      const runs: HookRunRecord[] = [];
      for (const f of files) {
        const r = await this.fireNow('ConfigChange', { source: configSourceOf(f.source), file_path: f.path }, ctx);
        runs.push(...r.runs);
        if (r.decision.blocked) this.config.refuse(f.path);
        notices.push({ ...f, refused: r.decision.blocked ? r.decision.reason : null });
      }
      this.opts.onConfigChange?.(notices, runs);
    });
    // The chain goes on after a failed look (its caller got the error); the next event looks again.
    this.observing = look.catch(() => undefined);
    return look;
  }

  /** Hooks that would run for an event, in run order (empty when all hooks are disabled). */
  hooksFor(event: HookEventName): ConfiguredHook[] {
    return eventHooks(this.snapshot(), event);
  }

  hasHooks(event: HookEventName): boolean {
    return this.hooksFor(event).length > 0;
  }

  /** A new budget for one user turn, sized by the settings (hookTurnBudgetSeconds). */
  newTurnBudget(): TurnBudget {
    return new TurnBudget(this.snapshot().settings.turnBudgetSeconds);
  }

  /** The stdin object of an event, in Claude Code's key order. */
  payload<E extends HookEventName>(event: E, input: EventInput<E>, ctx: FireContext): Record<string, unknown> {
    return {
      session_id: ctx.sessionId,
      transcript_path: ctx.transcriptPath,
      cwd: ctx.cwd,
      ...(ctx.promptId ? { prompt_id: ctx.promptId } : {}),
      permission_mode: ctx.permissionMode,
      ...(ctx.subagent ? { subagent_type: ctx.subagent.type, agent_type: ctx.subagent.type, agent_id: ctx.subagent.id } : {}),
      hook_event_name: event,
      ...eventSpec(event).payload(input as Record<string, unknown>),
    };
  }

  private planInput(event: HookEventName, input: Record<string, unknown>, ctx: Pick<FireContext, 'only'>): PlanInput {
    const field = eventSpec(event).matcherField;
    return {
      event,
      value: field ? String(input[field] ?? '') : null,
      sources: this.snapshot(),
      matcher: (m) => this.matcher(m),
      ...(ctx.only ? { only: ctx.only } : {}),
    };
  }

  /** Which hooks of the event would run now, and why each other one would not (no hook runs). */
  plan<E extends HookEventName>(event: E, input: EventInput<E>, ctx: Pick<FireContext, 'only'> = {}): EventPlan {
    return planEvent(this.planInput(event, input as Record<string, unknown>, ctx), { pending: this.config.pendingHooks() });
  }

  /**
   * Runs every matching hook of an event and returns the combined decision and the run records.
   * Settings files changed since the last event are noticed first (ConfigChange).
   */
  async fire<E extends HookEventName>(event: E, input: EventInput<E>, ctx: FireContext): Promise<FireResult> {
    await this.observeConfig(ctx);
    return this.fireNow(event, input, ctx);
  }

  private async fireNow<E extends HookEventName>(event: E, input: EventInput<E>, ctx: FireContext): Promise<FireResult> {
    const spec = eventSpec(event);
    const sources = this.snapshot();
    let current = input as Record<string, unknown>;
    const planInput = this.planInput(event, current, ctx);
    const hooks = hooksToRun(planInput);
    const effects: RunEffect[] = [];
    const runs: HookRunRecord[] = [];
    const started: ConfiguredHook[] = [];
    let skipped = 0;

    for (const hook of hooks) {
      const payload = JSON.stringify(this.payload(event, current as EventInput<E>, ctx));
      const ownTimeoutMs = (hook.handler.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS) * 1000;
      if (hook.handler.async) {
        this.startAsync({ event, hook, payload, input: current, ctx, sources, timeoutMs: ownTimeoutMs });
        started.push(hook);
        continue;
      }
      const remaining = ctx.budget ? ctx.budget.remainingMs() : Infinity;
      if (remaining <= 0) {
        skipped++;
        const record = this.record(event, hook, null, { outcome: 'skipped', words: 'skipped: the turn’s hook budget is spent' }, current);
        runs.push(record);
        this.emit(record, ctx);
        continue;
      }
      const timeoutMs = Math.min(ownTimeoutMs, remaining);
      await ctx.beforeRun?.();
      const runId = randomUUID();
      const { result, stopped } = await this.runLive(runId, { event, hook, payload, input: current, ctx, sources, timeoutMs });
      ctx.budget?.spend(result.durationMs);
      const effect = interpretRun(event, spec, result, hook.handler.command, Math.round(timeoutMs / 100) / 10);
      if (result.timedOut && timeoutMs < ownTimeoutMs) effect.error = `${effect.error} (cut to what was left of the turn’s hook budget)`;
      if (stopped && effect.outcome === 'non_blocking_error') Object.assign(effect, STOPPED);
      effects.push(effect);
      const record = this.record(event, hook, result, effect, current, runId);
      runs.push(record);
      this.emit(record, ctx);
      if (effect.updatedInput && spec.chain) current = spec.chain(current, effect.updatedInput);
      if (spec.firstPathWins && effect.path) break;
    }

    if (this.opts.debug) this.opts.debug(debugLines(planEvent(planInput, { pending: this.config.pendingHooks() }), runs, started));
    const decision = combine(event, effects);
    if (skipped) {
      decision.budgetExhausted = true;
      decision.userMessages.push(
        `The hook time budget of this turn (${ctx.budget?.totalSeconds} s) is spent: ${skipped} ${event} hook${skipped > 1 ? 's were' : ' was'} skipped.`,
      );
    }
    return { decision, runs };
  }

  private matcher(text: string | undefined): CompiledMatcher {
    const key = text ?? '';
    let m = this.matchers.get(key);
    if (!m) {
      m = compileMatcher(text);
      this.matchers.set(key, m);
    }
    return m;
  }

  /** Kills a running synchronous hook (its process group); it ends as a non-blocking error. False when it is not running. */
  stopRun(runId: string): boolean {
    this.live.get(runId)?.abort();
    return this.live.has(runId);
  }

  /** Runs a synchronous hook that stopRun(runId) can kill, announcing it first (onRunStart). */
  private runLive(runId: string, launch: Launch): Promise<{ result: ProcessResult; stopped: boolean }> {
    const stop = new AbortController();
    this.live.set(runId, stop);
    const { hook } = launch;
    const start = { id: runId, event: launch.event, hookId: hook.id, name: hook.displayName, statusMessage: hook.handler.statusMessage ?? null };
    this.opts.onRunStart?.({ ...start, startedAt: new Date().toISOString(), ...toolUseOf(launch.input) });
    const ran = this.run(launch, stop.signal).then((result) => ({ result, stopped: stop.signal.aborted }));
    return ran.finally(() => this.live.delete(runId));
  }

  /** Resolves when every async hook started so far has finished (and the history is written). */
  async waitForAsync(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
    await this.history?.flush();
  }

  private startAsync(launch: Launch): void {
    const { event, hook, ctx, timeoutMs } = launch;
    const p = this.run(launch)
      .then((result) => {
        const effect = interpretRun(event, eventSpec(event), result, hook.handler.command, timeoutMs / 1000);
        // An async hook never blocks nor injects anything: only its record is kept.
        this.emit(this.record(event, hook, result, { ...effect, words: `async: ${effect.words}` }, launch.input), ctx);
      })
      .catch((err: Error) => this.opts.onWarning?.(`an async ${event} hook could not be recorded: ${err.message}`))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  private run({ event, hook, payload, input, ctx, sources, timeoutMs }: Launch, signal?: AbortSignal): Promise<ProcessResult> {
    const platform = this.opts.platform ?? process.platform;
    const windows = platform === 'win32';
    const command = windows ? (hook.handler.commandWindows ?? hook.handler.command) : hook.handler.command;
    const env: Record<string, string | undefined> = {
      ...(this.opts.baseEnv ?? process.env),
      ...sources.settings.env,
      HOOK_EVENT: event,
      HOOK_TOOL_NAME: typeof input.tool_name === 'string' ? input.tool_name : '',
      WAVE_PROJECT_DIR: this.workdir,
      CLAUDE_PROJECT_DIR: this.workdir,
      WAVE_SESSION_ID: ctx.sessionId,
      CLAUDE_CODE_SESSION_ID: ctx.sessionId,
      ...(hook.plugin ? { WAVE_PLUGIN_ROOT: hook.plugin.root, CLAUDE_PLUGIN_ROOT: hook.plugin.root } : {}),
    };
    return this.runProcess({
      file: windows ? 'powershell.exe' : 'sh',
      args: windows ? ['-NoProfile', '-NonInteractive', '-Command', command] : ['-c', command],
      cwd: ctx.cwd,
      env,
      input: `${payload}\n`,
      timeoutMs,
      ...(this.opts.killGraceMs !== undefined ? { killGraceMs: this.opts.killGraceMs } : {}),
      ...(this.opts.exitGraceMs !== undefined ? { exitGraceMs: this.opts.exitGraceMs } : {}),
      ...(signal ? { signal } : {}),
    });
  }

  private record(
    event: string,
    hook: ConfiguredHook,
    r: ProcessResult | null,
    effect: Pick<RunEffect, 'outcome' | 'words' | 'error'> & Partial<RunEffect>,
    input: Record<string, unknown>,
    id: string = randomUUID(),
  ): HookRunRecord {
    const verdict = verdictOf(effect);
    // An async hook never blocks nor injects anything: it can only have worked or failed.
    const shown = hook.handler.async && verdict !== 'error' && verdict !== 'timeout' ? 'ok' : verdict;
    return {
      id,
      event,
      hookId: hook.id,
      source: hook.source,
      file: hook.file,
      name: hook.displayName,
      matcher: hook.matcher ?? null,
      command: hook.handler.command,
      async: hook.handler.async === true,
      startedAt: new Date(r?.startedAt ?? Date.now()).toISOString(),
      durationMs: r ? Math.round(r.durationMs * 10) / 10 : 0,
      exitCode: r?.exitCode ?? null,
      signal: r?.signal ?? null,
      timedOut: r?.timedOut ?? false,
      stdout: r?.stdout ?? '',
      stderr: r?.stderr ?? '',
      outcome: effect.outcome,
      verdict: shown,
      decision: effect.words,
      error: effect.error ?? null,
      ...toolUseOf(input),
    };
  }
}
