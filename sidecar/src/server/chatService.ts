// The chat service: one agent session for the workdir, driven by the UI. It streams message
// changes and hook runs to every client, and turns tool approvals into prompts any client can answer.
import { randomUUID } from 'node:crypto';
import type { Agent, AgentOptions, ToolApproval, ToolApprovalRequest } from '../agent/agent.js';
import { createAgent } from '../app/agent.js';
import { mcpOf } from '../app/mcp.js';
import { mcpHookTargets } from '../app/mcpMatchers.js';
import type { McpHub } from '../mcp/hub.js';
import { Elicitations } from './elicitations.js';
import type { Message } from '../agent/messages.js';
import type { SessionConfig } from '../hooks/config/sessionConfig.js';
import type { ChatState, HookRunStart, McpListing, PermissionPrompt, StopChoice } from '../protocol/protocol.js';

import type { Broadcast } from './broadcast.js';

export type { Broadcast } from './broadcast.js';

export interface ChatServiceOptions {
  agent: Omit<AgentOptions, 'canUseTool' | 'onMessagesChange' | 'onEvent' | 'onConfigChange'>;
  broadcast: Broadcast;
  /** Settings files changed on disk during the session (their ConfigChange hooks ran). */
  onConfigChange?: () => void;
  /** "Always allow": the rule a prompt offers (null: none), the file it goes to, and how it is written. */
  rules?: { ruleFor: (req: ToolApprovalRequest) => string | null; file: string; write: (rule: string) => void };
}

export class ChatService {
  private agent: Agent | null = null;
  private readonly sent = new Map<string, string>();
  private readonly prompts = new Map<string, { prompt: PermissionPrompt; resolve: (a: ToolApproval) => void }>();
  private flushTimer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  /** Synchronous hooks running now, by run id (the live cards of a page that connects mid-run). */
  private readonly liveRuns = new Map<string, HookRunStart>();

  /** MCP servers' requests for input waiting for the user. */
  readonly elicitations: Elicitations;

  constructor(private readonly opts: ChatServiceOptions) {
    this.elicitations = new Elicitations(opts.broadcast);
  }

  private starting: Promise<void> | null = null;

