// Rows of THE table of hook events (`../events.ts`; the shape of a row: `../eventSpec.ts`). A turn: the session starts, a prompt is sent, tools run, the agent stops.
// Adding an event is adding one row to the file of its kind (docs/architecture.md, "Where to change what").

import { backgroundTask, define, lastMessage, rewriteToolInput, sampleTool, toolFields } from '../eventSpec.js';

import { type ToolInput, type PostToolInput, type PostToolFailureInput, type StopInput } from '../eventInputs.js';

export const TURN_EVENTS = {
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
} as const;
