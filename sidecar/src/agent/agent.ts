// The agent (SPEC 6): one session in one workdir. It owns the conversation, the hook manager, the
// tools and the transcript; the turn loop lives in turn.ts and one tool call in toolCall.ts.
import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { HookManager, assertValidProgrammaticHooks, type FireResult } from '../hooks/manager.js';
import type { EventInput, HookEventName } from '../hooks/events.js';
import type { TurnBudget } from '../hooks/budget.js';
import type { ConfiguredHook, HookRunRecord, PermissionMode } from '../hooks/types.js';
import type { ModelClient } from '../models/types.js';
import { settingsPaths, type SettingsPaths } from '../settings/paths.js';
import { findInstructionFiles, type InstructionFile } from './instructions.js';
import { hookText, messageText, newMessage, type Block, type Message } from './messages.js';
import { buildSystemPrompt } from './systemPrompt.js';
import { ToolRegistry } from './tools/registry.js';
import { readTranscript, transcriptPath, whyUnwritable, writeTranscript, type SessionInfo } from './transcript.js';
import { DEFAULT_STOP_BLOCK_CAP, runTurn, type TurnResult } from './turn.js';
import type { AgentEvent, AgentOptions } from './options.js';
import { runLoop, showUserParts } from './loop.js';
import { compactConversation, estimateTokens } from './compaction.js';
import { SessionWork } from './sessionWork.js';
import { hookWords } from './hookText.js';
import type { LoopHost } from './host.js';
import { mergeRules, type PermissionRules } from './permissions.js';
import { StopGuard } from './stopGuard.js';

export type { AgentEvent, AgentOptions, ToolApproval, ToolApprovalRequest } from './options.js';

const DEFAULT_CONTEXT_WINDOW = 200_000;
const DEFAULT_AUTO_COMPACT = 0.8;

const NEVER = new AbortController().signal;

export class Agent implements LoopHost {
  readonly hookManager: HookManager;
  readonly tools: ToolRegistry;
  readonly paths: SettingsPaths;
  readonly workdir: string;
  permissionMode: PermissionMode;
  /** Where tools run: the workdir, or a worktree once entered. */
  cwd: string;
  private session: SessionInfo;
  private _messages: Message[] = [];
  private pendingBlocks: Block[] = [];
  private instructionFiles: InstructionFile[] = [];
  /** The assistant message hook runs and notices of the current step go to. */
  current: Message | null = null;
  turn: { budget: TurnBudget; promptId: string; abort: AbortController } | null = null;
  readonly work: SessionWork;
  private running: Promise<unknown> | null = null;
  /** The conversation changed since the transcript was last written (every change goes through changed()). */
  private dirty = true;
  private closed = false;
  /** Stop blocks of the current user turn: reset by a user prompt only, never by tool calls or background cycles. */
  readonly stopGuard: StopGuard;
  /** A transcript write failed and the user was told; cleared when a write works again. */
  private saveFailing = false;

  private constructor(readonly opts: AgentOptions) {
    this.workdir = resolve(opts.workdir);
    this.cwd = this.workdir;
    const home = opts.homeDir ?? homedir();
    this.paths = settingsPaths(this.workdir, home);
    this.permissionMode = opts.permissionMode ?? 'default';
    this.stopGuard = new StopGuard(opts.stopBlockCap ?? DEFAULT_STOP_BLOCK_CAP);
    this.hookManager = new HookManager({
      workdir: this.workdir,
      homeDir: home,
      hooks: opts.hooks,
      ...(opts.trustProject !== undefined ? { trustProject: opts.trustProject } : {}),
      ...(opts.env ? { baseEnv: opts.env } : {}),
      onRecord: (run) => this.recordRun(run),
      onWarning: (message) => this.notice(message),
      ...(opts.debugHooks ? { debug: opts.debugHooks } : {}),
      onConfigChange: (changes) => {
        for (const c of changes) if (c.refused) this.notice(hookWords.configRefused(c.path, c.refused));
        this.opts.onConfigChange?.(changes);
      },
    });
    this.work = new SessionWork(() => this.wake());
    this.tools = new ToolRegistry();
    for (const t of this.work.tools(this)) this.tools.add(t as never);
    for (const t of opts.tools ?? []) this.tools.add(t);
    const now = new Date().toISOString();
    this.session = { id: randomUUID(), workdir: this.workdir, createdAt: now, updatedAt: now };
  }

