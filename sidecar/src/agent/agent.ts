// The agent (docs/hooks.md, "Programmatic hooks"; docs/architecture.md): one session in one
// workdir — what an embedder or the `wave` command uses. It wires the parts and keeps none of
// their state: the conversation and transcript (conversation.ts), when work runs (scheduler.ts),
// the loop's view of the session (mainHost.ts), the hook manager, the tools, and long-running work
// behind its port (workPort.ts, plugged in by the composition root, app/).
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { HookManager, assertValidProgrammaticHooks } from '../hooks/fire/manager.js';
import type { StartNotices } from '../hooks/config/startNotices.js';
import type { ConfiguredHook, HookDecision } from '../hooks/contract/types.js';
import { targetChangeText } from '../hooks/fire/failClosed.js';
import { settingsPaths, type SettingsPaths } from '../settings/paths.js';
import { compactConversation } from './compaction.js';
import { Conversation } from './conversation.js';
import { contextBlock, hookWords } from './hookText.js';
import { findInstructionFiles } from './instructions.js';
import { runLoop } from './loop.js';
import { showUserParts } from './notices.js';
import { MainHost } from './mainHost.js';
import { askModelSwitch, modelSwitched, type ModelSwitch } from './modelSwitch.js';
import { messageText, newMessage, type Message } from './messages.js';
import type { AgentOptions } from './options.js';
import { promptModelOf } from './promptModel.js';
import { TurnScheduler, type Job } from './scheduler.js';
import { notifyUser } from './toolCall.js';
import { StopGuard } from './stopGuard.js';
import { ToolRegistry } from './tools/registry.js';
import { DEFAULT_STOP_BLOCK_CAP, runTurn, type TurnResult } from './turn.js';
import { NO_WORK, type WorkPort } from './workPort.js';

export type { AgentEvent, AgentOptions, ToolApproval, ToolApprovalRequest, WorkFactory } from './options.js';

type StartSource = 'startup' | 'resume' | 'clear' | 'compact';

export class Agent {
  readonly hookManager: HookManager;
  readonly startNotices: StartNotices;
  readonly tools: ToolRegistry;
  readonly paths: SettingsPaths;
  readonly workdir: string;
  /** The loop's view of the session (what work and subagents use). */
  readonly host: MainHost;
  private readonly conversation: Conversation;
  private readonly scheduler: TurnScheduler;
  private work: WorkPort = NO_WORK;

  private constructor(private readonly opts: AgentOptions) {
    this.workdir = resolve(opts.workdir);
    const home = opts.homeDir ?? homedir();
    this.paths = settingsPaths(this.workdir, home);
    this.hookManager = this.newHookManager(home);
    // Said once, at start: files run from their approved content, every hook off, fewer hooks than last time.
    this.startNotices = this.hookManager.config.startNotices();
    this.scheduler = new TurnScheduler({
      newBudget: () => this.hookManager.newTurnBudget(),
      onBusy: (busy) => {
        this.host.emit({ type: 'busy', busy });
        this.waitingForInput(!busy);
      },
      afterWork: () => {
        this.conversation.endTurn();
        this.conversation.save();
        this.conversation.changed();
      },
      next: () => this.nextJob(),
      onBackgroundFailure: (err) => this.conversation.notice(`background work could not be handed to the agent: ${err.message}`),
      // asyncRewake hooks are background work too: their end may need the agent.
      work: {
        hasPending: () => this.work.hasPending() || this.host.hasHookMessages(),
        runningCount: () => this.work.runningCount() + this.hookManager.rewakeRunning,
        idle: async () => void (await Promise.all([this.work.idle(), this.hookManager.waitForAsync()])),
      },
    });
    this.conversation = new Conversation({
      workdir: this.workdir,
      sessionsDir: this.paths.sessionsDir,
      projectsDir: this.paths.projectsDir,
      cwd: () => this.host.cwd,
      model: () => this.opts.model?.model,
      inTurn: () => this.scheduler.busy,
      ...(opts.onMessagesChange ? { onChange: opts.onMessagesChange } : {}),
    });
    this.tools = new ToolRegistry();
    this.host = new MainHost({
      opts,
      workdir: this.workdir,
      paths: this.paths,
      hookManager: this.hookManager,
      conversation: this.conversation,
      scheduler: this.scheduler,
      tools: this.tools,
      stopGuard: new StopGuard(opts.stopBlockCap ?? DEFAULT_STOP_BLOCK_CAP),
      work: () => this.work,
      autoCompact: () => this.compact('auto', ''),
    });
  }

