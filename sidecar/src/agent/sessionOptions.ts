// What a session is made with (Agent.create's options, but its long-running work: options.ts), and what an
// agent tells the outside world (events, approvals).
import type { ConfigChangeNotice, TargetChangeNotice } from '../hooks/fire/manager.js';
import type { HookRunRecord, PermissionMode } from '../hooks/contract/types.js';
import type { HookRunStart } from '../protocol/wire.js';
import type { McpElicitation, McpElicitationAnswer } from '../protocol/mcpListing.js';
import type { ModelClient } from '../models/types.js';
import type { Message } from './messages.js';
import type { AnyTool } from './tools/registry.js';

export interface ToolApprovalRequest {
  toolName: string;
  input: Record<string, unknown>;
  toolUseId: string;
  reason: string;
  /** The call writes Wave's own files (docs/hooks.md, "Safety"): no "Always allow" rule is offered. */
  ownFiles?: true;
  /** For Write: the file's text now, so the approval can show the change as a diff. */
  original?: string;
}
export type ToolApproval = { behavior: 'allow'; updatedInput?: Record<string, unknown> } | { behavior: 'deny'; message?: string };

export type AgentEvent =
  | { type: 'messages'; messages: readonly Message[] }
  | { type: 'text_delta'; messageId: string; text: string }
  | { type: 'tool_call'; messageId: string; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; messageId: string; id: string; name: string; success: boolean; result: string }
  | { type: 'hook_run'; run: HookRunRecord }
  /** A synchronous hook started (its `hook_run` follows when it ends; `hookManager.stopRun(id)` kills it). */
  | { type: 'hook_start'; run: HookRunStart }
  | { type: 'busy'; busy: boolean };

/** What Agent.create takes, but its long-running work (`AgentOptions` in options.ts adds it). */
export interface SessionOptions {
  workdir: string;
  homeDir?: string;
  /** Programmatic hooks, same shape as a settings file's `hooks`; run before every file source. */
  hooks?: unknown;
  /** The model; without one every turn ends with a clear "no model configured" error. */
  model?: ModelClient;
  /** Why there is no model (shown to the user instead of the generic text). */
  modelUnavailable?: string;
  permissionMode?: PermissionMode;
  /** Asked when a tool call needs approval; without it (headless) such calls are denied. */
  canUseTool?: (req: ToolApprovalRequest) => Promise<ToolApproval>;
  onMessagesChange?: (messages: readonly Message[]) => void;
  onEvent?: (event: AgentEvent) => void;
  /** Resume this saved session instead of starting a new one. */
  resume?: string;
  trustProject?: boolean | (() => boolean);
  /** Files besides the settings files whose change is a settings change (the trust store, `--settings FILE`). */
  watchFiles?: readonly string[];
  /** MCP servers, the shape of `.mcp.json`'s `mcpServers` (docs/mcp.md); started with those of the settings files. */
  mcpServers?: unknown;
  /** An MCP server asks the user for input (after the Elicitation hooks); without it such requests are declined. */
  onElicitation?: (q: Omit<McpElicitation, 'requestId'>) => Promise<McpElicitationAnswer>;
  /** `--mcp-config FILE`: more `.mcp.json`-shaped files. */
  mcpConfigFiles?: readonly string[];
  /** Extra tools, added after those of the session's work. */
  tools?: AnyTool[];
  /** Every tool name the agent may offer (hook matchers are checked against them). */
  toolNames?: readonly string[];
  /** Environment for tools and hooks (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Permission rules added to those of the settings files (e.g. from --settings). */
  extraPermissions?: { allow?: string[] | undefined; deny?: string[] | undefined; ask?: string[] | undefined };
  /** Consecutive Stop blocks after which the turn ends anyway (default 8). */
  stopBlockCap?: number;
  /** A client for another model name (subagent definitions may name one). */
  modelFor?: (name: string) => ModelClient;
  /** `--debug hooks`: lines saying, after every event, which hooks ran and which did not and why. */
  debugHooks?: (lines: string[]) => void;
  /** With a user at the other end (the IDE, the web UI): Notification `idle_prompt` fires after this long waiting for input (60 000). */
  idleNotificationMs?: number;
  /** The user is not looking (the IDE is not focused): finished background work fires Notification `task_finished`. */
  userAway?: () => boolean;
  /** Settings files changed on disk during the session (ConfigChange ran; nothing runs differently until applied). */
  onConfigChange?: (changes: ConfigChangeNotice[]) => void;
  /** A hook's script or program changed during the session (a guard among them no longer runs until approved). */
  onTargetChange?: (change: TargetChangeNotice) => void;
}
