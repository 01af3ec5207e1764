// The hook manager: the engine's API for the agent. It runs hooks from the session's snapshot of
// the configuration (the session's settings object, config/sessionConfig.ts, which the session owns
// and gives the manager: a change on disk is reviewed, never applied by itself), notices
// changed settings files before each event (and fires ConfigChange for them), picks the hooks that
// match an event, runs them (firing.ts: in order, a parallel group together, async ones in the
// background), and combines their answers into one decision plus run records.
import { homedir } from 'node:os';
import { combine } from '../contract/answers.js';
import { BackgroundRuns, type BackgroundIo } from './background.js';
import { TurnBudget } from './budget.js';
import { erasesInput, eventSpec, type EventInput, type HookEventName } from '../contract/events.js';
import type { LoadedSources } from '../config/compose.js';
import { readHooksConfig } from '../config/config.js';
import { compileMatcher, type CompiledMatcher } from '../contract/matcher.js';
import type { LaunchSettings } from '../run/launch.js';
import type { PromptModel } from '../handlers/prompt.js';
import type { McpToolCaller } from '../handlers/mcpTool.js';
import { runHookProcess } from '../run/runner.js';
import { SessionConfig } from '../config/sessionConfig.js';
import { debugLines } from './debugLog.js';
import { eventPayload } from './payload.js';
import { type ConfigChangeNotice, type FireContext, type FireResult, type HookManagerOptions } from './fireTypes.js';
import { historyLine, HistoryWriter } from '../history/history.js';
import { hooksToRun, notRunOf, planEvent, type EventPlan, type PlanInput } from './plan.js';
import { loadShellParser } from '../../settings/shellParse.js';
import { configSourceOf } from '../config/snapshot.js';
import { LiveRuns } from './liveRuns.js';
import { guardsCall } from './failClosed.js';
import { Firing, type FiringDeps } from './firing.js';
import { resolveShells } from '../run/pathLookup.js';
import { TargetWatch } from './targetWatch.js';
import { HeldHistory } from './heldHistory.js';
import type { ConfiguredHook, HookRunRecord } from '../contract/types.js';
import type { StopChoice } from '../../protocol/wire.js';

export { DEFAULT_HOOK_TIMEOUT_SECONDS } from './fireTypes.js';
export type { FireContext, ConfigChangeNotice, FireResult, HookManagerOptions, TargetChangeNotice } from './fireTypes.js';

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
  return sources.settings.disableAllHooks ? [] : sources.hooks.filter((h) => h.event === event);
}

/** A tool event's hooks that did not run, for the chat (duplicates have a run record of their own: "skipped: identical to …"). */
function notRunOfTool(plan: EventPlan | null, p: PlanInput): Pick<FireResult, 'notRun'> {
  const notRun = plan && p.toolCall ? notRunOf(plan).filter((k) => k.kind !== 'duplicate') : [];
  return notRun.length ? { notRun } : {};
}

/** The settings object of an engine used on its own (no session gave it one). */
function sessionConfigOf(opts: HookManagerOptions, homeDir: string): SessionConfig {
  return new SessionConfig({
    workdir: opts.workdir,
    homeDir,
    programmatic: opts.hooks,
    ...(opts.trustProject !== undefined ? { trust: opts.trustProject } : {}),
    ...(opts.toolNames ? { toolNames: opts.toolNames } : {}),
    ...(opts.watchFiles ? { watchFiles: opts.watchFiles } : {}),
  });
}

export class HookManager {
  /** The session's settings object (given, or made for an engine on its own): the snapshot hooks run from, the disk, the review between them. */
  readonly config: SessionConfig;
  /** Compiled matchers by matcher text (matchers are pure, so they never go stale). */
  private readonly matchers = new Map<string, CompiledMatcher>();
  private readonly background = new BackgroundRuns();
  /** Hooks with `once: true` that already ran in this session. */
  private readonly ranOnce = new Set<string>();
  private readonly launch: LaunchSettings;
  private readonly live: LiveRuns;
  private readonly history: HistoryWriter | null;
  /** What each command hook runs (scripts, programs on PATH), recorded when it entered the snapshot. */
  private readonly targets: TargetWatch;
  /** What each firing of an event uses of this manager (firing.ts). */
  private readonly firingDeps: FiringDeps;
  /** One look at the settings files at a time (ConfigChange fires once per change). */
  private observing: Promise<void> = Promise.resolve();
  readonly workdir: string;
  readonly homeDir: string;