  /**
   * Creates the session (fires SessionStart); chat requests wait for it. A start that failed is
   * tried again by the next chat request, so one failure does not end the chat for good.
   */
  start(): Promise<void> {
    this.starting ??= this.create().catch((err: unknown) => {
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  whenReady(): Promise<void> {
    return this.start();
  }

  private async create(): Promise<void> {
    this.agent = await createAgent({
      ...this.opts.agent,
      canUseTool: (req) => this.ask(req),
      onElicitation: (q) => this.elicitations.ask(q),
      onMessagesChange: () => this.scheduleFlush(),
      onConfigChange: () => this.opts.onConfigChange?.(),
      // A changed script or program shows on the settings page like a settings change.
      onTargetChange: () => this.opts.onConfigChange?.(),
      onEvent: (e) => {
        if (e.type === 'hook_start') {
          this.liveRuns.set(e.run.id, e.run);
          this.opts.broadcast('chat.hookStart', { run: e.run });
        }
        if (e.type === 'hook_run') {
          this.liveRuns.delete(e.run.id);
          this.opts.broadcast('chat.hookRun', { run: e.run });
        }
        if (e.type === 'busy') {
          if (!e.busy) this.flush();
          this.opts.broadcast('chat.busy', { busy: e.busy });
        }
      },
    });
    mcpOf(this.agent)?.listen(() => this.opts.broadcast('mcp.changed', this.mcpListing()));
    this.opts.broadcast('mcp.changed', this.mcpListing());
    this.flush();
  }

  /** The session's MCP servers, once the session exists. */
  mcp(): McpHub | undefined {
    return this.agent ? mcpOf(this.agent) : undefined;
  }

  /** The MCP section's listing (not ready until the session has started its servers). */
  mcpListing(): McpListing {
    const hub = this.mcp();
    if (!hub || !this.agent) return { ready: false, servers: [], problems: [], hookTargets: [] };
    const servers = hub.servers();
    return { ready: true, servers, problems: hub.problems, hookTargets: mcpHookTargets(this.agent.settings.sources().hooks, servers) };
  }

  /** The session's hook configuration (snapshot, disk, review), once the session exists. */
  sessionConfig(): SessionConfig | null {
    return this.agent?.settings ?? null;
  }

  /** Looks for changed settings files now (ConfigChange hooks run; nothing is applied). */
  async checkConfig(): Promise<void> {
    await this.agent?.checkConfig();
  }

  /** The workspace was just trusted: the project's SessionStart hooks run now. */
  async trustGranted(): Promise<void> {
    await this.start();
    await this.a.trustGranted();
    await this.mcp()?.trustGranted();
    this.flush();
  }

  /** The chat's session id, once the session exists (the Runs view's Open conversation). */
  sessionId(): string | null {
    return this.agent?.sessionId ?? null;
  }

  private get a(): Agent {
    if (!this.agent) throw new Error('the chat session is still starting');
    return this.agent;
  }

  state(): ChatState {
    const agent = this.a;
    return {
      sessionId: agent.sessionId,
      ...(agent.title ? { title: agent.title } : {}),
      busy: agent.busy,
      messages: [...agent.messages],
      pendingPermissions: [...this.prompts.values()].map((p) => p.prompt),
      running: [...this.liveRuns.values()],
    };
  }

  /** PreModelSwitch / PostModelSwitch of the running session (null: none yet). */
  modelSwitch(): ReturnType<Agent['modelSwitch']> | null {
    return this.agent?.modelSwitch() ?? null;
  }

  /** The session's hooks whose script or program changed and is not approved yet, with what changed. */
  changedTargets(): Map<string, string[]> {
    return this.agent?.hookManager.changedRunTargets() ?? new Map();
  }

  /** The user approved what the hooks run now: a held guard runs again. */
  approveTargets(): void {
    this.agent?.hookManager.approveRunTargets();
  }

  /** Kills one running synchronous hook; false when it is not running (any more). */
  stopHook(runId: string, then?: StopChoice): boolean {
    return this.agent?.hookManager.stopRun(runId, then) ?? false;
  }

  /** Starts a turn; resolves once it is accepted (the turn runs on, its changes are pushed). */
  send(text: string): void {
    const agent = this.a;
    if (agent.busy) throw new Error('the agent is still working on the previous prompt');
    this.running = agent
      .sendMessage(text)
      .then((r) => {
        // A blocked prompt is stored nowhere: the composer gets it back to edit (docs/hooks.md, UserPromptSubmit).
        if (r.blocked) this.opts.broadcast('chat.promptBlocked', { text });
      })
      .catch((err: Error) => agent.context.notice(`the turn failed: ${err.message}`))
      .finally(() => {
        this.running = null;
      });
  }

  abort(): void {
    this.agent?.abort();
    for (const [id, p] of this.prompts) {
      p.resolve({ behavior: 'deny', message: 'the turn was aborted' });
      this.prompts.delete(id);
      this.opts.broadcast('chat.permissionResolved', { requestId: id });
    }
  }

  /**
   * Answers a prompt; with `always`, its rule is written first (a refusal to write leaves the prompt
   * pending and throws). Returns false when the prompt is no longer pending, else the rule written.
   */
  answer(requestId: string, behavior: 'allow' | 'deny', message?: string, always = false): false | { ruleWritten: string | null } {
    const p = this.prompts.get(requestId);
    if (!p) return false;
    const rule = always && behavior === 'allow' ? p.prompt.rule : null;
    if (rule) this.opts.rules?.write(rule);
    this.prompts.delete(requestId);
    p.resolve(behavior === 'allow' ? { behavior } : { behavior, ...(message ? { message } : {}) });
    this.opts.broadcast('chat.permissionResolved', { requestId });
    return { ruleWritten: rule };
  }

  /** Resolves when the current turn (if any) has ended. */
  async idle(): Promise<void> {
    await this.running;
  }

  async close(): Promise<void> {
    this.elicitations.cancelAll();
    this.abort();
    await this.idle();
    await this.agent?.destroy('exit');
    if (this.flushTimer) clearTimeout(this.flushTimer);
  }

  private ask(req: ToolApprovalRequest): Promise<ToolApproval> {
    const rules = this.opts.rules;
    const prompt: PermissionPrompt = {
      requestId: randomUUID(),
      toolName: req.toolName,
      input: req.input,
      reason: req.reason,
      ...(req.original !== undefined ? { original: req.original } : {}),
      rule: req.ownFiles ? null : (rules?.ruleFor(req) ?? null),
      ruleFile: rules?.file ?? '',
    };
    return new Promise((resolve) => {
      this.prompts.set(prompt.requestId, { prompt, resolve });
      this.flush();
      this.opts.broadcast('chat.permissionRequest', prompt);
    });
  }

  private sentTitle: string | undefined;

  private scheduleFlush(): void {
    this.flushTimer ??= setTimeout(() => this.flush(), 16);
  }

  /** Pushes the messages that were added or changed since the last push. */
  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (!this.agent) return;
    const changed: Message[] = [];
    const all = this.agent.messages;
    // Only the tail can change: earlier messages are final once a later one exists.
    const from = Math.max(0, Math.min(this.sent.size, all.length) - 3);
    for (const m of all.slice(from)) {
      const json = JSON.stringify(m);
      if (this.sent.get(m.id) !== json) {
        this.sent.set(m.id, json);
        changed.push(m);
      }
    }
    // A hook's sessionTitle (docs/hooks.md, "JSON answer") goes along with the messages of its turn.
    const title = this.agent.title;
    if (!changed.length && title === this.sentTitle) return;
    this.sentTitle = title;
    this.opts.broadcast('chat.messages', { messages: changed, ...(title ? { title } : {}) });
  }
}
