// THE table of hook events (docs/hooks.md, "Events"). Each event is one declarative row: which payload field its
// matcher tests, how its event-specific stdin is built, and how its answers act. The engine, the
// `wave hooks` command, the docs checks and the JSON Schema all read this table; adding an event is
// adding one row here (the shape of a row and the builders' helpers: `eventSpec.ts`).

import { backgroundTask, define, lastMessage, rewriteToolInput, sampleTool, toolFields, type EventSpec } from './eventSpec.js';
import { CONFIG_SOURCES, type ConfigSourceName } from './types.js';
import {
  NOTIFICATION_TYPES,
  STOP_FAILURE_TYPES,
  type ToolInput,
  type PostToolInput,
  type PostToolFailureInput,
  type StopInput,
  type PermissionDeniedInput,
  type ElicitationInput,
  type ElicitationResultInput,
  type BatchCall,
  type StopFailureInput,
  type SubagentStopInput,
  type FileChangedInput,
  type ModelSwitchInput,
  MODEL_SWITCH_SOURCES,
} from './eventInputs.js';

export { NOTIFICATION_TYPES, STOP_FAILURE_TYPES, MODEL_SWITCH_SOURCES } from './eventInputs.js';
export type {
  ToolInput,
  PostToolInput,
  PostToolFailureInput,
  BackgroundTask,
  SessionCron,
  StopInput,
  PermissionDeniedInput,
  BatchCall,
  StopFailureInput,
  SubagentStopInput,
  FileChangedInput,
  ModelSwitchInput,
} from './eventInputs.js';

export { BLOCK_EFFECTS, PLAIN_STDOUT, ANSWER_FIELDS, MATCHER_FIELDS, canBlock, cutField } from './eventSpec.js';
export type { BlockEffect, PlainStdout, AnswerField, MatcherField, EventSpec } from './eventSpec.js';

// ----- the table -------------------------------------------------------------------------------

const modelSwitchPayload = (i: ModelSwitchInput) => ({ from_model: i.from_model, to_model: i.to_model, requested_model: i.requested_model, source: i.source });
const modelSwitchSample: ModelSwitchInput = { from_model: 'gpt-5', to_model: 'gpt-5-mini', requested_model: 'gpt-5-mini', source: 'subagent' };

