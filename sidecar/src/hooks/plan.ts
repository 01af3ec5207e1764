// Which hooks of an event would run, and why each other one would not (docs/hooks.md, "Why a hook
// did or did not run"): a pure function of the event, its matcher value and the session's
// configuration, beside the manager that runs them. `fire` uses the hooks to run; `wave hooks test`
// and `--debug hooks` also show the skipped ones with their reason.
import type { LoadedSources } from './compose.js';
import type { CompiledMatcher } from './matcher.js';
import type { ConfiguredHook } from './types.js';
import { callMatchesRule } from '../settings/rules.js';

export interface SkippedHook {
  /** The hook, when it is known (a file that cannot be read only has a count). */
  hook: ConfiguredHook | null;
  name: string;
  source: ConfiguredHook['source'];
  reason: string;
}

export interface EventPlan {
  event: string;
  /** The value the matchers were tested against (`tool_name`, `source`, …), or null. */
  value: string | null;
  run: ConfiguredHook[];
  skipped: SkippedHook[];
}

export interface PlanInput {
  event: string;
  /** The matcher field's value, or null when the event takes no matcher. */
  value: string | null;
  sources: LoadedSources;
  matcher: (text: string | undefined) => CompiledMatcher;
  /** Runs only the hooks this accepts (set by the caller for a reason of its own). */
  only?: (hook: ConfiguredHook) => boolean;
  /** Hooks with `once: true` that already ran in the session, by hook id. */
  ranOnce?: ReadonlySet<string>;
  /** A tool event's call, for the hooks' `if` conditions. */
  toolCall?: { name: string; input: Record<string, unknown>; cwd: string };
}

export interface ExplainInput {
  /** The hooks on disk of this event that the session does not run yet (pending review). */
  pending: readonly ConfiguredHook[];
}

function skip(hook: ConfiguredHook, reason: string): SkippedHook {
  return { hook, name: hook.displayName, source: hook.source, reason };
}

/** Why a hook that belongs to the event would not run now, or null when it runs. */
function whyNot(h: ConfiguredHook, p: PlanInput): string | null {
  if (p.value !== null && !p.matcher(h.matcher).test(p.value)) return `matcher "${h.matcher ?? ''}" does not match "${p.value}"`;
  if (p.ranOnce?.has(h.id)) return 'once: already ran';
  const cond = h.handler.if;
  if (cond !== undefined && p.toolCall && !callMatchesRule(cond, p.toolCall.name, p.toolCall.input, p.toolCall.cwd))
    return `if "${cond}" does not cover this call`;
  if (p.only && !p.only(h)) return 'not part of this firing';
  return null;
}

/** The hooks that run, in run order (the hot path: no explanation is built). */
export function hooksToRun(p: PlanInput): ConfiguredHook[] {
  if (p.sources.settings.disableAllHooks) return [];
  return p.sources.hooks.filter((h) => h.event === p.event && whyNot(h, p) === null);
}

/** The whole plan: what runs, and every hook of the event that does not, with its reason. */
export function planEvent(p: PlanInput, extra: ExplainInput = { pending: [] }): EventPlan {
  const { sources, event } = p;
  const skipped: SkippedHook[] = [];
  const run: ConfiguredHook[] = [];
  for (const h of sources.hooks.filter((x) => x.event === event)) {
    const why = sources.settings.disableAllHooks ? `disableAllHooks in ${sources.settings.disabledBy}` : whyNot(h, p);
    if (why) skipped.push(skip(h, why));
    else run.push(h);
  }
  for (const h of sources.untrustedHooks.filter((x) => x.event === event)) skipped.push(skip(h, 'project not trusted'));
  for (const h of extra.pending.filter((x) => x.event === event)) skipped.push(skip(h, 'not active yet (pending review)'));
  for (const f of sources.files) {
    const n = f.unreadByEvent[event] ?? 0;
    if (!n) continue;
    const reason = f.parseError ? `settings file unreadable (line ${f.parseError.line})` : 'invalid entry (wave hooks validate says why)';
    skipped.push({ hook: null, name: `${n} hook${n === 1 ? '' : 's'} in ${f.path}`, source: f.source, reason });
  }
  return { event, value: p.value, run, skipped };
}
