// The hook engine's public surface.
export { HookManager, assertValidProgrammaticHooks, DEFAULT_HOOK_TIMEOUT_SECONDS } from './manager.js';
export type { FireContext, FireResult, HookManagerOptions, TargetChangeNotice } from './manager.js';
export { TurnBudget } from './budget.js';
export { EVENTS, EVENT_NAMES, isHookEvent, eventSpec, cutField } from './events.js';
export type { EventInput, EventSpec, HookEventName, BackgroundTask, SessionCron, ToolInput } from './events.js';
export { compileMatcher, matches } from './matcher.js';
export { runHookProcess, OUTPUT_CAP } from './runner.js';
export type { ProcessRunner, ProcessSpec } from './runner.js';
export { CONTEXT_CAP } from './answers.js';
export * from './types.js';
