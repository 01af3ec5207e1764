// One subagent: a conversation of its own that shares the parent's model, tools, permissions and
// hooks. Tool hooks run inside it with `subagent_type`/`agent_id` in their payload; SubagentStart
// fires when it starts (its context reaches the subagent) and SubagentStop when it wants to stop
// (a block makes it continue). The main agent's Stop is never fired by a subagent.
import type { AgentEvent } from '../agent/options.js';
import type { CallSettings, ConversationPort, LoopHost } from '../agent/host.js';
import { contextBlock } from '../agent/hookText.js';
import { runLoop, type LoopResult } from '../agent/loop.js';
import { showUserParts } from '../agent/notices.js';
import { newMessage, type Message } from '../agent/messages.js';
import { StopGuard } from '../agent/stopGuard.js';
import { askModelSwitch, modelSwitched } from '../agent/modelSwitch.js';
import type { HookDecision } from '../hooks/contract/types.js';
import { ToolRegistry } from '../agent/tools/registry.js';
import type { FireResult } from '../hooks/fire/manager.js';
import type { EventInput, HookEventName } from '../hooks/contract/events.js';
import type { PermissionMode } from '../hooks/contract/types.js';
import type { ModelClient } from '../models/types.js';
import type { AgentDefinition } from './agentDefs.js';
import type { JsonlTranscript } from '../agent/transcriptJsonl.js';

/** What a subagent takes from the agent that started it: the loop's context, shared. */
export type SubagentParent = Pick<
  LoopHost,
  'model' | 'modelUnavailable' | 'tools' | 'workdir' | 'cwd' | 'permissionMode' | 'canUseTool' | 'stopGuard' | 'systemPrompt' | 'callSettings' | 'emit'
> & {
  /** Fires a hook event with the subagent's fields in the payload. */
  fire<E extends HookEventName>(event: E, input: EventInput<E>, subagent?: { type: string; id: string }): Promise<FireResult>;
  /** The client for a definition's `model`, or the session's. */
  modelFor(name: string | undefined): ModelClient | undefined;
  /** A text for the user only, in the main conversation. */
  notice(text: string): void;
  /** The subagent's own JSON Lines transcript (SubagentStop's `agent_transcript_path`). */
  subagentTranscript(agentId: string): JsonlTranscript;
};

/** A subagent's own messages; its notices go to the main conversation, marked with who said them. */
class SubagentConversation implements ConversationPort {
  readonly messages: Message[] = [];
  private current: Message | null = null;

  constructor(private readonly notify: (text: string) => void) {}

  push(message: Message): Message {
    this.messages.push(message);
    return message;
  }
  beginAssistant(): Message {
    this.current = newMessage('assistant', []);
    return this.push(this.current);
  }
  currentMessageId(): string {
    return this.current?.id ?? '';
  }
  notice(text: string): void {
    this.notify(text);
  }
  changed(): void {
    // A subagent's messages are not shown live: nothing to tell.
  }
}

/** Tools a subagent never gets: it cannot start subagents or workflows of its own. */
const PARENT_ONLY = new Set(['Agent', 'Workflow']);

export class Subagent implements LoopHost {
  readonly conversation: SubagentConversation;
  readonly tools: ToolRegistry;
  /** The definition's model, or the session's (also when a PreModelSwitch hook refused the switch). */
  model: ModelClient | undefined;
  private started = false;
  /** SubagentStop blocks of the current run (same rule as the main agent's Stop, per run). */
  readonly stopGuard: StopGuard;
  /** Its own JSON Lines transcript, brought up to date before SubagentStop. */
  private readonly transcript: JsonlTranscript;

