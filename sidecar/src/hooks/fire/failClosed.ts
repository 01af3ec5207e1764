// Guards fail closed where the user cannot see them fail (docs/hooks.md, "Safety"): a hook of an
// event that guards a call (PreToolUse, PermissionRequest) that gave no answer because the turn's
// budget was spent, its budget-cut timeout fired, or the user stopped it choosing "cancel the call",
// denies the call with that reason; a handler with `onFailure: "block"` blocks like exit 2 whenever
// it fails; a guard whose script or program changed during the session does not run (runTargets.ts).
// Each answer is the one exit 2 with that reason would give (answers.ts, blockLikeExitTwo).
import { blockLikeExitTwo, worded, type RunEffect } from '../contract/answers.js';
import { closedReason } from '../contract/runText.js';
import { eventSpec, type HookEventName } from '../contract/events.js';
import type { ClosedAs, RunFailure, StopChoice } from '../../protocol/wire.js';
import type { TargetChangeNotice } from './fireTypes.js';
import type { ConfiguredHook } from '../contract/types.js';

/** Events whose hooks guard one call: a guard that gave no answer denies it. */
const CALL_GUARDS: ReadonlySet<string> = new Set(['PreToolUse', 'PermissionRequest']);
/** Events whose hooks do not run while what they run changed unapproved (the prompt is a call too). */
const HELD_WHEN_CHANGED: ReadonlySet<string> = new Set([...CALL_GUARDS, 'UserPromptSubmit']);

export const guardsCall = (event: string): boolean => CALL_GUARDS.has(event);
export const heldWhenChanged = (event: string): boolean => HELD_WHEN_CHANGED.has(event);

const whoOf = (event: string, hook: ConfiguredHook) => ({ event, name: hook.displayName });

/** How a run the user stopped ends when nothing is blocked: a non-blocking error, recorded. */
function stopped(event: HookEventName, hook: ConfiguredHook, effect: RunEffect, choice: StopChoice): RunEffect {
  return {
    ...effect,
    ...worded({ outcome: effect.outcome, kind: { kind: 'stopped', choice } }, whoOf(event, hook)),
    userMessage: 'a hook was stopped by the user',
  };
}

/** The hook gave no answer (`failure`): it blocks like exit 2 with a reason naming the hook and why (runText.ts). */
export function closed(event: HookEventName, hook: ConfiguredHook, failure: RunFailure, as: ClosedAs): RunEffect {
  const kind: RunFailure = { ...failure, closed: as };
  const who = whoOf(event, hook);
  return blockLikeExitTwo(eventSpec(event), { command: hook.summary, reason: closedReason(kind, who), fromExitCode: true }, kind, who);
}

/** A guard the turn's budget left no time for: the call is denied (other events: skipped, as before). */
export function budgetSkip(event: HookEventName, hook: ConfiguredHook, budgetSeconds: number | undefined): RunEffect {
  const skipped: RunFailure = { kind: 'budget', action: 'skipped', budgetSeconds: budgetSeconds ?? null };
  if (guardsCall(event)) return closed(event, hook, skipped, 'callDenied');
  return worded({ outcome: 'skipped', kind: skipped }, whoOf(event, hook));
}

export interface RunEnd {
  /** The run timed out on a timeout the budget had cut. */
  budgetCut: boolean;
  /** The user stopped it, and chose this for the call. */
  stopped: StopChoice | null;
}

const failed = (e: RunEffect) => e.outcome === 'non_blocking_error' || e.outcome === 'timeout';

/** A timeout the turn's budget had cut: said so (its kind is `budget`, `cut`). */
function budgetCut(event: HookEventName, hook: ConfiguredHook, effect: RunEffect): RunEffect {
  if (effect.kind.kind !== 'timeout') return effect;
  return { ...effect, ...worded({ outcome: effect.outcome, kind: { kind: 'budget', action: 'cut', seconds: effect.kind.seconds } }, whoOf(event, hook)) };
}

/** A finished run's effect once the fail-closed rules are applied. */
export function afterRun(event: HookEventName, hook: ConfiguredHook, answered: RunEffect, end: RunEnd): RunEffect {
  const effect = end.budgetCut ? budgetCut(event, hook, answered) : answered;
  if (!failed(effect)) return effect;
  if (end.stopped === 'letRun') return stopped(event, hook, effect, 'letRun'); // the user's own choice: the call goes on
  const failure = (end.stopped ? { kind: 'stopped', choice: end.stopped } : effect.kind) as RunFailure;
  if (end.stopped && guardsCall(event)) return closed(event, hook, failure, 'callCancelled');
  if (end.budgetCut && guardsCall(event)) return closed(event, hook, failure, 'callDenied');
  if (hook.handler.onFailure === 'block') return closed(event, hook, failure, 'onFailure');
  if (end.stopped) return stopped(event, hook, effect, end.stopped);
  return effect;
}

/** A hook whose script or program changed since the session recorded it. */
export function changedTargets(event: HookEventName, hook: ConfiguredHook, changes: readonly string[]): RunEffect | null {
  if (!heldWhenChanged(event)) return null;
  return closed(event, hook, { kind: 'heldBack', changes: [...changes] }, event === 'UserPromptSubmit' ? 'promptBlocked' : 'callDenied');
}

/** The notice of a changed script or program (the chat, `wave -p`'s stderr). */
export function targetChangeText(n: TargetChangeNotice): string {
  const what = `What the ${n.event} hook "${n.hook.displayName}" runs changed during this session (${n.changes.join('; ')})`;
  if (!n.held) return `${what}; it runs as it is now. Approve the change on the settings page to stop this warning.`;
  const denied = n.event === 'UserPromptSubmit' ? 'prompts are blocked' : 'the calls it guards are denied';
  return `${what}. Until you approve the change on the settings page, it does not run and ${denied}.`;
}
