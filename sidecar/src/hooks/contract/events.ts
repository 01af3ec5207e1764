// THE table of hook events (docs/hooks.md, "Events"). Each event is one declarative row: which payload field its
// matcher tests, how its event-specific stdin is built, and how its answers act. The engine, the
// `wave hooks` command, the docs checks and the JSON Schema all read this table. The rows live in
// `rows/` by kind (a turn, subagents and compaction, notices, the environment); adding an event is adding
// one row to the file of its kind (the shape of a row and the builders' helpers: `eventSpec.ts`).

import type { EventSpec } from './eventSpec.js';
import { TURN_EVENTS } from './rows/turn.js';
import { AGENT_EVENTS } from './rows/agents.js';
import { NOTICE_EVENTS } from './rows/notices.js';
import { ENVIRONMENT_EVENTS } from './rows/environment.js';
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

export { BLOCK_EFFECTS, PLAIN_STDOUT, ANSWER_FIELDS, MATCHER_FIELDS, canBlock, cutField, erasesInput } from './eventSpec.js';
export type { BlockEffect, PlainStdout, AnswerField, MatcherField, EventSpec } from './eventSpec.js';

// ----- the table -------------------------------------------------------------------------------
// ----- the table: its rows, in the order hooks are documented and listed --------------------------

export const EVENTS = { ...TURN_EVENTS, ...AGENT_EVENTS, ...NOTICE_EVENTS, ...ENVIRONMENT_EVENTS } as const;

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