  constructor(private readonly opts: HookManagerOptions) {
    this.workdir = opts.workdir;
    this.homeDir = opts.homeDir ?? homedir();
    this.live = new LiveRuns(opts.onRunStart);
    this.launch = {
      workdir: this.workdir,
      runProcess: opts.runProcess ?? runHookProcess,
      baseEnv: opts.baseEnv ?? process.env,
      platform: opts.platform ?? process.platform,
      promptModel: opts.promptModel,
      killGraceMs: opts.killGraceMs,
      exitGraceMs: opts.exitGraceMs,
      shells: resolveShells(opts.baseEnv ?? process.env),
    };
    this.targets = new TargetWatch({ workdir: this.workdir, homeDir: this.homeDir, baseEnv: this.launch.baseEnv, onChange: opts.onTargetChange });
    // The snapshot is taken when the session starts (by the session, or here for an engine on its own).
    this.config = opts.config ?? sessionConfigOf(opts, this.homeDir);
    this.config.onComposed((sources) => this.targets.seen(sources)); // a new snapshot's hooks are recorded as they are now
    const historyFile = opts.historyFile === undefined ? this.config.paths.historyFile : opts.historyFile;
    this.history = historyFile ? new HistoryWriter(historyFile, (m) => this.opts.onWarning?.(m)) : null;
    this.snapshot(); // records what the snapshot's hooks run, now, when the session starts
    this.firingDeps = {
      launch: this.launch,
      live: this.live,
      background: this.background,
      targets: this.targets,
      ranOnce: this.ranOnce,
      emit: (record, ctx, stdin) => this.emit(record, ctx, stdin),
      io: (ctx, input, stdin) => this.io(ctx, input, stdin),
    };
  }

  /** Every record goes out through here, with the stdin the hook got: to the listener, and to the history (queued, off the hot path). */
  private emit(record: HookRunRecord, ctx: FireContext, stdin: string, hold?: HeldHistory): void {
    this.opts.onRecord?.(record, stdin);
    const test = this.opts.testRuns === true;
    const line = (erased: boolean) => historyLine(record, { sessionId: ctx.sessionId, project: this.workdir, stdin, test, erased });
    if (hold) hold.add(line);
    else this.history?.append(line(false));
  }

  /** What hooks run from: the session's snapshot (composed with the current trust decision). */
  snapshot(): LoadedSources {
    const sources = this.config.sources();
    this.targets.seen(sources); // a new snapshot's hooks are recorded as they are now
    return sources;
  }

  /** The user approved what the snapshot's hooks run now (scripts, programs): a held guard runs again. Returns how many had changed. */
  approveRunTargets(): number {
    return this.targets.approve(this.snapshot());
  }

  /** The user approved the agent's write to these hook scripts (docs/hooks.md, "Wave's own files ask"): they run as written. */
  approveScriptWrites(paths: readonly string[]): void {
    this.targets.approveScripts(paths);
  }

  /** The snapshot's hooks whose script or program changed and is not approved yet, with what changed (the settings page). */
  changedRunTargets(): Map<string, string[]> {
    return this.targets.changed(this.snapshot());
  }

