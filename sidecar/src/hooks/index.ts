// The hook engine's public surface.
export { HookManager, assertValidProgrammaticHooks, DEFAULT_HOOK_TIMEOUT_SECONDS } from './fire/manager.js';
export type { FireContext, FireResult, HookManagerOptions, TargetChangeNotice } from './fire/manager.js';
export { TurnBudget } from './fire/budget.js';
export { EVENTS, EVENT_NAMES, isHookEvent, eventSpec, cutField } from './contract/events.js';
export type { EventInput, EventSpec, HookEventName, BackgroundTask, SessionCron, ToolInput } from './contract/events.js';
export { compileMatcher, matches } from './contract/matcher.js';
export { runHookProcess, OUTPUT_CAP } from './run/runner.js';
export type { ProcessRunner, ProcessSpec } from './run/runner.js';
export { CONTEXT_CAP } from './contract/answers.js';
export * from './contract/types.js';