  constructor(
    private readonly parent: SubagentParent,
    readonly definition: AgentDefinition,
    readonly id: string,
    readonly signal: AbortSignal,
  ) {
    const allowed = definition.tools ? new Set(definition.tools) : null;
    this.tools = new ToolRegistry(parent.tools.list().filter((t) => !PARENT_ONLY.has(t.name) && (!allowed || allowed.has(t.name))));
    this.model = parent.modelFor(definition.model);
    this.stopGuard = new StopGuard(parent.stopGuard.cap);
    this.conversation = new SubagentConversation((text) => parent.notice(`[${definition.name} ${id}] ${text}`));
    this.transcript = parent.subagentTranscript(id);
  }

  get messages(): readonly Message[] {
    return this.conversation.messages;
  }
  get modelUnavailable(): string {
    return this.parent.modelUnavailable;
  }
  get workdir(): string {
    return this.parent.workdir;
  }
  get cwd(): string {
    return this.parent.cwd;
  }
  get permissionMode(): PermissionMode {
    return this.parent.permissionMode;
  }
  get canUseTool() {
    return this.parent.canUseTool;
  }
  private get who() {
    return { type: this.definition.name, id: this.id };
  }

  systemPrompt(): string {
    return `${this.parent.systemPrompt()}\n\n# You are a subagent (${this.definition.name})\n${this.definition.prompt}`;
  }
  callSettings(): CallSettings {
    return this.parent.callSettings();
  }
  fire<E extends HookEventName>(event: E, input: EventInput<E>): Promise<FireResult> {
    return this.parent.fire(event, input, this.who);
  }
  emit(event: AgentEvent): void {
    if (event.type !== 'text_delta') this.parent.emit(event);
  }
  /** A subagent gets no background notifications and is never compacted. */
  async beforeModelCall(): Promise<void> {
    // nothing to do before a subagent's model call
  }
  /** A subagent's model failure is its Agent tool's error (the caller's turn goes on): no StopFailure. */
  async fireStopFailure(): Promise<void> {
    // nothing fires: the main agent's turn has not ended
  }
  fireStop(lastAssistantText: string, stopHookActive: boolean): Promise<FireResult> {
    let written = true;
    try {
      this.transcript.update(this.conversation.messages);
    } catch (err) {
      written = false;
      this.parent.notice(`[${this.definition.name} ${this.id}] its transcript ${this.transcript.path} could not be written: ${(err as Error).message}`);
    }
    return this.fire('SubagentStop', {
      stop_hook_active: stopHookActive,
      last_assistant_message: lastAssistantText,
      agent_type: this.definition.name,
      agent_id: this.id,
      ...(written ? { agent_transcript_path: this.transcript.path } : {}),
    });
  }

  /** A definition that names another model: PreModelSwitch may keep the session's (docs/hooks.md, "PreModelSwitch"). */
  private async switchModel(): Promise<void> {
    const from = this.parent.model?.model;
    const to = this.model?.model;
    const requested = this.definition.model;
    if (!requested || !from || !to || to === from) return;
    const s = { from_model: from, to_model: to, requested_model: requested, source: 'subagent' as const };
    const host = {
      fire: (e: 'PreModelSwitch' | 'PostModelSwitch', i: typeof s) => this.fire(e, i),
      show: (d: HookDecision) => showUserParts(this.conversation, d),
    };
    const refused = await askModelSwitch(host, s);
    if (refused === null) return modelSwitched(host, s);
    this.model = this.parent.model;
    this.parent.notice(`[${this.definition.name} ${this.id}] keeps the model ${from}, not ${to}: ${refused}`);
  }

  /** Gives the subagent a task (or the next step of one) and runs it until it stops. */
  async run(prompt: string): Promise<LoopResult> {
    if (!this.started) {
      this.started = true;
      await this.switchModel();
      const start = await this.fire('SubagentStart', { agent_type: this.definition.name, agent_id: this.id });
      showUserParts(this.conversation, start.decision);
      if (start.decision.additionalContext) {
        this.conversation.push(newMessage('user', [contextBlock('SubagentStart', '', start.decision.additionalContext)], true));
      }
    }
    this.conversation.push(newMessage('user', [{ type: 'text', content: prompt, source: 'user' }]));
    this.stopGuard.reset();
    return runLoop(this);
  }
}
