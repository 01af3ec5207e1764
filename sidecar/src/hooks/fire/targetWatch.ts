// The session's watch over what its hooks run (docs/hooks.md, "Safety"): each snapshot's command
// hooks are recorded when the snapshot is taken (the start, an applied change, trust granted); before
// a hook runs its targets are checked (runTargets.ts), a change is reported once, and a guard whose
// script or program changed is held back with the answer failClosed.ts gives; the user's approval
// records them again.
import type { RunEffect } from '../contract/answers.js';
import type { LoadedSources } from '../config/compose.js';
import type { HookEventName } from '../contract/events.js';
import { changedTargets } from './failClosed.js';
import type { TargetChangeNotice } from './fireTypes.js';
import { hookPath, RunTargets } from '../run/runTargets.js';
import type { ConfiguredHook } from '../contract/types.js';

export interface TargetWatchOptions {
  workdir: string;
  homeDir: string;
  baseEnv: NodeJS.ProcessEnv;
  onChange: ((change: TargetChangeNotice) => void) | undefined;
}

export class TargetWatch {
  private readonly targets: RunTargets;
  /** The snapshot whose hooks were last recorded. */
  private recordedFrom: LoadedSources | null = null;
  /** The changes already reported. */
  private readonly reported = new Set<string>();

  constructor(private readonly opts: TargetWatchOptions) {
    this.targets = new RunTargets({ workdir: opts.workdir, homeDir: opts.homeDir });
  }

  private pathOf(sources: LoadedSources): string | undefined {
    return hookPath(sources.settings.env, this.opts.baseEnv);
  }

  /** A snapshot hooks run from: its hooks not recorded yet are recorded as they are now. */
  seen(sources: LoadedSources): void {
    if (sources === this.recordedFrom) return;
    this.targets.record(sources.hooks, this.pathOf(sources));
    this.recordedFrom = sources;
  }

  /** The hooks whose script or program changed and is not approved yet, with what changed. */
  changed(sources: LoadedSources): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const h of sources.hooks) {
      const change = this.targets.check(h, this.pathOf(sources));
      if (change) out.set(h.id, change.changes);
    }
    return out;
  }

  /** The user approved a write to these script files: they run as they are now (programs still watched). */
  approveScripts(paths: readonly string[]): void {
    this.targets.approveScripts(paths);
    this.reported.clear();
  }

  /** The user approved what these hooks run now. Returns how many had changed. */
  approve(sources: LoadedSources): number {
    const changed = sources.hooks.filter((h) => this.targets.check(h, this.pathOf(sources)));
    this.targets.approve(changed, this.pathOf(sources));
    this.reported.clear();
    return changed.length;
  }

  /**
   * Before a hook runs: a change is reported once; a guard's effect when it must not run (else null).
   * `canHold` is false for a hook in the background (async), which guards nothing: it runs and warns.
   */
  heldBack(event: HookEventName, hook: ConfiguredHook, sources: LoadedSources, canHold: boolean): RunEffect | null {
    const change = this.targets.check(hook, this.pathOf(sources));
    if (!change) return null;
    const held = canHold ? changedTargets(event, hook, change.changes) : null;
    const key = `${hook.id}\0${change.changes.join('\n')}\0${held ? 'held' : 'ran'}`;
    if (!this.reported.has(key)) {
      this.reported.add(key);
      this.opts.onChange?.({ event, hook, changes: change.changes, held: held !== null });
    }
    return held;
  }
}