export const EVENTS = {
  SessionStart: define<{ source: 'startup' | 'resume' | 'clear' | 'compact'; model: string }>({
    when: 'a session is created or resumed (source: startup, resume, clear, compact)',
    matcherField: 'source',
    matcherValues: ['startup', 'resume', 'clear', 'compact'],
    payload: (i) => ({ source: i.source, model: i.model }),
    sample: { source: 'startup', model: 'test-model' },
    onBlock: 'userOnly',
    plainStdout: 'context',
    accepts: ['additionalContext', 'sessionTitle', 'watchPaths'],
    envFile: true,
  }),
  InstructionsLoaded: define<{ file_path: string; load_reason: string }>({
    when: 'an instruction file (AGENTS.md, WAVE.md, …) is loaded',
    payload: (i) => ({ file_path: i.file_path, load_reason: i.load_reason }),
    sample: { file_path: '/project/AGENTS.md', load_reason: 'session_start' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: [],
  }),
  UserPromptSubmit: define<{ prompt: string }>({
    when: 'the user sends a prompt, before the model sees it',
    payload: (i) => ({ prompt: i.prompt, user_prompt: i.prompt }),
    sample: { prompt: 'Hello from wave hooks test' },
    onBlock: 'blockPrompt',
    plainStdout: 'context',
    accepts: ['additionalContext', 'sessionTitle'],
  }),
  PreToolUse: define<ToolInput>({
    when: 'before a tool runs (and before the permission check)',
    matcherField: 'tool_name',
    matcherValues: 'tool names',
    payload: toolFields,
    sample: sampleTool,
    onBlock: 'blockTool',
    plainStdout: 'ignored',
    accepts: ['permissionDecision', 'updatedInput', 'additionalContext'],
    chain: rewriteToolInput,
  }),
  PermissionRequest: define<ToolInput>({
    when: 'a tool call needs the user’s approval',
    matcherField: 'tool_name',
    matcherValues: 'tool names',
    payload: toolFields,
    sample: sampleTool,
    onBlock: 'denyPermission',
    plainStdout: 'ignored',
    accepts: ['permissionRequest'],
  }),
  PostToolUse: define<PostToolInput>({
    when: 'after a tool ran, whether it succeeded or failed',
    matcherField: 'tool_name',
    matcherValues: 'tool names',
    payload: (i) => ({
      ...toolFields(i),
      tool_response: i.tool_response,
      ...(i.duration_ms !== undefined ? { duration_ms: i.duration_ms } : {}),
    }),
    sample: {
      ...sampleTool,
      tool_response: { stdout: 'hello', stderr: '', interrupted: false, exit_code: 0, success: true },
    },
    onBlock: 'feedbackToModel',
    plainStdout: 'ignored',
    accepts: ['additionalContext', 'updatedMCPToolOutput', 'updatedToolOutput'],
  }),
  PostToolUseFailure: define<PostToolFailureInput>({
    when: 'after a tool failed (fires in addition to PostToolUse)',
    matcherField: 'tool_name',
    matcherValues: 'tool names',
    payload: (i) => ({
      ...toolFields(i),
      error: i.error,
      is_interrupt: i.is_interrupt ?? false,
      ...(i.duration_ms !== undefined ? { duration_ms: i.duration_ms } : {}),
    }),
    sample: { ...sampleTool, error: 'Exit code 1\ncommand failed' },
    onBlock: 'feedbackToModel',
    plainStdout: 'ignored',
    accepts: ['additionalContext'],
  }),
  Stop: define<StopInput>({
    when: 'the main agent finished a turn (no more tool calls), not on abort',
    payload: (i) => ({
      stop_hook_active: i.stop_hook_active,
      ...lastMessage(i.last_assistant_message),
      background_tasks: i.background_tasks.filter((t) => t.status === 'running').map(backgroundTask),
      session_crons: i.session_crons.map((c) => ({ id: c.id, schedule: c.schedule, recurring: c.recurring, prompt: c.prompt })),
    }),
    sample: { stop_hook_active: false, last_assistant_message: 'Done.', background_tasks: [], session_crons: [] },
    onBlock: 'keepGoing',
    plainStdout: 'ignored',
    accepts: [],
  }),
  SubagentStart: define<{ agent_type: string; agent_id?: string }>({
    when: 'a subagent starts',
    matcherField: 'agent_type',
    payload: (i) => ({ agent_type: i.agent_type, ...(i.agent_id ? { agent_id: i.agent_id } : {}) }),
    sample: { agent_type: 'general-purpose', agent_id: 'agent_test_0001' },
    onBlock: 'userOnly',
    plainStdout: 'ignored',
    accepts: ['additionalContext'],
  }),
  SubagentStop: define<SubagentStopInput>({
    when: 'a subagent finished its work',
    matcherField: 'agent_type',
    payload: (i) => ({
      stop_hook_active: i.stop_hook_active,
      ...lastMessage(i.last_assistant_message),
      agent_type: i.agent_type,
      ...(i.agent_id ? { agent_id: i.agent_id } : {}),
      ...(i.agent_transcript_path ? { agent_transcript_path: i.agent_transcript_path } : {}),
    }),
    sample: { stop_hook_active: false, last_assistant_message: 'Subagent done.', agent_type: 'general-purpose' },
    onBlock: 'keepGoing',
    plainStdout: 'ignored',
    accepts: [],
  }),
  PreCompact: define<{ trigger: 'manual' | 'auto'; compact_instructions: string }>({
    when: 'before the conversation is compacted (manual or auto)',
    matcherField: 'trigger',
    matcherValues: ['manual', 'auto'],
    payload: (i) => ({
      trigger: i.trigger,
      compact_instructions: i.compact_instructions,
      custom_instructions: i.compact_instructions,
    }),
    sample: { trigger: 'manual', compact_instructions: '' },
    onBlock: 'dropped',
    plainStdout: 'instructions',
    accepts: [],
  }),
  PostCompact: define<{ trigger: 'manual' | 'auto'; compact_summary: string }>({
    when: 'after a successful compaction',
    matcherField: 'trigger',
    matcherValues: ['manual', 'auto'],
    payload: (i) => ({ trigger: i.trigger, compact_summary: i.compact_summary }),
    sample: { trigger: 'manual', compact_summary: 'Summary of the conversation so far.' },
    onBlock: 'userOnly',
    plainStdout: 'ignored',
    accepts: [],
  }),
  WorktreeCreate: define<{ name: string }>({
    when: 'a worktree is to be created (a hook that prints a path replaces git worktree add)',
    payload: (i) => ({ name: i.name }),
    sample: { name: 'feature-x' },
    onBlock: 'userOnly', // when no hook supplies a path, the failing hooks' stderr is shown
    plainStdout: 'path',
    accepts: [],
    firstPathWins: true,
  }),
  WorktreeRemove: define<{ worktree_path: string }>({
    when: 'a hook-created worktree is removed (the hook does the removal)',
    payload: (i) => ({ worktree_path: i.worktree_path }),
    sample: { worktree_path: '/tmp/worktrees/feature-x' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: [],
  }),
  ConfigChange: define<{ source: ConfigSourceName; file_path: string }>({
    when: 'a settings file changed during the session',
    matcherField: 'source',
    matcherValues: CONFIG_SOURCES,
    payload: (i) => ({ source: i.source, file_path: i.file_path }),
    sample: { source: 'project_settings', file_path: '/project/.wave/settings.json' },
    onBlock: 'refuseChange',
    plainStdout: 'ignored',
    accepts: [],
  }),
  Notification: define<{ message: string; notification_type: (typeof NOTIFICATION_TYPES)[number] }>({
    when: 'Wave needs the user: a permission prompt, 60 s waiting for input, a long task finished unseen',
    matcherField: 'notification_type',
    matcherValues: NOTIFICATION_TYPES,
    payload: (i) => ({ message: i.message, notification_type: i.notification_type }),
    sample: { message: 'Wave needs your permission to use Bash', notification_type: 'permission_prompt' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: [],
  }),
  PermissionDenied: define<PermissionDeniedInput>({
    when: 'a tool call was denied (by a rule, the permission mode, a hook or the user)',
    matcherField: 'tool_name',
    matcherValues: 'tool names',
    payload: (i) => ({ ...toolFields(i), reason: i.reason }),
    sample: { ...sampleTool, reason: 'denied by the user' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: ['retry'],
  }),
  PostToolBatch: define<{ tool_calls: BatchCall[] }>({
    when: 'every tool call of one model answer has finished, before the next model request',
    payload: (i) => ({ tool_calls: i.tool_calls.map((c) => ({ tool_name: c.tool_name, tool_use_id: c.tool_use_id, success: c.success })) }),
    sample: { tool_calls: [{ tool_name: 'Bash', tool_use_id: 'toolu_test_0001', success: true }] },
    onBlock: 'feedbackToModel',
    plainStdout: 'ignored',
    accepts: ['additionalContext'],
  }),
  StopFailure: define<StopFailureInput>({
    when: 'a turn ended because of a model or API error',
    matcherField: 'error_type',
    matcherValues: STOP_FAILURE_TYPES,
    payload: (i) => ({ error_type: i.error_type, error_message: i.error_message, ...lastMessage(i.last_assistant_message) }),
    sample: { error_type: 'rate_limit', error_message: '429 Too Many Requests' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: [],
  }),
  CwdChanged: define<{ old_cwd: string; new_cwd: string }>({
    when: 'the session’s working directory changed (EnterWorktree, ExitWorktree)',
    payload: (i) => ({ old_cwd: i.old_cwd, new_cwd: i.new_cwd }),
    sample: { old_cwd: '/project', new_cwd: '/project/.wave/worktrees/feature-x' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: ['watchPaths'],
    envFile: true,
  }),
  Elicitation: define<ElicitationInput>({
    when: 'an MCP server asks the user for input, before the form is shown (a hook may answer or decline for the user)',
    matcherField: 'mcp_server_name',
    payload: (i) => ({
      mcp_server_name: i.mcp_server_name,
      message: i.message,
      mode: i.mode,
      ...(i.url !== undefined ? { url: i.url } : {}),
      ...(i.elicitation_id !== undefined ? { elicitation_id: i.elicitation_id } : {}),
      ...(i.requested_schema !== undefined ? { requested_schema: i.requested_schema } : {}),
    }),
    sample: {
      mcp_server_name: 'github',
      message: 'Which repository?',
      mode: 'form',
      requested_schema: { type: 'object', properties: { repo: { type: 'string' } } },
    },
    onBlock: 'declineElicitation',
    plainStdout: 'ignored',
    accepts: ['elicitationAction'],
  }),
  ElicitationResult: define<ElicitationResultInput>({
    when: 'the user (or an Elicitation hook) answered an MCP server’s request for input, before the answer is sent (a hook may change it)',
    matcherField: 'mcp_server_name',
    payload: (i) => ({
      mcp_server_name: i.mcp_server_name,
      action: i.action,
      ...(i.content !== undefined ? { content: i.content } : {}),
      mode: i.mode,
      ...(i.elicitation_id !== undefined ? { elicitation_id: i.elicitation_id } : {}),
    }),
    sample: { mcp_server_name: 'github', action: 'accept', content: { repo: 'wave' }, mode: 'form' },
    onBlock: 'declineElicitation',
    plainStdout: 'ignored',
    accepts: ['elicitationAction'],
  }),
  FileChanged: define<FileChangedInput>({
    when: 'a watched file changed, was added or removed (the watchPaths of SessionStart, CwdChanged and FileChanged hooks, and the file names in FileChanged matchers)',
    matcherField: 'file_name',
    payload: (i) => ({ file_path: i.file_path, event: i.event }),
    sample: { file_path: '/project/.envrc', file_name: '.envrc', event: 'change' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: ['watchPaths'],
    envFile: true,
  }),
  PreModelSwitch: define<ModelSwitchInput>({
    when: 'the model of a running session is about to change (a save in the Model section, a subagent whose definition names another model)',
    matcherField: 'source',
    matcherValues: MODEL_SWITCH_SOURCES,
    payload: modelSwitchPayload,
    sample: modelSwitchSample,
    onBlock: 'keepModel',
    plainStdout: 'ignored',
    accepts: ['permissionDecision'],
  }),
  PostModelSwitch: define<ModelSwitchInput>({
    when: 'the model of a running session changed',
    matcherField: 'source',
    matcherValues: MODEL_SWITCH_SOURCES,
    payload: modelSwitchPayload,
    sample: modelSwitchSample,
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: [],
  }),
  SessionEnd: define<{ reason: 'clear' | 'resume' | 'exit' | 'other' }>({
    when: 'the session ends (reason: clear, resume, exit, other)',
    payload: (i) => ({ reason: i.reason }),
    sample: { reason: 'exit' },
    onBlock: 'logged',
    plainStdout: 'ignored',
    accepts: [],
  }),
} as const;

export type HookEventName = keyof typeof EVENTS;
export type EventInput<E extends HookEventName> = (typeof EVENTS)[E] extends EventSpec<infer I> ? I : never;

export const EVENT_NAMES = Object.keys(EVENTS) as HookEventName[];

/**
 * Claude Code events that need a feature Wave does not have (teams, tasks, prompt expansion):
 * accepted in settings with a warning that they are never fired (docs/hooks.md, "Coming from Claude Code").
 */
export const CLAUDE_CODE_ONLY_EVENTS = ['Setup', 'TeammateIdle', 'TaskCreated', 'TaskCompleted', 'UserPromptExpansion'] as const;

/** A Claude Code event Wave accepts but never fires. */
export function isClaudeCodeOnlyEvent(name: string): boolean {
  return (CLAUDE_CODE_ONLY_EVENTS as readonly string[]).includes(name) || (/^[A-Z]\w*ModelSwitch$/.test(name) && !isHookEvent(name));
}

export function isHookEvent(name: string): name is HookEventName {
  return Object.prototype.hasOwnProperty.call(EVENTS, name);
}

export function eventSpec(name: HookEventName): EventSpec<Record<string, unknown>> {
  return EVENTS[name];
}