  /** Creates (or resumes) a session: loads instruction files and fires SessionStart. */
  static async create(opts: AgentOptions): Promise<Agent> {
    if (opts.hooks !== undefined) assertValidProgrammaticHooks(opts.hooks);
    const agent = new Agent(opts);
    if (opts.resume) {
      const saved = readTranscript(transcriptPath(agent.paths.sessionsDir, opts.resume));
      agent.session = saved.session;
      agent._messages = saved.state.messages;
    }
    await agent.start(opts.resume ? 'resume' : 'startup');
    return agent;
  }

  get sessionId(): string {
    return this.session.id;
  }
  get transcriptPath(): string {
    return transcriptPath(this.paths.sessionsDir, this.session.id);
  }
  get messages(): readonly Message[] {
    return this._messages;
  }
  get model(): ModelClient | undefined {
    return this.opts.model;
  }
  get busy(): boolean {
    return this.turn !== null;
  }
  get modelUnavailable(): string {
    return this.opts.modelUnavailable ?? 'No model is configured: set WAVE_MODEL (and WAVE_BASE_URL, WAVE_API_KEY, WAVE_PROVIDER) or the "model" setting.';
  }
  get signal(): AbortSignal {
    return this.turn?.abort.signal ?? NEVER;
  }
  get canUseTool(): AgentOptions['canUseTool'] {
    return this.opts.canUseTool;
  }
  currentMessageId(): string {
    return this.current?.id ?? '';
  }
  modelFor(name: string | undefined): ModelClient | undefined {
    return name && this.opts.modelFor ? this.opts.modelFor(name) : this.model;
  }

  /** Hands finished background work to the model, and compacts when the context is nearly full. */
  async beforeModelCall(): Promise<void> {
    this.deliverNotifications();
    const other = this.hookManager.snapshot().other;
    const window = typeof other.contextWindowTokens === 'number' ? other.contextWindowTokens : DEFAULT_CONTEXT_WINDOW;
    const share = typeof other.autoCompactThreshold === 'number' ? other.autoCompactThreshold : DEFAULT_AUTO_COMPACT;
    if (this.model && estimateTokens(this) > window * share) await this.compact('auto', '');
  }

  private deliverNotifications(): boolean {
    const notes = this.work.takeNotifications();
    if (notes.length) this.push(newMessage('user', notes.map((n) => ({ type: 'text' as const, content: n, source: 'system' as const })), true));
    return notes.length > 0;
  }

  fireStop(lastAssistantText: string, stopHookActive: boolean): Promise<FireResult> {
    return this.fire('Stop', {
      stop_hook_active: stopHookActive,
      last_assistant_message: lastAssistantText,
      background_tasks: this.work.registry.snapshot(),
      session_crons: this.work.crons(),
    });
  }


  private async start(source: 'startup' | 'resume' | 'clear' | 'compact'): Promise<void> {
    this.instructionFiles = findInstructionFiles(this.paths.userDir, this.workdir);
    for (const f of this.instructionFiles) {
      showUserParts(this, (await this.fire('InstructionsLoaded', { file_path: f.path, load_reason: 'session_start' })).decision);
    }
    await this.sessionStart(source);
  }

  /** Fires SessionStart (only the hooks `only` accepts, when given); its context becomes a hidden user message. */
  private async sessionStart(source: 'startup' | 'resume' | 'clear' | 'compact', only?: (h: ConfiguredHook) => boolean): Promise<void> {
    const r = await this.hookManager.fire('SessionStart', { source, model: this.opts.model?.model ?? '' }, { ...this.context(), ...(only ? { only } : {}) });
    showUserParts(this, r.decision);
    if (r.decision.additionalContext) {
      this.push(newMessage('user', [hookText('SessionStart', hookWords.context('SessionStart', `SessionStart:${source}`, r.decision.additionalContext))], true));
    }
    this.flushPending();
    this.save();
  }

