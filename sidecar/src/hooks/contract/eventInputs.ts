// The inputs of the events of the table (events.ts): what the agent hands the engine for each event,
// before the payload builders pick and order the stdin fields.

export type ToolInput = {
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_use_id: string;
  /** The MCP server of an `mcp__<server>__<tool>` call (docs/mcp.md). */
  mcp_server?: string;
};
export type PostToolInput = ToolInput & {
  tool_response: unknown;
  duration_ms?: number;
};
export type PostToolFailureInput = ToolInput & {
  error: string;
  is_interrupt?: boolean;
  duration_ms?: number;
};
/** One task of the Stop payload's `background_tasks` (the payload builder picks its fields by type). */
export type BackgroundTask = {
  id: string;
  type: 'shell' | 'subagent' | 'workflow';
  /** Only running tasks are listed; others are left out by the payload builder. */
  status: string;
  description: string;
  command?: string;
  agent_type?: string;
  name?: string;
};
export type SessionCron = {
  id: string;
  schedule: string;
  recurring: boolean;
  prompt: string;
};
export type StopInput = {
  stop_hook_active: boolean;
  last_assistant_message?: string;
  background_tasks: BackgroundTask[];
  session_crons: SessionCron[];
};
/** An MCP server asks the user for input (docs/mcp.md, "Elicitation"). */
export type ElicitationInput = {
  mcp_server_name: string;
  message: string;
  mode: 'form' | 'url';
  url?: string;
  elicitation_id?: string;
  requested_schema?: Record<string, unknown>;
};

/** What was answered to it (by the user or an Elicitation hook). */
export type ElicitationResultInput = {
  mcp_server_name: string;
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
  mode: 'form' | 'url';
  elicitation_id?: string;
};

export type PermissionDeniedInput = ToolInput & { reason: string };
/** One call of a model answer's batch (PostToolBatch). */
export type BatchCall = { tool_name: string; tool_use_id: string; success: boolean };
export const NOTIFICATION_TYPES = ['permission_prompt', 'idle_prompt', 'task_finished'] as const;
export const STOP_FAILURE_TYPES = ['rate_limit', 'authentication_failed', 'server_error', 'invalid_request', 'unknown'] as const;
export type StopFailureInput = {
  error_type: (typeof STOP_FAILURE_TYPES)[number];
  error_message: string;
  last_assistant_message?: string;
};
export type SubagentStopInput = {
  stop_hook_active: boolean;
  last_assistant_message?: string;
  agent_type: string;
  agent_id?: string;
  /** The subagent's own JSON Lines transcript. */
  agent_transcript_path?: string;
};
/** FileChanged: a watched file was changed, added or removed; `file_name` (its base name) is what the matcher tests. */
export type FileChangedInput = { file_path: string; file_name: string; event: 'change' | 'add' | 'unlink' };
/** Where a model switch comes from: the settings page's Model section, or a subagent whose definition names another model. */
export const MODEL_SWITCH_SOURCES = ['settings', 'subagent'] as const;
export type ModelSwitchInput = { from_model: string; to_model: string; requested_model: string; source: (typeof MODEL_SWITCH_SOURCES)[number] };
