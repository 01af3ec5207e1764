// The matcher rule of SPEC 2, with every example from SPEC 2 and both seeds.
import { describe, expect, it } from 'vitest';
import { compileMatcher, matches } from '../../src/hooks/contract/matcher.js';

const table: Array<[matcher: string | undefined, value: string, expected: boolean, why: string]> = [
  // 1. missing, empty or *
  [undefined, 'Bash', true, 'missing matcher matches everything'],
  ['', 'Write', true, 'empty matcher matches everything'],
  ['*', 'mcp__github__create_issue', true, '* matches everything'],
  ['  ', 'Read', true, 'blank matcher matches everything'],
  // 2. exact alternatives, ignoring case, trimmed
  ['Edit|Write', 'Edit', true, 'first alternative'],
  ['Edit|Write', 'Write', true, 'second alternative'],
  ['Edit | Write', 'Write', true, 'alternatives are trimmed'],
  ['Edit|Write', 'MultiEdit', false, 'Edit does not match MultiEdit'],
  ['Edit', 'MultiEdit', false, 'exact means exact'],
  ['Edit', 'edit', true, 'case is ignored'],
  ['bash', 'Bash', true, 'case is ignored (seed 001 lower-case tool names)'],
  ['Edit', 'Edit', true, 'seed 000 story 1: PostToolUse Edit'],
  ['Write', 'Read', false, 'seed 000: a Write hook does not see Read'],
  // 3. globs
  ['Bash*', 'BashOutput', true, 'glob prefix'],
  ['Bash*', 'Bash', true, 'glob matches the bare name too'],
  ['Bash*', 'KillShell', false, 'glob does not match other names'],
  ['mcp__github__*', 'mcp__github__create_issue', true, 'MCP server glob'],
  ['mcp__github__*', 'mcp__gitlab__create_issue', false, 'other MCP server'],
  ['Re?d', 'Read', true, '? is one character'],
  ['Re?d', 'Reed', true, '? is one character'],
  ['Re?d', 'Reads', false, 'neither glob nor regex matches a longer name'],
  ['Re?d', 'Rd', true, 'read as a regex, e? is optional (rule 4)'],
  ['[RW]*', 'Read', true, 'character class'],
  ['[RW]*', 'Write', true, 'character class'],
  ['[RW]*', 'Edit', false, 'character class excludes'],
  ['Grep|Glob*', 'GlobX', true, 'glob inside alternatives'],
  // 4. whole-string regular expressions
  ['mcp__.*', 'mcp__memory__store', true, 'regex'],
  ['mcp__.*', 'xmcp__memory', false, 'regex is anchored at the start'],
  ['^(bash|powershell)$', 'Bash', true, 'seed 001 anchored regex, case ignored'],
  ['^(bash|powershell)$', 'PowerShell', true, 'seed 001 anchored regex'],
  ['^(bash|powershell)$', 'BashOutput', false, 'anchored regex does not match a longer name'],
  ['Notebook.*', 'NotebookEdit', true, 'regex suffix'],
  ['Notebook.*', 'Notebook', true, 'regex .* may be empty'],
  ['Note', 'Notebook', false, 'a plain word is not a prefix'],
  ['(', 'Bash', false, 'an invalid regex is simply not one'],
  ['[', '[', true, 'an invalid regex still matches exactly'],
  // non-tool matchers (SessionStart source, PreCompact trigger, subagent type)
  ['startup|resume', 'resume', true, 'SessionStart source'],
  ['manual', 'auto', false, 'PreCompact trigger'],
  ['general-purpose', 'general-purpose', true, 'agent type with a dash'],
];

describe('matcher (SPEC 2)', () => {
  it.each(table)('%j vs %j → %s (%s)', (matcher, value, expected) => {
    expect(matches(matcher, value)).toBe(expected);
  });

  it('compiles once and can be reused', () => {
    const m = compileMatcher('Edit|Write');
    expect(['Edit', 'Write', 'Read', 'MultiEdit'].map((v) => m.test(v))).toEqual([true, true, false, false]);
    expect(m.source).toBe('Edit|Write');
  });
});
