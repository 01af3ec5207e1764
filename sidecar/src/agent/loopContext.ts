// What the model/tool loop (loop.ts) and one tool call (toolCall.ts) need from the conversation
// they run in. The main agent (mainContext.ts) and every subagent implement it, so both share one loop.
import type { FireResult } from '../hooks/fire/manager.js';
import type { EventInput, HookEventName, StopFailureInput } from '../hooks/contract/events.js';
import type { PermissionMode } from '../hooks/contract/types.js';
import type { ModelClient } from '../models/types.js';
import type { Message } from './messages.js';
import type { AgentEvent, ToolApproval, ToolApprovalRequest } from './sessionOptions.js';
import type { OwnFilesContext } from './ownFiles.js';
import type { PermissionRules } from './permissions.js';
import type { StopGuard } from './stopGuard.js';
import type { ToolRegistry } from './tools/registry.js';

/** The messages a loop reads and writes. */
export interface ConversationPort {
  readonly messages: readonly Message[];
  push(message: Message): Message;
  /** Starts the assistant message of a model step; hook runs and notices of the step go there. */
  beginAssistant(): Message;
  currentMessageId(): string;
  /** A text for the user only (an `error` block). */
  notice(text: string): void;
  changed(): void;
}

/** The settings a tool call runs under, read once per call. */
export interface CallSettings {
  permissionRules: PermissionRules;
  env: Record<string, string | undefined>;
  /** The session's CLAUDE_ENV_FILE, written by SessionStart / CwdChanged hooks. */
  envFile?: string;
  /** What tells Wave's own files (ownFiles.ts) apart, but the cwd. */
  ownFiles: Omit<OwnFilesContext, 'cwd'>;
}

export interface LoopContext {
  readonly conversation: ConversationPort;
  readonly model: ModelClient | undefined;
  /** Why there is no model, in words for the user. */
  readonly modelUnavailable: string;
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
  /** The permission rules and tool environment in force, from the session's settings snapshot. */
  callSettings(): CallSettings;
  fire<E extends HookEventName>(event: E, input: EventInput<E>): Promise<FireResult>;
  emit(event: AgentEvent): void;
  /** Runs before each model call (background notifications, automatic compaction). */
  beforeModelCall(): Promise<void>;
  /** A model error ended the loop: StopFailure for the agent (a subagent's failure is its caller's tool error). */
  fireStopFailure(input: StopFailureInput): Promise<void>;
  /**
   * The user approved a write to these settings files (docs/hooks.md, "Safety"): called before the
   * write, it returns what to call once the write is done, which takes the change into the session
   * at once (approving it was the review). Absent where no session snapshot is kept.
   */
  approvedOwnWrite?(paths: readonly string[]): () => Promise<void>;
  /** Fires the event that ends this loop (Stop for the agent, SubagentStop for a subagent). */
  fireStop(lastAssistantText: string, stopHookActive: boolean): Promise<FireResult>;
}