  /** The session's hook engine: its records go into the conversation, asyncRewake texts to the model. */
  private newHookManager(home: string): HookManager {
    const opts = this.opts;
    return new HookManager({
      workdir: this.workdir,
      homeDir: home,
      hooks: opts.hooks,
      ...(opts.trustProject !== undefined ? { trustProject: opts.trustProject } : {}),
      ...(opts.env ? { baseEnv: opts.env } : {}),
      ...(opts.toolNames ? { toolNames: opts.toolNames } : {}),
      ...(opts.watchFiles ? { watchFiles: opts.watchFiles } : {}),
      onRecord: (run) => {
        this.conversation.addBlock({ type: 'hook_run', run });
        this.host.emit({ type: 'hook_run', run });
      },
      onRunStart: (run) => this.host.emit({ type: 'hook_start', run }),
      onWarning: (message) => this.conversation.notice(message),
      ...(opts.debugHooks ? { debug: opts.debugHooks } : {}),
      promptModel: promptModelOf(opts.model, opts.modelFor, opts.modelUnavailable),
      onRewake: (n) => {
        this.host.queueHookMessage(n.event, hookWords.rewake(n.event, n.hook.displayName, n.text));
        this.scheduler.wake();
      },
      onTargetChange: (n) => {
        this.conversation.notice(targetChangeText(n));
        this.opts.onTargetChange?.(n);
      },
      onConfigChange: (changes) => {
        for (const c of changes) if (c.refused) this.conversation.notice(hookWords.configRefused(c.path, c.refused));
        this.opts.onConfigChange?.(changes);
      },
    });
  }

  /** Creates (or resumes) a session: plugs in its work, loads instruction files and fires SessionStart. */
  static async create(opts: AgentOptions): Promise<Agent> {
    if (opts.hooks !== undefined) assertValidProgrammaticHooks(opts.hooks);
    const agent = new Agent(opts);
    if (opts.work) agent.work = opts.work(agent.host, () => agent.scheduler.wake());
    for (const t of agent.work.tools()) agent.tools.add(t);
    for (const t of opts.tools ?? []) agent.tools.add(t);
    if (opts.resume) {
      agent.conversation.resume(opts.resume);
      agent.loaded = agent.conversation.messages.length;
      agent.work.resumed?.();
    }
    await agent.start(opts.resume ? 'resume' : 'startup');
    return agent;
  }

  /** How many messages came from the saved transcript (a resumed session); later ones are this run's. */
  loaded = 0;
  /** The conversation's title, when a hook gave one (`sessionTitle`). */
  get title(): string | undefined {
    return this.conversation.title;
  }

  get sessionId(): string {
    return this.conversation.sessionId;
  }
  get transcriptPath(): string {
    return this.conversation.transcriptPath;
  }
  get messages(): readonly Message[] {
    return this.conversation.messages;
  }
  get busy(): boolean {
    return this.scheduler.busy;
  }

  private async start(source: StartSource): Promise<void> {
    this.host.instructionFiles = findInstructionFiles(this.paths.userDir, this.workdir);
    for (const f of this.host.instructionFiles) {
      showUserParts(this.conversation, (await this.host.fire('InstructionsLoaded', { file_path: f.path, load_reason: 'session_start' })).decision);
    }
    await this.sessionStart(source);
  }

  /** Fires SessionStart (only the hooks `only` accepts, when given); its context becomes a hidden user message. */
  private async sessionStart(source: StartSource, only?: (h: ConfiguredHook) => boolean): Promise<void> {
    const r = await this.hookManager.fire(
      'SessionStart',
      { source, model: this.opts.model?.model ?? '' },
      { ...this.host.context(), ...(only ? { only } : {}) },
    );
    showUserParts(this.conversation, r.decision);
    this.host.watchNames();
    this.host.watchPaths(r.decision);
    if (r.decision.sessionTitle) this.conversation.setTitle(r.decision.sessionTitle);
    if (r.decision.additionalContext) {
      this.conversation.push(newMessage('user', [contextBlock('SessionStart', `SessionStart:${source}`, r.decision.additionalContext)], true));
    }
    this.conversation.flushPending();
    this.conversation.save();
  }

  /**
   * The user trusted the workspace in a session that already started: the project's hooks run from
   * now on, and its SessionStart hooks run now (source `startup`), as they would have at the start.
   */
  async trustGranted(): Promise<void> {
    await this.sessionStart('startup', (h) => h.source === 'project' || h.source === 'projectLocal');
  }

