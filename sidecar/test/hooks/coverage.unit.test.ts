// Guard coverage (hooks/fire/coverage.ts; docs/hooks.md, "Guard coverage"): for each tool, whether a
// hook that can deny the call runs for it (a synchronous PreToolUse / PermissionRequest hook whose
// matcher accepts it), only observers, or none; and the guards that would fail open: a timeout
// below the p95 of their real runs, a script that cannot run, a matcher that matches no known tool.
import { describe, expect, it } from 'vitest';
import { readHooksConfig } from '../../src/hooks/config/config.js';
import { ANY_MCP_TOOL, guardCoverage, type CoverageInput } from '../../src/hooks/fire/coverage.js';

const TOOLS = ['Read', 'Write', 'Edit', 'Bash', 'Agent'];

function hooksOf(value: Record<string, unknown>) {
  const { hooks, problems } = readHooksConfig(value, { source: 'user', file: '/home/u/.wave/settings.json', basePath: ['hooks'] });
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  return hooks;
}

const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });

function coverage(value: Record<string, unknown>, over: Partial<CoverageInput> = {}) {
  return guardCoverage({ hooks: hooksOf(value), tools: TOOLS, allOff: null, p95Ms: new Map(), scriptProblems: new Map(), ...over });
}

const levels = (c: ReturnType<typeof guardCoverage>) => Object.fromEntries(c.rows.map((r) => [r.tool, r.level]));

describe('guardCoverage', () => {
  it('a tool with a synchronous PreToolUse or PermissionRequest hook has a guard; only PostToolUse or async hooks: observers; else none', () => {
    const c = coverage({
      PreToolUse: [
        { matcher: 'Bash', hooks: [cmd('./no-rm.sh', { description: 'No rm' })] },
        { matcher: 'Edit|Write', hooks: [cmd('./log.sh', { async: true, description: 'Log edits' })] },
      ],
      PermissionRequest: [{ matcher: 'Task', hooks: [cmd('./review-agents.sh', { description: 'Review agents' })] }],
      PostToolUse: [{ matcher: 'Read', hooks: [cmd('./audit.sh', { description: 'Audit reads' })] }],
    });
    expect(c.events).toEqual(['PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolUseFailure', 'PermissionDenied']);
    expect(c.guardEvents).toEqual(['PreToolUse', 'PermissionRequest']);
    // The subagent tool answers to its old name Task too; with no MCP tool known, one row stands for them all.
    expect(levels(c)).toEqual({ Read: 'observer', Write: 'observer', Edit: 'observer', Bash: 'guard', Agent: 'guard', [ANY_MCP_TOOL]: 'none' });
    const bash = c.rows.find((r) => r.tool === 'Bash')!;
    expect(bash.cells.PreToolUse).toEqual([{ id: expect.stringContaining('#PreToolUse/0/0'), name: 'No rm', guard: true }]);
    expect(c.rows.find((r) => r.tool === 'Edit')!.cells.PreToolUse).toEqual([expect.objectContaining({ name: 'Log edits', guard: false })]);
    expect(c.warnings).toEqual([]);
  });

  it('a hook without a matcher covers every tool, MCP tools included; a matcher naming MCP tools covers the MCP row or the connected tools it matches', () => {
    const all = coverage({ PreToolUse: [{ hooks: [cmd('./guard.sh')] }] });
    expect(new Set(Object.values(levels(all)))).toEqual(new Set(['guard']));
    const mcp = coverage({ PreToolUse: [{ matcher: 'mcp__github__.*', hooks: [cmd('./gh.sh')] }] });
    expect(levels(mcp)[ANY_MCP_TOOL]).toBe('guard');
    expect(levels(mcp).Bash).toBe('none');
    expect(mcp.warnings).toEqual([]); // a server that is not connected is not a matcher that matches nothing
    const known = coverage(
      { PreToolUse: [{ matcher: 'mcp__github__.*', hooks: [cmd('./gh.sh')] }] },
      { tools: [...TOOLS, 'mcp__github__create_issue', 'mcp__fs__read'] },
    );
    expect(levels(known)).toMatchObject({ mcp__github__create_issue: 'guard', mcp__fs__read: 'none' });
    expect(known.rows.map((r) => r.tool)).not.toContain(ANY_MCP_TOOL);
  });

  it('warns where a guard would fail open: timeout below its p95, a script that cannot run, a matcher that matches no known tool', () => {
    const value = {
      PreToolUse: [
        { matcher: 'Bash', hooks: [cmd('./slow.sh', { timeout: 2, description: 'Slow scan' })] },
        { matcher: 'Bash', hooks: [cmd('./missing.sh', { description: 'Missing script' })] },
        { matcher: 'MultiEdit', hooks: [cmd('./edits.sh', { description: 'Old tool name' })] },
      ],
      PostToolUse: [{ matcher: 'Nothing', hooks: [cmd('./post.sh', { timeout: 1, description: 'Observer' })] }],
    };
    const hooks = hooksOf(value);
    const id = (name: string) => hooks.find((h) => h.displayName === name)!.id;
    const c = coverage(value, {
      p95Ms: new Map([
        [id('Slow scan'), 3500],
        [id('Missing script'), 100],
        [id('Observer'), 5000],
      ]),
      scriptProblems: new Map([[id('Missing script'), ['the script /p/missing.sh does not exist, so this hook fails every time it runs']]]),
    });
    expect(c.warnings).toEqual([
      { kind: 'timeout', hookId: id('Slow scan'), name: 'Slow scan', event: 'PreToolUse', matcher: 'Bash', timeoutMs: 2000, p95Ms: 3500 },
      {
        kind: 'script',
        hookId: id('Missing script'),
        name: 'Missing script',
        event: 'PreToolUse',
        matcher: 'Bash',
        detail: 'the script /p/missing.sh does not exist, so this hook fails every time it runs',
      },
      { kind: 'matchesNothing', hookId: id('Old tool name'), name: 'Old tool name', event: 'PreToolUse', matcher: 'MultiEdit' },
    ]);
    // Observers get no warnings: the view is about what can deny a call.
    expect(c.warnings.map((w) => w.name)).not.toContain('Observer');
  });

  it('the default timeout (600 s) is compared when a guard has none; "disableAllHooks" leaves every tool without a hook', () => {
    const value = { PreToolUse: [{ matcher: 'Bash', hooks: [cmd('./g.sh', { description: 'G' })] }] };
    const g = hooksOf(value)[0]!.id;
    expect(coverage(value, { p95Ms: new Map([[g, 599_000]]) }).warnings).toEqual([]);
    expect(coverage(value, { p95Ms: new Map([[g, 601_000]]) }).warnings.map((w) => w.kind)).toEqual(['timeout']);
    const off = coverage(value, { allOff: '/home/u/.wave/settings.json' });
    expect(off.allOff).toBe('/home/u/.wave/settings.json');
    expect(new Set(Object.values(levels(off)))).toEqual(new Set(['none']));
  });
});
