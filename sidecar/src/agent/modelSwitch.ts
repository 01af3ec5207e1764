// PreModelSwitch / PostModelSwitch (docs/hooks.md, "PreModelSwitch"): a change of the model a running
// session (or one of its subagents) talks to is asked first — a hook may refuse it with a reason, and
// the model stays — and reported once done.
import type { FireResult } from '../hooks/fire/fireTypes.js';
import type { EventInput } from '../hooks/contract/events.js';
import type { HookDecision } from '../hooks/contract/types.js';

export type ModelSwitch = EventInput<'PreModelSwitch'>;

interface SwitchHost {
  fire(event: 'PreModelSwitch' | 'PostModelSwitch', input: ModelSwitch): Promise<FireResult>;
  /** What the hooks say for the user (their stderr, systemMessage, errors). */
  show(decision: HookDecision): void;
}

/** Fires PreModelSwitch; the reason when a hook refused the switch, else null. */
export async function askModelSwitch(host: SwitchHost, s: ModelSwitch): Promise<string | null> {
  const { decision: d } = await host.fire('PreModelSwitch', s);
  host.show(d);
  if (d.blocked) return d.reason ?? 'a PreModelSwitch hook refused it';
  if (d.permissionDecision === 'deny') return d.permissionDecisionReason ?? 'a PreModelSwitch hook refused it';
  return null;
}

/** Fires PostModelSwitch once the model changed. */
export async function modelSwitched(host: SwitchHost, s: ModelSwitch): Promise<void> {
  host.show((await host.fire('PostModelSwitch', s)).decision);
}