  /** Looks for settings files changed on disk (ConfigChange fires; what runs does not change). */
  checkConfig(): Promise<void> {
    return this.hookManager.observeConfig(this.host.context());
  }

  /** Runs one user turn (or `/compact [instructions]`, `/clear`). Resolves when the agent has stopped. */
  sendMessage(text: string): Promise<TurnResult> {
    return this.scheduler.exclusive(this.jobFor(text));
  }

  private jobFor(text: string): Job<TurnResult> {
    const compact = /^\/compact(?:\s+([\s\S]*))?$/.exec(text.trim());
    if (compact) {
      return async () => {
        const r = await this.compact('manual', compact[1] ?? '');
        return r.ok ? { result: r.summary ?? '' } : { result: '', error: r.error ?? 'compaction failed' };
      };
    }
    if (text.trim() === '/clear') return async () => (await this.clear(), { result: '' });
    return () => runTurn(this.host, text);
  }

  /** What starts when the agent is idle: a waiting prompt first, then a cycle for finished background work. */
  private nextJob(): Job<unknown> | null {
    const prompt = this.work.takePrompt();
    if (prompt !== undefined) return this.jobFor(prompt);
    if (!this.work.hasPending() && !this.host.hasHookMessages()) return null;
    return () => {
      this.host.deliverNotifications();
      return runLoop(this.host);
    };
  }

  private idleTimer: NodeJS.Timeout | undefined;

  /** Notification `idle_prompt` once the agent has waited `idleNotificationMs` for the user (docs/hooks.md, Notification). */
  private waitingForInput(idle: boolean): void {
    clearTimeout(this.idleTimer);
    const ms = this.opts.idleNotificationMs;
    if (!idle || ms === undefined) return;
    this.idleTimer = setTimeout(() => {
      if (!this.scheduler.busy) notifyUser(this.host, 'Wave is waiting for your input', 'idle_prompt');
    }, ms);
    this.idleTimer.unref();
  }

  /**
   * Compacts the conversation (PreCompact, summary, PostCompact, SessionStart compact). Automatic
   * compaction happens mid-turn: the prompt being answered is kept word for word after the summary.
   */
  private compact(trigger: 'manual' | 'auto', instructions: string) {
    const prompt = trigger === 'auto' ? this.conversation.lastUserPrompt() : undefined;
    return compactConversation(this.host, trigger, instructions, () => this.start('compact'), prompt && messageText(prompt));
  }

  /** `/clear`: SessionEnd (clear), then a new, empty session and SessionStart (clear). */
  private async clear(): Promise<void> {
    showUserParts(this.conversation, (await this.host.fire('SessionEnd', { reason: 'clear' })).decision);
    this.conversation.flushPending();
    this.conversation.save();
    this.conversation.restart();
    await this.start('clear');
  }

  /**
   * Resolves once the agent is idle with no background work running and nothing queued (what
   * `wave -p` waits for), or after `limitMs`. Returns false when the limit was reached.
   */
  settle(limitMs: number): Promise<boolean> {
    return this.scheduler.settle(limitMs);
  }

  /**
   * A save in the Model section changes the model of this running session: PreModelSwitch may refuse
   * it (the reason; nothing is saved), PostModelSwitch hears once it is done (docs/hooks.md, "PreModelSwitch").
   */
  modelSwitch(): { ask(s: ModelSwitch): Promise<string | null>; done(s: ModelSwitch): Promise<void> } {
    const host = {
      fire: (e: 'PreModelSwitch' | 'PostModelSwitch', i: ModelSwitch) => this.host.fire(e, i),
      show: (d: HookDecision) => showUserParts(this.conversation, d),
    };
    return { ask: (s) => askModelSwitch(host, s), done: (s) => modelSwitched(host, s) };
  }

  /** Stops the current turn: the model request is cancelled and no further tool runs. */
  abort(): void {
    this.scheduler.abort();
  }

  /** Ends the session: stops background work, fires SessionEnd and waits for async hooks. */
  async destroy(reason: 'clear' | 'resume' | 'exit' | 'other' = 'exit'): Promise<void> {
    clearTimeout(this.idleTimer);
    this.scheduler.close();
    await this.work.close();
    await this.scheduler.stopped();
    await this.host.files.close();
    showUserParts(this.conversation, (await this.host.fire('SessionEnd', { reason })).decision);
    this.conversation.flushPending();
    this.conversation.save();
    await this.hookManager.waitForAsync();
    this.hookManager.config.end();
  }
}
