// The loop's view of the main agent (loopContext.ts's LoopContext): the conversation, the model, the tools,
// the hook events with this session's context, and the settings of the session's settings object. Long-
// running work (`work/`, through the agent's WorkPort) and subagents reach the session through it.
import { basename, dirname, join } from 'node:path';
import type { FireContext, FireResult, HookManager } from '../hooks/fire/manager.js';
import type { SessionConfig } from '../hooks/config/sessionConfig.js';
import type { EventInput, HookEventName, StopFailureInput } from '../hooks/contract/events.js';
import type { HookDecision, PermissionMode } from '../hooks/contract/types.js';
import type { ModelClient } from '../models/types.js';
import type { SettingsPaths } from '../settings/paths.js';
import { estimateTokens, type CompactOutcome } from './compaction.js';
import { AutoCompaction } from './autoCompact.js';
import { FileWatch, literalNames, type FileEvent } from './fileWatch.js';
import type { Conversation } from './conversation.js';
import type { CallSettings, LoopContext } from './loopContext.js';
import type { InstructionFile } from './instructions.js';
import { showUserParts } from './notices.js';
import { hookText, newMessage } from './messages.js';
import type { AgentEvent, SessionOptions } from './sessionOptions.js';
import { approvedSettingsWrite, hookScripts } from './ownWrites.js';
import { mergeRules } from './permissions.js';
import type { TurnScheduler } from './scheduler.js';
import type { StopGuard } from './stopGuard.js';
import { buildSystemPrompt } from './systemPrompt.js';
import type { ToolRegistry } from './tools/registry.js';
import { JsonlTranscript } from './transcriptJsonl.js';
import type { WorkPort } from './workPort.js';
import { privateDir } from '../settings/privateFiles.js';

export interface MainContextParts {
  opts: SessionOptions;
  workdir: string;
  paths: SettingsPaths;
  /** The session's settings object: permissions, env, compaction and the hooks shown to the model are read here. */
  settings: SessionConfig;
  hookManager: HookManager;
  conversation: Conversation;
  scheduler: TurnScheduler;
  tools: ToolRegistry;
  stopGuard: StopGuard;
  /** Long-running work (set once the work is plugged in). */
  work: () => WorkPort;
  /** Compacts the conversation automatically (the agent's compaction, with SessionStart after it). */
  autoCompact: () => Promise<CompactOutcome>;
}

export class MainContext implements LoopContext {
  readonly conversation: Conversation;
  readonly tools: ToolRegistry;
  readonly workdir: string;
  readonly paths: SettingsPaths;
  readonly hookManager: HookManager;
  readonly stopGuard: StopGuard;
  permissionMode: PermissionMode;
  /** Where tools run: the workdir, or a worktree once entered. */
  cwd: string;
  instructionFiles: InstructionFile[] = [];
  /** The files FileChanged hooks watch (docs/hooks.md, "FileChanged"). */
  readonly files = new FileWatch((path, event) => this.fileChanged(path, event));

  constructor(private readonly parts: MainContextParts) {
    ({
      conversation: this.conversation,
      tools: this.tools,
      workdir: this.workdir,
      paths: this.paths,
      hookManager: this.hookManager,
      stopGuard: this.stopGuard,
    } = parts);
    this.cwd = parts.workdir;
    this.permissionMode = parts.opts.permissionMode ?? 'default';
  }

  get model(): ModelClient | undefined {
    return this.parts.opts.model;
  }
  get modelUnavailable(): string {
    return (
      this.parts.opts.modelUnavailable ?? 'No model is configured: set WAVE_MODEL (and WAVE_BASE_URL, WAVE_API_KEY, WAVE_PROVIDER) or the "model" setting.'
    );
  }
  get signal(): AbortSignal {
    return this.parts.scheduler.signal;
  }
  get canUseTool(): SessionOptions['canUseTool'] {
    return this.parts.opts.canUseTool;
  }
  /** The client for a subagent definition's `model`, or the session's. */
  modelFor(name: string | undefined): ModelClient | undefined {
    return name && this.parts.opts.modelFor ? this.parts.opts.modelFor(name) : this.model;
  }

  /** Watches the file names of the FileChanged matchers, in the current working directory. */
  watchNames(): void {
    const hooks = this.hookManager.hooksFor('FileChanged');
    if (hooks.length) this.files.setNames([...new Set(hooks.flatMap((h) => literalNames(h.matcher)))], this.cwd);
  }

  /** A SessionStart, CwdChanged or FileChanged answer's `watchPaths`: the files watched from now on. */
  watchPaths(d: HookDecision): void {
    if (d.watchPaths && this.hookManager.hasHooks('FileChanged')) this.files.setPaths(d.watchPaths, this.cwd);
  }

  private async fileChanged(path: string, event: FileEvent): Promise<void> {
    const r = await this.fire('FileChanged', { file_path: path, file_name: basename(path), event });
    showUserParts(this.conversation, r.decision);
    this.watchPaths(r.decision);
  }

  /** A subagent's own JSON Lines transcript: `<session id>/subagents/agent-<id>.jsonl` beside the session's, as Claude Code writes it. */
  subagentTranscript(agentId: string): JsonlTranscript {
    const main = this.conversation.transcriptJsonlPath;
    const path = join(main.replace(/\.jsonl$/, ''), 'subagents', `agent-${agentId}.jsonl`);
    return new JsonlTranscript(path, { id: this.conversation.sessionId, cwd: () => this.cwd });
  }

