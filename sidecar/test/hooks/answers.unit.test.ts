// The answer policy of SPEC 4 as pure functions: exit codes, JSON answers, combination.
import { describe, expect, it } from 'vitest';
import { combine, CONTEXT_CAP, interpretRun } from '../../src/hooks/contract/answers.js';
import { eventSpec, type HookEventName } from '../../src/hooks/contract/events.js';
import type { ProcessResult } from '../../src/hooks/contract/types.js';

function proc(p: Partial<ProcessResult>): ProcessResult {
  return { startedAt: 0, durationMs: 5, exitCode: 0, signal: null, timedOut: false, spawnError: null, stdout: '', stderr: '', stdoutTruncated: false, stderrTruncated: false, ...p };
}
const run = (event: HookEventName, p: Partial<ProcessResult>) => interpretRun(event, eventSpec(event), proc(p), { command: './hook.sh', name: 'Check the call' }, 600);
const json = (o: unknown) => JSON.stringify(o);

describe('exit codes', () => {
  it('0 is success', () => {
    expect(run('PreToolUse', {})).toMatchObject({ outcome: 'success', words: 'success' });
  });

  it('2 blocks with stderr as the reason, or a default text', () => {
    expect(run('PreToolUse', { exitCode: 2, stderr: 'no rm' }).block).toEqual({ command: './hook.sh', reason: 'no rm', fromExitCode: true });
    expect(run('PreToolUse', { exitCode: 2, stdout: json({ decision: 'approve' }) }).block).toEqual({ command: 'Check the call', reason: 'No stderr output', fromExitCode: true });
    expect(run('PreToolUse', { stdout: json({ decision: 'block' }) }).block?.reason).toBe('blocked by hook "Check the call"');
  });

  it('2 with a JSON answer on stdout: its reason comes first (bare), then stderr', () => {
    const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'policy says no' } };
    expect(run('PreToolUse', { exitCode: 2, stdout: json({ decision: 'block', reason: 'use trash' }), stderr: 'err' }).block).toEqual({ command: './hook.sh', reason: 'use trash', fromExitCode: false });
    expect(run('PreToolUse', { exitCode: 2, stdout: json(deny) }).block?.reason).toBe('policy says no');
    expect(run('PreToolUse', { exitCode: 2, stdout: 'plain', stderr: 'from stderr' }).block?.reason).toBe('from stderr');
  });

  it('2 on an event that cannot block goes to the user, is dropped or is logged', () => {
    expect(run('PostCompact', { exitCode: 2, stderr: 'oops' })).toMatchObject({ outcome: 'blocking_error', userMessage: 'oops' });
    expect(run('PreCompact', { exitCode: 2, stderr: 'oops' })).not.toHaveProperty('userMessage');
    expect(run('PreCompact', { exitCode: 2, stderr: 'oops' }).block).toBeUndefined();
    expect(run('SessionEnd', { exitCode: 2, stderr: 'x' }).words).toContain('logged only');
  });

  it('any other code, a signal, a timeout or a spawn failure is a non-blocking error', () => {
    expect(run('PreToolUse', { exitCode: 1, stderr: 'lint failed' })).toMatchObject({ outcome: 'non_blocking_error', userMessage: 'hook exited with code 1: lint failed' });
    expect(run('PreToolUse', { exitCode: 127 }).userMessage).toBe('command not found');
    expect(run('PreToolUse', { exitCode: 126 }).error).toMatch(/not executable/);
    expect(run('PreToolUse', { exitCode: null, signal: 'SIGKILL' }).error).toBe('hook was killed by SIGKILL');
    expect(run('PreToolUse', { exitCode: null, signal: 'SIGTERM', timedOut: true })).toMatchObject({ outcome: 'timeout', error: 'hook timed out after 600 s' });
    expect(run('PreToolUse', { exitCode: null, spawnError: 'spawn sh ENOENT' }).error).toContain('could not be started');
  });

  it('a killed or timed-out hook is never a success, even with stdout', () => {
    expect(run('UserPromptSubmit', { exitCode: 0, timedOut: true, stdout: 'ctx' }).outcome).toBe('timeout');
    expect(run('UserPromptSubmit', { exitCode: null, signal: 'SIGTERM', stdout: 'ctx' }).context).toBeUndefined();
  });
});

describe('plain stdout on exit 0', () => {
  it('is context for UserPromptSubmit and SessionStart', () => {
    expect(run('UserPromptSubmit', { stdout: 'branch: main' }).context).toBe('branch: main');
    expect(run('SessionStart', { stdout: 'hello' }).context).toBe('hello');
  });
  it('is instructions for PreCompact and the path for WorktreeCreate', () => {
    expect(run('PreCompact', { stdout: 'keep the API notes' }).instructions).toBe('keep the API notes');
    expect(run('WorktreeCreate', { stdout: '/tmp/wt/feature\nextra' }).path).toBe('/tmp/wt/feature');
  });
  it('is a quiet success elsewhere (Stop: echo done)', () => {
    const e = run('Stop', { stdout: 'done' });
    expect(e).toMatchObject({ outcome: 'success' });
    expect(e.context).toBeUndefined();
  });
});