  /**
   * Looks for settings files changed on disk since the last look; fires ConfigChange for each
   * (a hook that blocks keeps the change from being offered) and reports them (onConfigChange).
   * Nothing changes what runs: only `config.apply()` does.
   */
  observeConfig(ctx: FireContext): Promise<void> {
    const look = this.observing.then(async () => {
      const files = this.config.observe();
      const unrecorded = this.config.store?.takeError();
      if (unrecorded) this.opts.onWarning?.(unrecorded);
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
  payload<E extends HookEventName>(event: E, input: EventInput<E>, ctx: FireContext, hook?: ConfiguredHook): Record<string, unknown> {
    return eventPayload(event, input, ctx, hook);
  }

  private planInput(event: HookEventName, input: Record<string, unknown>, ctx: Pick<FireContext, 'only'> & { cwd?: string }): PlanInput {
    const field = eventSpec(event).matcherField;
    const tool = field === 'tool_name' && typeof input.tool_name === 'string' ? input.tool_name : null;
    const toolInput = typeof input.tool_input === 'object' && input.tool_input !== null ? (input.tool_input as Record<string, unknown>) : {};
    return {
      ...(tool !== null ? { toolCall: { name: tool, input: toolInput, cwd: ctx.cwd ?? this.workdir } } : {}),
      event,
      value: field ? String(input[field] ?? '') : null,
      sources: this.snapshot(),
      matcher: (m) => this.matcher(m),
      ranOnce: this.ranOnce,
      ...(ctx.only ? { only: ctx.only } : {}),
    };
  }

  /**
   * Loads what deciding which hooks of the event run needs: the shell parser, when one of them has
   * an `if` (loaded once, on first need: docs/benchmarks.md, "Start-up"). fire() does it itself;
   * call it before plan().
   */
  async prepare(event: HookEventName): Promise<void> {
    if (this.snapshot().hooks.some((h) => h.event === event && h.handler.if !== undefined)) await loadShellParser();
  }

  /** Which hooks of the event would run now, and why each other one would not (no hook runs); after prepare(event). */
  plan<E extends HookEventName>(event: E, input: EventInput<E>, ctx: Pick<FireContext, 'only'> & { cwd?: string } = {}): EventPlan {
    return planEvent(this.planInput(event, input as Record<string, unknown>, ctx), { pending: this.config.pendingHooks() });
  }

  /**
   * Runs every matching hook of an event and returns the combined decision and the run records.
   * Settings files changed since the last event are noticed first (ConfigChange).
   */
  async fire<E extends HookEventName>(event: E, input: EventInput<E>, ctx: FireContext): Promise<FireResult> {
    await this.observeConfig(ctx);
    await this.prepare(event);
    return this.fireNow(event, input, ctx);
  }

  private async fireNow<E extends HookEventName>(event: E, input: EventInput<E>, ctx: FireContext): Promise<FireResult> {
    const planInput = this.planInput(event, input as Record<string, unknown>, ctx);
    const plan = this.explained(planInput);
    // The plan, when one is made, has already matched the hooks (an `if` parses the command): not twice.
    const { run: hooks, duplicates } = plan ?? hooksToRun(planInput);
    // An event whose input a block erases (a prompt): its lines wait for the decision (heldHistory.ts).
    const hold = this.history && erasesInput(eventSpec(event)) ? new HeldHistory(this.history) : undefined;
    const firing = new Firing(this.depsFor(hold), event, ctx, planInput.sources, input as Record<string, unknown>);
    await firing.run(hooks, duplicates).catch((err: unknown) => {
      hold?.settle(true);
      throw err;
    });
    const { runs, started, skipped } = firing;
    if (this.opts.debug && plan) this.opts.debug(debugLines(plan, runs, started));
    const decision = combine(event, firing.effects);
    hold?.settle(decision.blocked);
    if (skipped) {
      decision.budgetExhausted = true;
      decision.userMessages.push(
        `The hook time budget of this turn (${ctx.budget?.totalSeconds} s) is spent: ${skipped} ${event} hook${skipped > 1 ? 's were' : ' was'} skipped${guardsCall(event) ? ', so the call is denied' : ''}.`,
      );
    }
    return { decision, runs, ...notRunOfTool(plan, planInput) };
  }

  /**
   * The whole plan, for `--debug hooks` and for a tool event (the chat shows why a hook did not run
   * under the call's card); made before any hook runs (`once`). Hooks pending review only with debug.
   */
  private explained(planInput: PlanInput): EventPlan | null {
    const debug = this.opts.debug !== undefined;
    if (!debug && !planInput.toolCall) return null;
    return planEvent(planInput, { pending: debug ? this.config.pendingHooks() : [] });
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

  /** Resolves when every background hook started so far has finished (and the history is written). */
  async waitForAsync(): Promise<void> {
    await this.background.settle();
    await this.history?.flush();
  }

  /** Kills a running synchronous hook (its process group); `then` says whether a guarded call is cancelled (default) or runs (failClosed.ts). False when it is not running. */
  stopRun(runId: string, then?: StopChoice): boolean {
    return this.live.stop(runId, then);
  }

  /** What `mcp_tool` hooks call: the session's MCP servers (docs/mcp.md). */
  setMcpTool(caller: McpToolCaller | undefined): void {
    this.launch.mcpTool = caller;
  }

  /** The model `prompt` hooks ask (when it is known only once the configuration is read). */
  setPromptModel(model: PromptModel | undefined): void {
    this.launch.promptModel = model;
  }

  /** asyncRewake hooks still running (their end may still reach the model). */
  get rewakeRunning(): number {
    return this.background.rewakeRunning;
  }

  /** What a firing uses of the manager; its records' history lines held by `hold` when given. */
  private depsFor(hold: HeldHistory | undefined): FiringDeps {
    if (!hold) return this.firingDeps;
    return {
      ...this.firingDeps,
      emit: (record, ctx, stdin) => this.emit(record, ctx, stdin, hold),
      io: (ctx, input, stdin) => this.io(ctx, input, stdin, hold),
    };
  }

  private io(ctx: FireContext, input: Record<string, unknown>, stdin: string, hold?: HeldHistory): BackgroundIo {
    return {
      input,
      emit: (record) => this.emit(record, ctx, stdin, hold),
      warn: (message) => this.opts.onWarning?.(message),
      ...(this.opts.onRewake ? { rewake: this.opts.onRewake } : {}),
    };
  }
}
