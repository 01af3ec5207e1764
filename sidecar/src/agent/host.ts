// What the model/tool loop (loop.ts) and one tool call (toolCall.ts) need from the conversation
// they run in. The main agent and every subagent implement it, so both share one loop.
import type { FireResult } from '../hooks/manager.js';
import type { EventInput, HookEventName } from '../hooks/events.js';
import type { PermissionMode } from '../hooks/types.js';
import type { ModelClient } from '../models/types.js';
import type { AgentEvent, ToolApproval, ToolApprovalRequest } from './agent.js';
import type { Message } from './messages.js';
import type { PermissionRules } from './permissions.js';
import type { StopGuard } from './stopGuard.js';
import type { ToolRegistry } from './tools/registry.js';

export interface LoopHost {
  readonly model: ModelClient | undefined;
  /** Why there is no model, in words for the user. */
  readonly modelUnavailable: string;
  readonly messages: readonly Message[];
  readonly tools: ToolRegistry;
  /** Aborts the running turn. */
  readonly signal: AbortSignal;
  readonly workdir: string;
  /** Where tools run and relative paths resolve (a worktree, once entered). */
  readonly cwd: string;
  readonly permissionMode: PermissionMode;
  readonly canUseTool: ((req: ToolApprovalRequest) => Promise<ToolApproval>) | undefined;
  /** Counts Stop / SubagentStop blocks of this user turn (subagent run); ends the loop at its cap. */
  readonly stopGuard: StopGuard;
  systemPrompt(): string;
  permissionRules(): PermissionRules;
  toolEnv(): Record<string, string | undefined>;
  fire<E extends HookEventName>(event: E, input: EventInput<E>): Promise<FireResult>;
  push(message: Message): Message;
  /** Starts the assistant message of a model step; hook runs and notices of the step go there. */
  beginAssistant(): Message;
  currentMessageId(): string;
  /** A text for the user only (an `error` block). */
  notice(text: string): void;
  changed(): void;
  emit(event: AgentEvent): void;
  /** Runs before each model call (background notifications, automatic compaction). */
  beforeModelCall(): Promise<void>;
  /** Fires the event that ends this loop (Stop for the agent, SubagentStop for a subagent). */
  fireStop(lastAssistantText: string, stopHookActive: boolean): Promise<FireResult>;
}