describe('JSON answers', () => {
  it('reads PreToolUse permission decisions, updatedInput and context', () => {
    const e = run('PreToolUse', {
      stdout: json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'policy', updatedInput: { command: 'ls' }, additionalContext: 'c' } }),
    });
    expect(e.permission).toEqual({ decision: 'deny', reason: 'policy' });
    expect(e.updatedInput).toEqual({ command: 'ls' });
    expect(e.context).toBe('c');
  });
  it('reads continue:false, stopReason, systemMessage and decision:block', () => {
    const e = run('PostToolUse', { stdout: json({ continue: false, stopReason: 'halt', systemMessage: 'warn', decision: 'block', reason: 'r' }) });
    expect(e).toMatchObject({ stop: { reason: 'halt' }, systemMessage: 'warn', block: { reason: 'r', fromExitCode: false } });
  });
  it('reads the PermissionRequest decision', () => {
    const e = run('PermissionRequest', { stdout: json({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedInput: { a: 1 } } } }) });
    expect(e.permissionRequest).toEqual({ behavior: 'allow', updatedInput: { a: 1 } });
  });
  it('ignores fields the event does not honour', () => {
    const e = run('Stop', { stdout: json({ hookSpecificOutput: { additionalContext: 'x', permissionDecision: 'deny' } }) });
    expect(e.context).toBeUndefined();
    expect(e.permission).toBeUndefined();
  });
  it('makes a malformed or wrongly typed answer a non-blocking error that says what is wrong', () => {
    expect(run('PreToolUse', { stdout: '{not json' }).error).toMatch(/^stdout starts with "\{" but is not valid JSON/);
    expect(run('PreToolUse', { stdout: json({ continue: 'no' }) }).error).toMatch(/^invalid JSON answer: continue: /);
    expect(run('PreToolUse', { stdout: json({ hookSpecificOutput: { permissionDecision: 'maybe' } }) }).error).toMatch(/hookSpecificOutput\.permissionDecision/);
    expect(run('PreToolUse', { stdout: json({ hookSpecificOutput: { hookEventName: 'PostToolUse' } }) }).error).toMatch(/ran for PreToolUse/);
  });
});

describe('combination', () => {
  it('any block blocks; reasons are joined in run order', () => {
    const d = combine('PreToolUse', [run('PreToolUse', {}), run('PreToolUse', { exitCode: 2, stderr: 'a' }), run('PreToolUse', { stdout: json({ decision: 'block', reason: 'b' }) })]);
    expect(d).toMatchObject({ blocked: true, reason: 'a\nb' });
    expect(d.blocks).toHaveLength(2);
  });
  it('deny > ask > allow whatever the order; allow never overrides', () => {
    const pd = (decision: string) => run('PreToolUse', { stdout: json({ hookSpecificOutput: { permissionDecision: decision, permissionDecisionReason: decision } }) });
    expect(combine('PreToolUse', [pd('deny'), pd('allow')]).permissionDecision).toBe('deny');
    expect(combine('PreToolUse', [pd('allow'), pd('ask'), pd('allow')])).toMatchObject({ permissionDecision: 'ask', permissionDecisionReason: 'ask' });
    expect(combine('PreToolUse', [pd('ask'), pd('deny')]).permissionDecision).toBe('deny');
  });
  it('for PermissionRequest, deny wins over allow', () => {
    const b = (behavior: string) => run('PermissionRequest', { stdout: json({ hookSpecificOutput: { decision: { behavior } } }) });
    expect(combine('PermissionRequest', [b('deny'), b('allow')]).permissionRequest?.behavior).toBe('deny');
    expect(combine('PermissionRequest', [b('allow'), b('deny')]).permissionRequest?.behavior).toBe('deny');
  });
  it('continue:false from any hook wins, with the first stopReason', () => {
    const d = combine('PreToolUse', [run('PreToolUse', { stdout: json({ continue: false, stopReason: 'one' }) }), run('PreToolUse', { stdout: json({ continue: false, stopReason: 'two' }) })]);
    expect(d).toMatchObject({ continue: false, stopReason: 'one' });
  });
  it('joins contexts with newlines and caps them at 10,000 characters', () => {
    const d = combine('UserPromptSubmit', [run('UserPromptSubmit', { stdout: 'one' }), run('UserPromptSubmit', { stdout: json({ hookSpecificOutput: { additionalContext: 'two' } }) })]);
    expect(d.additionalContext).toBe('one\ntwo');
    const big = combine('UserPromptSubmit', [run('UserPromptSubmit', { stdout: 'x'.repeat(CONTEXT_CAP + 500) })]);
    expect(big.additionalContext).toHaveLength(CONTEXT_CAP);
    expect(big.additionalContext).toMatch(/^x+\n… \[hook context truncated: \d+ more characters\]$/);
  });
  it('the last updatedInput is the one applied; the first WorktreeCreate path wins', () => {
    const u = (c: string) => run('PreToolUse', { stdout: json({ hookSpecificOutput: { updatedInput: { command: c } } }) });
    expect(combine('PreToolUse', [u('a'), u('b')]).updatedInput).toEqual({ command: 'b' });
    expect(combine('WorktreeCreate', [run('WorktreeCreate', { stdout: '/a' }), run('WorktreeCreate', { stdout: '/b' })]).worktreePath).toBe('/a');
  });
  it('collects user-only messages from non-blocking errors', () => {
    expect(combine('Stop', [run('Stop', { exitCode: 3, stderr: 'e' })]).userMessages).toEqual(['hook exited with code 3: e']);
  });
});
