// Types shared by the hook engine's modules. The event table itself lives in events.ts; the types
// the UI sees too (run records, problems, sources, permission modes) are the protocol's (protocol/wire.ts).

export { PERMISSION_MODES, RUN_VERDICTS, SOURCE_ORDER } from '../../protocol/wire.js';
export type { ConfigProblem, HookRunRecord, HookSource, PermissionMode, RunOutcome, RunVerdict } from '../../protocol/wire.js';
import type { HookSource } from '../../protocol/wire.js';

/** ConfigChange's `source`: which kind of settings file changed (Claude Code's names). */
export type ConfigSourceName = 'user_settings' | 'project_settings' | 'local_settings' | 'plugin';
export const CONFIG_SOURCES: readonly ConfigSourceName[] = ['user_settings', 'project_settings', 'local_settings', 'plugin'];

export type { HandlerCommon } from '../handlers/common.js';
export type { CommandHandler } from '../handlers/command.js';
export type { HttpHandler } from '../handlers/http.js';
export type { PromptHandler } from '../handlers/prompt.js';
export type { McpToolHandler } from '../handlers/mcpTool.js';
export type { HookHandler } from '../handlers/table.js';
export type { ProcessResult } from '../handlers/processSpec.js';
import type { HookHandler } from '../handlers/table.js';

/** One configured hook: a handler with everything needed to run and show it. */
export interface ConfiguredHook {
  /** Stable while the file keeps its shape: `<source>:<file>#<event>/<group>/<handler>`. */
  id: string;
  event: string;
  source: HookSource;
  /** Absolute path of the config file; null for programmatic hooks. */
  file: string | null;
  /** JSON path of the handler inside its file, e.g. `hooks.PreToolUse[0].hooks[1]`. */
  jsonPath: string;
  /** Line of the handler in its file (1-based), when known. */
  line?: number;
  /** Where its group's matcher value is in the file, when there is one. */
  matcherAt?: { line: number; column: number };
  groupIndex: number;
  handlerIndex: number;
  matcher: string | undefined;
  handler: HookHandler;
  /** What runs, in one line: the command, `POST <url>` or `prompt: <text>` (run records' `command`). */
  summary: string;
  /** description, else name, else a summary of what runs. */
  displayName: string;
  /** A plugin's hooks: its name, root folder and data folder (`~/.wave/plugin-data/<name>`). */
  plugin?: { name: string; root: string; data?: string };
}

export type PermissionDecision = 'allow' | 'ask' | 'deny';

/** What the user (or a hook) answers an MCP server that asked for input (docs/mcp.md, "Elicitation"). */
export interface ElicitationAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

export interface PermissionRequestDecision {
  behavior: 'allow' | 'deny';
  updatedInput?: Record<string, unknown>;
  message?: string;
}

/** One hook's block, kept apart so the agent can word it for the model (Claude Code's formats). */
export interface BlockItem {
  command: string;
  reason: string;
  /** true for exit code 2 (stderr), false for a JSON `decision: "block"` / deny reason. */
  fromExitCode: boolean;
}

/** The combined answer of all hooks of one event firing (docs/hooks.md, "When several hooks answer"). */
export interface HookDecision {
  event: string;
  blocked: boolean;
  /** Block reasons joined with newlines, in run order. */
  reason: string | null;
  blocks: BlockItem[];
  permissionDecision: PermissionDecision | null;
  permissionDecisionReason: string | null;
  updatedInput: Record<string, unknown> | null;
  additionalContext: string | null;
  continue: boolean;
  stopReason: string | null;
  systemMessage: string | null;
  /** PermissionRequest: the behaviour a hook chose (deny wins over allow). */
  permissionRequest: PermissionRequestDecision | null;
  /** PreCompact: extra summary instructions from plain stdout. */
  instructions: string | null;
  /** WorktreeCreate: the path printed by the first hook that exited 0 with output. */
  worktreePath: string | null;
  /** PermissionDenied: a hook said the model may retry the denied call. */
  retry: boolean;
  /** PostToolUse: the tool output the model sees instead (the last hook's, already checked against the output's shape). */
  updatedToolOutput: Record<string, unknown> | null;
  /** SessionStart, UserPromptSubmit: the conversation's new title (the last hook's). */
  sessionTitle: string | null;
  /** SessionStart, CwdChanged, FileChanged: the files to watch from now on (every hook's, together); null: unchanged. */
  watchPaths: string[] | null;
  /** Texts for the user only: non-blocking errors, user-only stderr, skipped-hook notices. */
  userMessages: string[];
  /** True when the turn's hook budget ran out before every hook of this firing could run. */
  budgetExhausted: boolean;
  /** PostToolUse of an MCP tool: the output the model sees instead (the last hook that gave one wins). */
  updatedMCPToolOutput?: unknown;
  /** Elicitation / ElicitationResult: a hook's answer to the MCP server (the last one wins). */
  elicitation?: ElicitationAnswer;
}
