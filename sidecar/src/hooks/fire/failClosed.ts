// Guards fail closed where the user cannot see them fail (docs/hooks.md, "Safety"): a hook of an
// event that guards a call (PreToolUse, PermissionRequest) that gave no answer because the turn's
// budget was spent, its budget-cut timeout fired, or the user stopped it choosing "cancel the call",
// denies the call with that reason; a handler with `onFailure: "block"` blocks like exit 2 whenever
// it fails; a guard whose script or program changed during the session does not run (runTargets.ts).
// Each answer is the one exit 2 with that reason would give (answers.ts, blockLikeExitTwo).
import { blockLikeExitTwo, type RunEffect } from '../contract/answers.js';
import { eventSpec, type HookEventName } from '../contract/events.js';
import type { StopChoice } from '../../protocol/wire.js';
import type { TargetChangeNotice } from './fireTypes.js';
import type { ConfiguredHook } from '../contract/types.js';

/** Events whose hooks guard one call: a guard that gave no answer denies it. */
const CALL_GUARDS: ReadonlySet<string> = new Set(['PreToolUse', 'PermissionRequest']);
/** Events whose hooks do not run while what they run changed unapproved (the prompt is a call too). */
const HELD_WHEN_CHANGED: ReadonlySet<string> = new Set([...CALL_GUARDS, 'UserPromptSubmit']);

export const guardsCall = (event: string): boolean => CALL_GUARDS.has(event);
export const heldWhenChanged = (event: string): boolean => HELD_WHEN_CHANGED.has(event);

/** How a run the user stopped ends when nothing is blocked: a non-blocking error, recorded. */
export const STOPPED: Pick<RunEffect, 'error' | 'userMessage' | 'words'> = {
  error: 'stopped by the user',
  userMessage: 'a hook was stopped by the user',
  words: 'error (non-blocking): stopped by the user',
};

/** The hook did not answer (`what`): it blocks like exit 2 with a reason naming the hook and why. */
export function closed(event: HookEventName, hook: ConfiguredHook, what: string, then: string): RunEffect {
  const effect = blockLikeExitTwo(eventSpec(event), {
    command: hook.summary,
    reason: `The ${event} hook "${hook.displayName}" ${what}; ${then}.`,
    fromExitCode: true,
  });
  return { ...effect, error: what };
}

/** A guard the turn's budget left no time for: the call is denied (other events: skipped, as before). */
export function budgetSkip(event: HookEventName, hook: ConfiguredHook, budgetSeconds: number | undefined): RunEffect {
  const skipped = `did not run: the turn’s hook budget${budgetSeconds !== undefined ? ` (${budgetSeconds} s)` : ''} is spent`;
  if (guardsCall(event)) return closed(event, hook, skipped, 'the call is denied (a guard without an answer never lets a call through)');
  return { outcome: 'skipped', words: 'skipped: the turn’s hook budget is spent' };
}

export interface RunEnd {
  /** The run timed out on a timeout the budget had cut. */
  budgetCut: boolean;
  /** The user stopped it, and chose this for the call. */
  stopped: StopChoice | null;
}

const failed = (e: RunEffect) => e.outcome === 'non_blocking_error' || e.outcome === 'timeout';

/** A finished run's effect once the fail-closed rules are applied. */
export function afterRun(event: HookEventName, hook: ConfiguredHook, effect: RunEffect, end: RunEnd): RunEffect {
  if (!failed(effect)) return effect;
  if (end.stopped === 'letRun') return { ...effect, ...STOPPED }; // the user's own choice: the call goes on
  if (end.stopped && guardsCall(event)) return closed(event, hook, 'was stopped by the user', 'the call is cancelled');
  if (end.budgetCut && guardsCall(event)) return closed(event, hook, `gave no answer: ${effect.error ?? 'it timed out'}`, 'the call is denied');
  if (hook.handler.onFailure === 'block') {
    const what = end.stopped ? 'was stopped by the user' : `failed: ${effect.error ?? 'no answer'}`;
    return closed(event, hook, what, 'it blocks because its onFailure is "block"');
  }
  if (end.stopped) return { ...effect, ...STOPPED };
  return effect;
}

/** A hook whose script or program changed since the session recorded it. */
export function changedTargets(event: HookEventName, hook: ConfiguredHook, changes: readonly string[]): RunEffect | null {
  if (!heldWhenChanged(event)) return null;
  const what = `did not run: what it runs changed during this session and the user has not approved it (${changes.join('; ')})`;
  return closed(event, hook, what, event === 'UserPromptSubmit' ? 'the prompt is blocked' : 'the call is denied');
}

/** The notice of a changed script or program (the chat, `wave -p`'s stderr). */
export function targetChangeText(n: TargetChangeNotice): string {
  const what = `What the ${n.event} hook "${n.hook.displayName}" runs changed during this session (${n.changes.join('; ')})`;
  if (!n.held) return `${what}; it runs as it is now. Approve the change on the settings page to stop this warning.`;
  const denied = n.event === 'UserPromptSubmit' ? 'prompts are blocked' : 'the calls it guards are denied';
  return `${what}. Until you approve the change on the settings page, it does not run and ${denied}.`;
}
