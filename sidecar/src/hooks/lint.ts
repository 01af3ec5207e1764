// Checks beyond the schema, for `wave hooks validate`: a matcher that no known value can match
// (a typo such as "Bahs") is almost always a mistake (SPEC 2).
import { eventSpec, isHookEvent } from './events.js';
import { compileMatcher } from './matcher.js';
import type { ConfigProblem, ConfiguredHook } from './types.js';

export function lintHooks(hooks: readonly ConfiguredHook[]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const hook of hooks) {
    if (!isHookEvent(hook.event) || hook.matcher === undefined) continue;
    const spec = eventSpec(hook.event);
    const known = spec.matcherValues;
    if (!known || (spec.matcherField === 'tool_name' && /^mcp__/i.test(hook.matcher.trim()))) continue;
    const m = compileMatcher(hook.matcher);
    if (known.some((v) => m.test(v))) continue;
    problems.push({
      severity: 'warning',
      file: hook.file ?? '<programmatic>',
      path: `${hook.jsonPath.replace(/\.hooks\[\d+\]$/, '')}.matcher`,
      ...(hook.matcherAt ?? {}),
      message: `matcher "${hook.matcher}" matches no known ${spec.matcherField} (known: ${known.join(', ')})`,
    });
  }
  return problems;
}
