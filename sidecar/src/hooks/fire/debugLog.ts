// `--debug hooks` (`WAVE_DEBUG=hooks`): for every event fired, one stderr line with what ran and
// what did not, then one line per hook (docs/hooks.md, "Why a hook did or did not run").
import { sourceLabel } from '../contract/sourceLabel.js';
import type { EventPlan } from './plan.js';
import type { ConfiguredHook, HookRunRecord } from '../contract/types.js';

function ran(r: HookRunRecord): string {
  const status = r.timedOut ? 'timed out' : r.signal ? `killed by ${r.signal}` : r.exitCode === null ? r.outcome : `exit ${r.exitCode}`;
  return `  ran ${r.name} [${sourceLabel(r.source)}] ${status} ${Math.round(r.durationMs)} ms → ${r.decision}`;
}

export function debugLines(plan: EventPlan, runs: readonly HookRunRecord[], started: readonly ConfiguredHook[]): string[] {
  const value = plan.value !== null ? ` ${plan.value || '""'}` : '';
  const lines = [`hooks: ${plan.event}${value}: ran ${runs.length + started.length}, skipped ${plan.skipped.length}`];
  for (const r of runs) lines.push(ran(r));
  for (const h of started) lines.push(`  started ${h.displayName} [${sourceLabel(h.source, h.plugin?.name)}] async (its result is recorded when it ends)`);
  for (const k of plan.skipped) lines.push(`  skipped ${k.name} [${sourceLabel(k.source, k.hook?.plugin?.name)}]: ${k.reason}`);
  return lines;
}
