// The hook manager: the engine's API for the agent. It keeps the sources fresh (a settings change
// applies to the next event, no restart), picks the hooks that match an event, runs them in order
// (async ones in the background), and combines their answers into one decision plus run records.
import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { interpretRun, combine, type RunEffect } from './answers.js';
import { TurnBudget } from './budget.js';
import { eventSpec, type EventInput, type HookEventName } from './events.js';
import { readHooksConfig } from './config.js';
import { compileMatcher, type CompiledMatcher } from './matcher.js';
import { runHookProcess, type ProcessRunner } from './runner.js';
import { loadSources, sourcesFingerprint, type LoadedSources } from './sources.js';
import type { ConfiguredHook, HookDecision, HookRunRecord, PermissionMode, ProcessResult } from './types.js';
import { settingsPaths, type SettingsPaths } from '../settings/paths.js';

export const DEFAULT_HOOK_TIMEOUT_SECONDS = 600;

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
  /** Every run record as soon as it exists (sync runs; async runs also go to onAsyncRun). */
  onRun?: (record: HookRunRecord) => void;
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
  /** Whether project-scope hooks may run (SPEC 1.4). Default true (headless use). */
  trustProject?: boolean | (() => boolean);
  runProcess?: ProcessRunner;
  /** The environment hooks inherit (default process.env). */
  baseEnv?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** Called when an async hook finishes. */
  onAsyncRun?: (record: HookRunRecord) => void;
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

/** The hooks of `sources` for an event, in run order (empty when all hooks are disabled). */
function eventHooks(sources: LoadedSources, event: HookEventName): ConfiguredHook[] {
  return sources.disableAllHooks ? [] : sources.hooks.filter((h) => h.event === event);
}

export class HookManager {
  private sources: LoadedSources | null = null;
  private fingerprint = '';
  /** The settings files' paths: workdir and homeDir never change, so computed once. */
  private readonly paths: SettingsPaths;
  /** Compiled matchers of the current sources, by matcher text (cleared when the sources reload). */
  private readonly matchers = new Map<string, CompiledMatcher>();
  private readonly pending = new Set<Promise<void>>();
  private readonly runProcess: ProcessRunner;
  readonly workdir: string;
  readonly homeDir: string;

  constructor(private readonly opts: HookManagerOptions) {
    this.workdir = opts.workdir;
    this.homeDir = opts.homeDir ?? homedir();
    this.runProcess = opts.runProcess ?? runHookProcess;
    this.paths = settingsPaths(this.workdir, this.homeDir);
  }

  private trusted(): boolean {
    const t = this.opts.trustProject ?? true;
    return typeof t === 'function' ? t() : t;
  }

  /** The current sources, reloaded when any settings file changed since the last look. */
  snapshot(): LoadedSources {
    const fp = `${this.trusted()}|${sourcesFingerprint(this.paths)}`;
    if (!this.sources || fp !== this.fingerprint) {
      this.sources = loadSources({ workdir: this.workdir, homeDir: this.homeDir, programmatic: this.opts.hooks, trustProject: this.trusted() });
      this.fingerprint = fp;
      this.matchers.clear();
    }
    return this.sources;
  }

  /** Forces a reload on the next look (e.g. after the trust decision changed). */
  reload(): void {
    this.sources = null;
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
    return new TurnBudget(this.snapshot().turnBudgetSeconds);
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

  /** Runs every matching hook of an event and returns the combined decision and the run records. */
  async fire<E extends HookEventName>(event: E, input: EventInput<E>, ctx: FireContext): Promise<FireResult> {
    const spec = eventSpec(event);
    const sources = this.snapshot();
    const field = spec.matcherField;
    let current = input as Record<string, unknown>;
    const value = field ? String(current[field] ?? '') : '';
    // One freshness check per event: `sources` above is what this event runs with.
    const hooks = eventHooks(sources, event).filter((h) => !field || this.matcher(h.matcher).test(value));
    const effects: RunEffect[] = [];
    const runs: HookRunRecord[] = [];
    let skipped = 0;

    for (const hook of hooks) {
      const payload = JSON.stringify(this.payload(event, current as EventInput<E>, ctx));
      const ownTimeoutMs = (hook.handler.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS) * 1000;
      if (hook.handler.async) {
        this.startAsync({ event, hook, payload, input: current, ctx, sources, timeoutMs: ownTimeoutMs });
        continue;
      }
      const remaining = ctx.budget ? ctx.budget.remainingMs() : Infinity;
      if (remaining <= 0) {
        skipped++;
        const record = this.record(event, hook, null, { outcome: 'skipped', words: 'skipped: the turn’s hook budget is spent' });
        runs.push(record);
        ctx.onRun?.(record);
        continue;
      }
      const timeoutMs = Math.min(ownTimeoutMs, remaining);
      await ctx.beforeRun?.();
      const result = await this.run({ event, hook, payload, input: current, ctx, sources, timeoutMs });
      ctx.budget?.spend(result.durationMs);
      const effect = interpretRun(event, spec, result, hook.handler.command, Math.round(timeoutMs / 100) / 10);
      if (result.timedOut && timeoutMs < ownTimeoutMs) effect.error = `${effect.error} (cut to what was left of the turn’s hook budget)`;
      effects.push(effect);
      const record = this.record(event, hook, result, effect);
      runs.push(record);
      ctx.onRun?.(record);
      if (effect.updatedInput && spec.chain) current = spec.chain(current, effect.updatedInput);
      if (spec.firstPathWins && effect.path) break;
    }

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

  /** Resolves when every async hook started so far has finished. */
  async waitForAsync(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private startAsync(launch: Launch): void {
    const { event, hook, ctx, timeoutMs } = launch;
    const p = this.run(launch)
      .then((result) => {
        const effect = interpretRun(event, eventSpec(event), result, hook.handler.command, timeoutMs / 1000);
        // An async hook never blocks nor injects anything: only its record is kept.
        const record = this.record(event, hook, result, { ...effect, words: `async: ${effect.words}` });
        this.opts.onAsyncRun?.(record);
        ctx.onRun?.(record);
      })
      .catch(() => {})
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  private run({ event, hook, payload, input, ctx, sources, timeoutMs }: Launch): Promise<ProcessResult> {
    const platform = this.opts.platform ?? process.platform;
    const windows = platform === 'win32';
    const command = windows ? (hook.handler.commandWindows ?? hook.handler.command) : hook.handler.command;
    const env: Record<string, string | undefined> = {
      ...(this.opts.baseEnv ?? process.env),
      ...sources.env,
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
    });
  }

  private record(event: string, hook: ConfiguredHook, r: ProcessResult | null, effect: Pick<RunEffect, 'outcome' | 'words' | 'error'>): HookRunRecord {
    return {
      id: randomUUID(),
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
      decision: effect.words,
      error: effect.error ?? null,
    };
  }
}