  /**
   * The user trusted the workspace in a session that already started: the project's hooks run from
   * now on, and its SessionStart hooks run now (source `startup`), as they would have at the start.
   */
  async trustGranted(): Promise<void> {
    this.hookManager.config.sources(); // recomposed with the new trust decision
    await this.sessionStart('startup', (h) => h.source === 'project' || h.source === 'projectLocal');
  }

  /** Looks for settings files changed on disk (ConfigChange fires; what runs does not change). */
  checkConfig(): Promise<void> {
    return this.hookManager.observeConfig(this.context());
  }

  systemPrompt(): string {
    const sources = this.hookManager.snapshot();
    return buildSystemPrompt({
      workdir: this.workdir,
      platform: process.platform,
      date: new Date().toISOString().slice(0, 10),
      instructions: this.instructionFiles,
      hooks: sources.disableAllHooks ? [] : sources.hooks,
      userSettingsPath: this.paths.user,
      projectSettingsPath: this.paths.project,
      projectLocalSettingsPath: this.paths.projectLocal,
    });
  }

  /** Runs one user turn (or `/compact [instructions]`, `/clear`). Resolves when the agent has stopped. */
  sendMessage(text: string): Promise<TurnResult> {
    const compact = /^\/compact(?:\s+([\s\S]*))?$/.exec(text.trim());
    if (compact) {
      return this.exclusive(async () => {
        const r = await this.compact('manual', compact[1] ?? '');
        return r.ok ? { result: r.summary ?? '' } : { result: '', error: r.error ?? 'compaction failed' };
      });
    }
    if (text.trim() === '/clear') return this.exclusive(async () => (await this.clear(), { result: '' }));
    return this.exclusive(() => runTurn(this, text));
  }

  /**
   * Compacts the conversation (PreCompact, summary, PostCompact, SessionStart compact). Automatic
   * compaction happens mid-turn: the prompt being answered is kept word for word after the summary.
   */
  compact(trigger: 'manual' | 'auto', instructions: string) {
    const prompt = trigger === 'auto' ? [...this._messages].reverse().find((m) => m.role === 'user' && !m.isMeta) : undefined;
    return compactConversation(this, trigger, instructions, () => this.start('compact'), prompt && messageText(prompt));
  }

  /** `/clear`: SessionEnd (clear), then a new, empty session and SessionStart (clear). */
  private async clear(): Promise<void> {
    showUserParts(this, (await this.fire('SessionEnd', { reason: 'clear' })).decision);
    this.flushPending();
    this.save();
    const now = new Date().toISOString();
    this.session = { id: randomUUID(), workdir: this.workdir, createdAt: now, updatedAt: now };
    this._messages = [];
    this.current = null;
    this.changed();
    await this.start('clear');
  }

  /** Runs one piece of work with the agent marked busy; afterwards, queued work gets its turn. */
  private async exclusive(fn: () => Promise<TurnResult>): Promise<TurnResult> {
    if (this.turn) throw new Error('the agent is already working on a turn');
    this.turn = { budget: this.hookManager.newTurnBudget(), promptId: randomUUID(), abort: new AbortController() };
    this.emit({ type: 'busy', busy: true });
    const p = fn();
    this.running = p;
    try {
      return await p;
    } finally {
      this.turn = null;
      this.running = null;
      this.current = null;
      this.flushPending();
      this.save();
      this.changed();
      this.emit({ type: 'busy', busy: false });
      setImmediate(() => this.wake());
    }
  }

  /** Starts queued work when idle: a waiting prompt first, then a cycle for finished background work. */
  private wake(): void {
    if (this.turn || this.closed) return;
    const prompt = this.work.takePrompt();
    if (prompt !== undefined) {
      void this.sendMessage(prompt).catch(() => {});
      return;
    }
    if (!this.work.hasPending()) return;
    void this.exclusive(async () => {
      this.deliverNotifications();
      return runLoop(this);
    }).catch(() => {});
  }

