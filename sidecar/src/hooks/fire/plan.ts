// Which hooks of an event would run, and why each other one would not (docs/hooks.md, "Why a hook
// did or did not run"): a pure function of the event, its matcher value and the session's
// configuration, beside the manager that runs them. `fire` uses the hooks to run; `wave hooks test`
// and `--debug hooks` also show the skipped ones with their reason.
import { handlerIdentity } from '../handlers/table.js';
import type { LoadedSources } from '../config/compose.js';
import type { CompiledMatcher } from '../contract/matcher.js';
import type { ConfiguredHook } from '../contract/types.js';
import { callMatchesRule } from '../../settings/rules.js';
import { toolNamesOf } from '../contract/toolAliases.js';
import { worded, type RunEffect } from '../contract/answers.js';
import { duplicateText } from '../contract/runText.js';
import type { HookNotRun, NotRunKind } from '../../protocol/wire.js';

/** Why a hook does not run: as data (the chat), and in English (`--debug hooks`, `wave hooks test`). */
interface Why {
  kind: NotRunKind;
  detail: string | null;
  value?: string;
  reason: string;
}

export interface SkippedHook extends Why {
  /** The hook, when it is known (a file that cannot be read only has a count). */
  hook: ConfiguredHook | null;
  name: string;
  source: ConfiguredHook['source'];
}

export interface EventPlan {
  event: string;
  /** The value the matchers were tested against (`tool_name`, `source`, …), or null. */
  value: string | null;
  run: ConfiguredHook[];
  /** The matched hooks that do not run, being identical to one that does (also among `skipped`, with their reason). */
  duplicates: DuplicateHook[];
  skipped: SkippedHook[];
}

/** A hook that matched but does not run: an identical one earlier in run order runs instead. */
export interface DuplicateHook {
  hook: ConfiguredHook;
  /** The identical hook that runs. */
  of: ConfiguredHook;
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

function skip(hook: ConfiguredHook, why: Why): SkippedHook {
  return { hook, name: hook.displayName, source: hook.source, ...why };
}

/** Why a hook that belongs to the event would not run now, or null when it runs. */
function whyNot(h: ConfiguredHook, p: PlanInput): Why | null {
  const tool = p.toolCall;
  // The subagent tool answers to both of its names, `Agent` and `Task` (docs/hooks.md, "Coming from Claude Code").
  const values = p.value === null ? null : tool ? toolNamesOf(p.value) : [p.value];
  if (values && !values.some((v) => p.matcher(h.matcher).test(v))) {
    const reason = `matcher "${h.matcher ?? ''}" does not match "${p.value}"`;
    return { kind: 'matcher', detail: h.matcher ?? '', value: p.value ?? '', reason };
  }
  if (p.ranOnce?.has(h.id)) return { kind: 'once', detail: null, reason: 'once: already ran' };
  const cond = h.handler.if;
  if (cond !== undefined && tool && !toolNamesOf(tool.name).some((name) => callMatchesRule(cond, name, tool.input, tool.cwd)))
    return { kind: 'if', detail: cond, reason: `if "${cond}" does not cover this call` };
  if (p.only && !p.only(h)) return { kind: 'notThisFiring', detail: null, reason: 'not part of this firing' };
  return null;
}

/** What makes two handlers the same hook (the handler table's identity of its type). */
function handlerKey(h: ConfiguredHook): string {
  return handlerIdentity(h.handler);
}

/**
 * Identical handlers matched for one event run once, the first in run order (as in Claude Code;
 * docs/hooks.md, "Order"); the others are returned as duplicates of it.
 */
export function withoutDuplicates(hooks: readonly ConfiguredHook[]): { run: ConfiguredHook[]; duplicates: DuplicateHook[] } {
  const first = new Map<string, ConfiguredHook>();
  const run: ConfiguredHook[] = [];
  const duplicates: DuplicateHook[] = [];
  for (const h of hooks) {
    const key = handlerKey(h);
    const of = first.get(key);
    if (of) duplicates.push({ hook: h, of });
    else {
      first.set(key, h);
      run.push(h);
    }
  }
  return { run, duplicates };
}

/** The hook a duplicate is identical to, for its run record (its plugin's name with it). */
const duplicateOf = (d: DuplicateHook) => ({ name: d.of.displayName, source: d.of.source, ...(d.of.plugin ? { plugin: d.of.plugin.name } : {}) });

/** Why a duplicate does not run, in words (`wave hooks test`). */
export function duplicateReason(d: DuplicateHook): string {
  return duplicateText(duplicateOf(d));
}

/** A duplicate's effect for its run record: skipped, being identical to the one that runs (its words: runText.ts). */
export function duplicateEffect(event: string, d: DuplicateHook): RunEffect {
  return worded({ outcome: 'skipped', kind: { kind: 'duplicate', of: duplicateOf(d) } }, { event, name: d.hook.displayName });
}

/** The hooks that run, in run order, and the identical ones left out (the hot path: no explanation is built). */
export function hooksToRun(p: PlanInput): { run: ConfiguredHook[]; duplicates: DuplicateHook[] } {
  if (p.sources.settings.disableAllHooks) return { run: [], duplicates: [] };
  return withoutDuplicates(p.sources.hooks.filter((h) => h.event === p.event && whyNot(h, p) === null));
}

/** The whole plan: what runs, and every hook of the event that does not, with its reason. */
export function planEvent(p: PlanInput, extra: ExplainInput = { pending: [] }): EventPlan {
  const { sources, event } = p;
  const skipped: SkippedHook[] = [];
  const matched: ConfiguredHook[] = [];
  const off = sources.settings.disableAllHooks;
  const disabled: Why = { kind: 'disableAllHooks', detail: sources.settings.disabledBy ?? null, reason: `disableAllHooks in ${sources.settings.disabledBy}` };
  for (const h of sources.hooks.filter((x) => x.event === event)) {
    const why = off ? disabled : whyNot(h, p);
    if (why) skipped.push(skip(h, why));
    else matched.push(h);
  }
  const { run, duplicates } = withoutDuplicates(matched);
  for (const d of duplicates) skipped.push(skip(d.hook, { kind: 'duplicate', detail: d.of.displayName, reason: duplicateReason(d) }));
  for (const h of sources.untrustedHooks.filter((x) => x.event === event))
    skipped.push(skip(h, { kind: 'untrusted', detail: null, reason: 'project not trusted' }));
  for (const h of extra.pending.filter((x) => x.event === event))
    skipped.push(skip(h, { kind: 'pending', detail: null, reason: 'not active yet (pending review)' }));
  for (const f of sources.files) {
    const n = f.unreadByEvent[event] ?? 0;
    if (!n) continue;
    const reason = f.parseError ? `settings file unreadable (line ${f.parseError.line})` : 'invalid entry (wave hooks validate says why)';
    const detail = f.parseError ? `${f.path}:${f.parseError.line}` : f.path;
    skipped.push({ hook: null, name: `${n} hook${n === 1 ? '' : 's'} in ${f.path}`, source: f.source, kind: 'unreadable', detail, reason });
  }
  return { event, value: p.value, run, duplicates, skipped };
}

/** The plan's skipped hooks as the wire carries them (the chat's "why" under a tool card). */
export function notRunOf(plan: EventPlan): HookNotRun[] {
  return plan.skipped.map((k) => ({
    event: plan.event,
    name: k.name,
    source: k.source,
    kind: k.kind,
    detail: k.detail,
    ...(k.value !== undefined ? { value: k.value } : {}),
  }));
}
