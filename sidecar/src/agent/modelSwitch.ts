// PreModelSwitch / PostModelSwitch (docs/hooks.md, "PreModelSwitch"): a change of the model a running
// session (or one of its subagents) talks to is asked first — a hook may refuse it with a reason, and
// the model stays — and reported once done.
import type { FireResult } from '../hooks/fire/fireTypes.js';
import type { EventInput } from '../hooks/contract/events.js';
import type { HookDecision } from '../hooks/contract/types.js';

export type ModelSwitch = EventInput<'PreModelSwitch'>;

interface SwitchContext {
  fire(event: 'PreModelSwitch' | 'PostModelSwitch', input: ModelSwitch): Promise<FireResult>;
  /** What the hooks say for the user (their stderr, systemMessage, errors). */
  show(decision: HookDecision): void;
}

/** Fires PreModelSwitch; the reason when a hook refused the switch, else null. */
export async function askModelSwitch(ctx: SwitchContext, s: ModelSwitch): Promise<string | null> {
  const { decision: d } = await ctx.fire('PreModelSwitch', s);
  ctx.show(d);
  if (d.blocked) return d.reason ?? 'a PreModelSwitch hook refused it';
  if (d.permissionDecision === 'deny') return d.permissionDecisionReason ?? 'a PreModelSwitch hook refused it';
  return null;
}

/** Fires PostModelSwitch once the model changed. */
export async function modelSwitched(ctx: SwitchContext, s: ModelSwitch): Promise<void> {
  ctx.show((await ctx.fire('PostModelSwitch', s)).decision);
}