  /** The context hooks of this session fire with; the transcript is saved before each hook. */
  context(subagent?: { type: string; id: string }): FireContext {
    const turn = this.parts.scheduler.current;
    return {
      sessionId: this.conversation.sessionId,
      transcriptPath: this.conversation.transcriptPath,
      transcriptJsonlPath: this.conversation.transcriptJsonlPath,
      envFile: this.envFile(),
      cwd: this.cwd,
      permissionMode: this.permissionMode,
      ...(turn ? { promptId: turn.promptId, budget: turn.budget } : {}),
      ...(subagent ? { subagent } : {}),
      beforeRun: () => this.conversation.save(),
    };
  }

  /** The session's CLAUDE_ENV_FILE (its folder exists, so a hook's `>>` can create it). */
  envFile(): string {
    const path = join(this.paths.userDir, 'session-env', `${this.conversation.sessionId}.sh`);
    if (this.envDirMade !== path) {
      try {
        privateDir(dirname(path)); // what hooks put there is the session's: private (docs/reliability.md)
      } catch {
        // ~/.wave cannot be written: the hook's own write to the file fails and says so
      }
      this.envDirMade = path;
    }
    return path;
  }
  private envDirMade: string | null = null;

  fire<E extends HookEventName>(event: E, input: EventInput<E>, subagent?: { type: string; id: string }): Promise<FireResult> {
    return this.hookManager.fire(event, input, this.context(subagent));
  }

  fireStop(lastAssistantText: string, stopHookActive: boolean): Promise<FireResult> {
    const work = this.parts.work();
    return this.fire('Stop', {
      stop_hook_active: stopHookActive,
      last_assistant_message: lastAssistantText,
      background_tasks: work.backgroundTasks(),
      session_crons: work.crons(),
    });
  }

  async fireStopFailure(input: StopFailureInput): Promise<void> {
    showUserParts(this.conversation, (await this.fire('StopFailure', input)).decision);
  }

  /** The user is not looking (the IDE is not focused); false when nobody says. */
  userAway(): boolean {
    return this.parts.opts.userAway?.() ?? false;
  }

  emit(event: AgentEvent): void {
    this.parts.opts.onEvent?.(event);
  }

  /** A text for the user only. */
  notice(text: string): void {
    this.conversation.notice(text);
  }

  systemPrompt(): string {
    const sources = this.parts.settings.sources();
    return buildSystemPrompt({
      workdir: this.workdir,
      platform: process.platform,
      date: new Date().toISOString().slice(0, 10),
      instructions: this.instructionFiles,
      hooks: sources.settings.disableAllHooks ? [] : sources.hooks,
      userSettingsPath: this.paths.user,
      projectSettingsPath: this.paths.project,
      projectLocalSettingsPath: this.paths.projectLocal,
    });
  }

  callSettings(): CallSettings {
    const s = this.parts.settings.sources();
    return {
      permissionRules: mergeRules(s.settings.permissions, this.parts.opts.extraPermissions),
      env: { ...(this.parts.opts.env ?? process.env), ...s.settings.env, WAVE_PROJECT_DIR: this.workdir, WAVE_SESSION_ID: this.conversation.sessionId },
      envFile: this.envFile(),
      ownFiles: { workdir: this.workdir, homeDir: dirname(this.paths.userDir), envFile: this.envFile(), hookScripts: hookScripts(s.hooks, this.workdir) },
    };
  }

  approvedOwnWrite(paths: readonly string[]): () => Promise<void> {
    return approvedSettingsWrite(this.parts.settings, this.hookManager, paths, () => this.context());
  }

  /** Hands finished background work to the model, and compacts when the context is nearly full. */
  async beforeModelCall(): Promise<void> {
    this.deliverNotifications();
    const { contextWindowTokens, autoCompactThreshold } = this.parts.settings.current();
    if (!this.model) return;
    const tokens = estimateTokens(this);
    const turn = this.parts.scheduler.current;
    if (!this.autoCompaction.due(tokens, contextWindowTokens, autoCompactThreshold, turn)) return;
    const notice = this.autoCompaction.after(await this.parts.autoCompact(), tokens, turn);
    if (notice) this.conversation.notice(notice);
  }
  private readonly autoCompaction = new AutoCompaction();

  /** Texts of asyncRewake hooks that exited 2, waiting for the next model request. */
  private readonly hookMessages: Array<{ event: string; text: string }> = [];

  queueHookMessage(event: string, text: string): void {
    this.hookMessages.push({ event, text });
  }
  hasHookMessages(): boolean {
    return this.hookMessages.length > 0;
  }

  /** Completion notices of background work become one hidden user message; asyncRewake texts, hook messages. */
  deliverNotifications(): void {
    for (const m of this.hookMessages.splice(0)) this.conversation.push(newMessage('user', [hookText(m.event, m.text)], true));
    const notes = this.parts.work().takeNotifications();
    if (notes.length)
      this.conversation.push(
        newMessage(
          'user',
          notes.map((n) => ({ type: 'text' as const, content: n, source: 'system' as const })),
          true,
        ),
      );
  }
}
