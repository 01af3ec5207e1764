// The shape of a row of the event table (`events.ts`): what exit 2 does, what plain stdout means, which
// answer fields an event honours, and the helpers the rows' payload builders share. The rows themselves
// are in `events.ts` (docs/architecture.md, "Where to change what").

/** What an exit code 2 (or `decision: "block"`) does for an event, and whether it stops or redirects anything. */
export const BLOCK_EFFECTS = {
  blockTool: { blocks: true, what: 'the tool does not run; the model sees the reason as the tool result' },
  // erasesInput: what was blocked is stored nowhere, not even in the run history (it may hold a secret)
  blockPrompt: { blocks: true, erasesInput: true, what: 'the prompt is dropped, the model is not called; the reason goes to the user only' },
  denyPermission: { blocks: true, what: 'the permission is denied; the reason goes to the user, the model gets a plain denial' },
  feedbackToModel: { blocks: true, what: 'the tool already ran; the reason reaches the model after the tool result' },
  keepGoing: { blocks: true, what: 'the agent (or subagent) does not stop; the reason reaches it as a user message' },
  refuseChange: { blocks: true, what: 'a settings change is not offered for apply; the reason goes to the user' },
  declineElicitation: { blocks: true, what: 'the MCP server’s request for input is declined; the server gets "decline"' },
  keepModel: { blocks: true, what: 'the model is not switched; the reason goes to the user' },
  userOnly: { blocks: false, what: 'nothing is blocked; stderr is shown to the user only' },
  dropped: { blocks: false, what: 'nothing is blocked; stderr is silently dropped' },
  logged: { blocks: false, what: 'nothing is blocked; the run is only recorded' },
} as const satisfies Record<string, { blocks: boolean; erasesInput?: true; what: string }>;
export type BlockEffect = keyof typeof BLOCK_EFFECTS;

/** What plain (non-JSON) stdout of a hook that exits 0 means. */
export const PLAIN_STDOUT = ['context', 'instructions', 'path', 'ignored'] as const;
export type PlainStdout = (typeof PLAIN_STDOUT)[number];

/** hookSpecificOutput fields an event honours (others are ignored). */
export const ANSWER_FIELDS = [
  'additionalContext',
  'permissionDecision',
  'updatedInput',
  'permissionRequest',
  'retry',
  'updatedMCPToolOutput',
  'elicitationAction',
  'updatedToolOutput',
  'sessionTitle',
  'watchPaths',
] as const;
export type AnswerField = (typeof ANSWER_FIELDS)[number];

/** The payload field a matcher is tested against. */
export const MATCHER_FIELDS = ['tool_name', 'source', 'trigger', 'agent_type', 'notification_type', 'error_type', 'mcp_server_name', 'file_name'] as const;
export type MatcherField = (typeof MATCHER_FIELDS)[number];

export interface EventSpec<I extends object = Record<string, unknown>> {
  /** When the event fires, in one line. */
  when: string;
  matcherField?: MatcherField;
  /**
   * The values the matcher field can take, when they are known (for `wave hooks validate`);
   * `'tool names'`: the agent's tool names, which the engine is given (it knows no tools itself).
   */
  matcherValues?: readonly string[] | 'tool names';
  /** Event-specific stdin fields, in the order they are written. (Method syntax: a table entry of any input reads as one of `Record<string, unknown>`.) */
  payload(input: I): Record<string, unknown>;
  /** Values used by `wave hooks test` when the user gives none. */
  sample: I;
  onBlock: BlockEffect;
  plainStdout: PlainStdout;
  accepts: readonly AnswerField[];
  /** SessionStart, CwdChanged: hooks get CLAUDE_ENV_FILE / WAVE_ENV_FILE, whose `export` lines reach later Bash commands. */
  envFile?: boolean;
  /** WorktreeCreate: the first hook that exits 0 and prints a path wins; later hooks are not run. */
  firstPathWins?: boolean;
  /** After a hook rewrote the input (`updatedInput`), the input handed to the next hook. */
  chain?(input: I, updatedInput: Record<string, unknown>): I;
}

import type { ToolInput, BackgroundTask } from './eventInputs.js';

// ----- helpers used by payload builders --------------------------------------------------------

const FIELD_CUT = 1000;

/** A text over 1,000 characters becomes its first 1,000 followed by `… [+N chars]` (docs/hooks.md, "Events"). */
export function cutField(text: string): string {
  return text.length <= FIELD_CUT ? text : `${text.slice(0, FIELD_CUT)}… [+${text.length - FIELD_CUT} chars]`;
}

export function lastMessage(text: string | undefined): { last_assistant_message?: string } {
  const trimmed = (text ?? '').trim();
  return trimmed ? { last_assistant_message: trimmed } : {};
}

export function toolFields(i: ToolInput) {
  return { tool_name: i.tool_name, tool_input: i.tool_input, tool_use_id: i.tool_use_id, ...(i.mcp_server !== undefined ? { mcp_server: i.mcp_server } : {}) };
}

/** The one place the fields of a background task are chosen: by its type, long texts cut. */
export function backgroundTask(t: BackgroundTask): BackgroundTask {
  const out: BackgroundTask = { id: t.id, type: t.type, status: 'running', description: cutField(t.description) };
  if (t.type === 'shell' && t.command !== undefined) out.command = cutField(t.command);
  if (t.type === 'subagent' && t.agent_type !== undefined) out.agent_type = t.agent_type;
  if (t.type === 'workflow' && t.name !== undefined) out.name = t.name;
  return out;
}

export const sampleTool: ToolInput = {
  tool_name: 'Bash',
  tool_input: { command: 'echo hello', description: 'Print hello' },
  tool_use_id: 'toolu_test_0001',
};

export const rewriteToolInput = <I extends ToolInput>(input: I, updated: Record<string, unknown>): I => ({
  ...input,
  tool_input: updated,
});

export function define<I extends object>(spec: EventSpec<I>): EventSpec<I> {
  return spec;
}

/** Effects that stop or redirect what the agent was doing (the others only report). */
export function canBlock(spec: EventSpec<never> | EventSpec<Record<string, unknown>>): boolean {
  return BLOCK_EFFECTS[spec.onBlock].blocks;
}

/** A block drops the event's input, which is then stored nowhere, not even in the run history (a blocked prompt). */
export function erasesInput(spec: EventSpec<never> | EventSpec<Record<string, unknown>>): boolean {
  const effect = BLOCK_EFFECTS[spec.onBlock];
  return 'erasesInput' in effect && effect.erasesInput;
}