  /**
   * Resolves once the agent is idle with no background work running and nothing queued (what
   * `wave -p` waits for), or after `limitMs`. Returns false when the limit was reached.
   */
  async settle(limitMs: number): Promise<boolean> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      if (this.running) await this.running.catch(() => {});
      const left = deadline - Date.now();
      if (this.work.registry.running().length) {
        await Promise.race([this.work.registry.idle(), new Promise((ok) => setTimeout(ok, Math.max(0, left)).unref())]);
      }
      await new Promise((ok) => setImmediate(ok));
      if (!this.turn && !this.running && !this.work.hasPending() && !this.work.registry.running().length) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((ok) => setTimeout(ok, 5));
    }
  }

  /** Stops the current turn: the model request is cancelled and no further tool runs. */
  abort(): void {
    this.turn?.abort.abort();
  }

  /** Ends the session: stops background work, fires SessionEnd and waits for async hooks. */
  async destroy(reason: 'clear' | 'resume' | 'exit' | 'other' = 'exit'): Promise<void> {
    this.closed = true;
    this.abort();
    await this.work.close();
    if (this.running) await this.running.catch(() => {});
    showUserParts(this, (await this.fire('SessionEnd', { reason })).decision);
    this.flushPending();
    this.save();
    await this.hookManager.waitForAsync();
  }

  // ----- used by turn.ts and toolCall.ts ---------------------------------------------------------

  /** Fires a hook event with this session's context; the transcript is saved before each hook. */
  fire<E extends HookEventName>(event: E, input: EventInput<E>, subagent?: { type: string; id: string }): Promise<FireResult> {
    return this.hookManager.fire(event, input, this.context(subagent));
  }

  private context(subagent?: { type: string; id: string }) {
    return {
      sessionId: this.session.id,
      transcriptPath: this.transcriptPath,
      cwd: this.cwd,
      permissionMode: this.permissionMode,
      ...(this.turn ? { promptId: this.turn.promptId, budget: this.turn.budget } : {}),
      ...(subagent ? { subagent } : {}),
      beforeRun: () => this.save(),
    };
  }

  push(message: Message): Message {
    this._messages.push(message);
    this.changed();
    return message;
  }

  /** Starts the assistant message of a model step, carrying the runs and notices gathered so far. */
  beginAssistant(): Message {
    const m = newMessage('assistant', this.pendingBlocks.splice(0));
    this.current = m;
    return this.push(m);
  }

  /** A text for the user only (error block). */
  notice(text: string): void {
    this.addBlock({ type: 'error', content: text });
  }

  recordRun(run: HookRunRecord): void {
    this.addBlock({ type: 'hook_run', run });
    this.emit({ type: 'hook_run', run });
  }

  private addBlock(block: Block): void {
    if (this.current) {
      this.current.blocks.push(block);
      this.changed();
    } else if (this.turn) {
      this.pendingBlocks.push(block);
    } else {
      this.push(newMessage('assistant', [block], true));
    }
  }

  /** Puts runs and notices that no assistant message took into a meta message of their own. */
  private flushPending(): void {
    if (this.pendingBlocks.length) this.push(newMessage('assistant', this.pendingBlocks.splice(0), true));
  }

  emit(event: AgentEvent): void {
    this.opts.onEvent?.(event);
  }

  changed(): void {
    this.dirty = true;
    this.opts.onMessagesChange?.(this._messages);
  }

  /**
   * Rewrites the transcript (atomically) when the conversation changed since the last write. One
   * that cannot be written (a hook put a folder in its place, the disk is full) is a warning for
   * the user, once until a write works again, and the turn goes on (docs/reliability.md).
   */
  save(): void {
    if (!this.dirty) return;
    try {
      writeTranscript(this.transcriptPath, this.session, this._messages);
      this.dirty = false;
      this.saveFailing = false;
    } catch (err) {
      if (this.saveFailing) return;
      this.saveFailing = true;
      this.notice(`the transcript ${this.transcriptPath} cannot be written (${whyUnwritable(err)}); the conversation goes on without it`);
    }
  }

  /** The permission rules in force: settings files plus extraPermissions. */
  permissionRules(): PermissionRules {
    return mergeRules(this.hookManager.snapshot().permissions, this.opts.extraPermissions);
  }

  toolEnv(): Record<string, string | undefined> {
    return { ...(this.opts.env ?? process.env), ...this.hookManager.snapshot().env, WAVE_PROJECT_DIR: this.workdir, WAVE_SESSION_ID: this.session.id };
  }
}
