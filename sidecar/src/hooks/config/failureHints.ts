// What `wave hooks validate` says about how guards fail (docs/hooks.md, "onFailure"): the hooks
// whose every failure blocks (`onFailure: "block"`), and a suggestion for each PreToolUse hook that
// runs a script without it: when that script is missing, not executable or crashes, the call goes on.
// Also how they run: the matcher groups whose hooks start together (`"parallel": true`).
import { scriptOf, type GuardContext } from './guards.js';
import type { ConfiguredHook } from '../contract/types.js';

export interface FailureHint {
  file: string;
  line?: number;
  /** The handler's JSON path. */
  path: string;
  message: string;
}

const where = (h: ConfiguredHook) => ({ file: h.file ?? '<programmatic>', ...(h.line ? { line: h.line } : {}), path: h.jsonPath });

/** Hooks with `onFailure: "block"`, each in one line. */
export function blockingOnFailure(hooks: readonly ConfiguredHook[]): FailureHint[] {
  return hooks
    .filter((h) => h.handler.onFailure === 'block')
    .map((h) => ({ ...where(h), message: `onFailure "block": any failure of "${h.displayName}" blocks like exit 2` }));
}

/** PreToolUse hooks that run a script and would let the call go on if it failed. */
export function onFailureSuggestions(hooks: readonly ConfiguredHook[], ctx: GuardContext): FailureHint[] {
  return hooks.flatMap((h) => {
    if (h.event !== 'PreToolUse' || h.handler.type !== 'command' || h.handler.onFailure || h.handler.async || h.handler.asyncRewake) return [];
    const script = scriptOf(h.handler.command, ctx);
    if (!script) return [];
    const message = `this guard runs the script ${script.path}; if it cannot run or crashes, the call goes on: add "onFailure": "block" to make any failure block the call`;
    return [{ ...where(h), message }];
  });
}

/** Matcher groups with `"parallel": true`, each in one line (docs/hooks.md, "Parallel groups"). */
export function parallelGroups(hooks: readonly ConfiguredHook[]): FailureHint[] {
  const groups = new Map<string, ConfiguredHook[]>();
  for (const h of hooks.filter((x) => x.parallel)) {
    const group = h.jsonPath.replace(/\.hooks\[\d+\]$/, '');
    const key = `${h.file ?? '<programmatic>'}\0${group}`;
    groups.set(key, [...(groups.get(key) ?? []), h]);
  }
  return [...groups.values()].map((hs) => {
    const first = hs[0]!;
    const n = hs.length;
    const message = `parallel: its ${n} hook${n === 1 ? '' : 's'} start${n === 1 ? 's' : ''} together; their answers count in definition order (the first rewrite of the input wins)`;
    return { ...where(first), path: first.jsonPath.replace(/\.hooks\[\d+\]$/, ''), message };
  });
}

export function formatHint(kind: 'suggestion' | 'note', h: FailureHint): string {
  return `${h.file}${h.line ? `:${h.line}` : ''}: ${kind}: ${h.path}: ${h.message}`;
}
