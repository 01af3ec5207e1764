// What a run did, as data (sidecar/src/protocol/runKind.ts): the kind and the hook's own reason the
// engine puts in each run record, for each case, through the process-runner seam (a fake runner
// answers each hook as a process would: no process is started). The English words of the record
// (`decision`, `error`) are built from the kind (hooks/contract/runText.ts) and stay as they were.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookManager, type FireContext } from '../../src/hooks/fire/manager.js';
import { TurnBudget } from '../../src/hooks/fire/budget.js';
import type { ProcessSpec } from '../../src/hooks/handlers/processSpec.js';
import { handlerResult } from '../../src/hooks/handlers/handlerResult.js';
import type { HookRunRecord, ProcessResult } from '../../src/hooks/contract/types.js';
import type { StopChoice } from '../../src/protocol/wire.js';

type Answer = Partial<Pick<ProcessResult, 'exitCode' | 'signal' | 'timedOut' | 'spawnError' | 'stdout' | 'stderr' | 'stdoutTruncated'>>;

/** A process result as the runner gives it: exit 0 with no output unless said otherwise. */
function result(a: Answer): ProcessResult {
  return handlerResult(Date.now(), performance.now(), { exitCode: 0, ...a });
}

/** The fake runner: each hook's command is a key of `answers`; with `untilStopped` a run lasts until it is stopped, and ends as a killed process. */
function fakeRunner(answers: Record<string, Answer | ((spec: ProcessSpec) => Answer)>, untilStopped = false) {
  return async (spec: ProcessSpec): Promise<ProcessResult> => {
    const a = answers[spec.args[spec.args.length - 1]!];
    if (!a) throw new Error(`no answer for ${spec.args.join(' ')}`);
    const signal = spec.signal;
    if (untilStopped && signal) {
      if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      return result({ exitCode: null, signal: 'SIGTERM' });
    }
    return result(typeof a === 'function' ? a(spec) : a);
  };
}

const home = () => mkdtempSync(join(tmpdir(), 'wave-kind-'));
const ctx = (dir: string, more: Partial<FireContext> = {}): FireContext => ({
  sessionId: 's',
  transcriptPath: join(dir, 't.json'),
  cwd: dir,
  permissionMode: 'default',
  ...more,
});

/** Each command a hook of `event` (matcher `Bash` for tool events), its description the command. */
function manager(
  event: string,
  commands: Array<string | { command: string; more: Record<string, unknown> }>,
  answers: Parameters<typeof fakeRunner>[0],
  o: { stop?: StopChoice } = {},
) {
  const dir = home();
  const entries = commands.map((c) => (typeof c === 'string' ? { command: c, more: {} } : c));
  const m: HookManager = new HookManager({
    workdir: dir,
    homeDir: dir,
    historyFile: null,
    hooks: { [event]: entries.map((c) => ({ matcher: 'Bash', hooks: [{ type: 'command', command: c.command, description: c.command, ...c.more }] })) },
    runProcess: fakeRunner(answers, o.stop !== undefined),
    ...(o.stop ? { onRunStart: (s) => queueMicrotask(() => m.stopRun(s.id, o.stop)) } : {}),
  });
  return { m, dir };
}

const tool = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'tu1' };

async function runsOf(
  event: 'PreToolUse' | 'PostToolUse',
  commands: Parameters<typeof manager>[1],
  answers: Parameters<typeof manager>[2],
  o: { stop?: StopChoice; budget?: TurnBudget } = {},
): Promise<HookRunRecord[]> {
  const { m, dir } = manager(event, commands, answers, o);
  const input = event === 'PostToolUse' ? { ...tool, tool_response: { stdout: '' } } : tool;
  return (await m.fire(event, input as never, ctx(dir, o.budget ? { budget: o.budget } : {}))).runs;
}

const one = async (answer: Answer, event: 'PreToolUse' | 'PostToolUse' = 'PreToolUse') => (await runsOf(event, ['h'], { h: answer }))[0]!;
const json = (v: unknown) => JSON.stringify(v);
const pre = (o: Record<string, unknown>) => json({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...o } });

describe('the kind of a run that gave no answer', () => {
  it('not found, not executable, an exit code, a signal, a timeout, a process that could not start', async () => {
    expect(await one({ exitCode: 127, stderr: 'sh: h: not found' })).toMatchObject({ kind: { kind: 'notFound' }, reason: null, error: 'command not found' });
    expect(await one({ exitCode: 126 })).toMatchObject({ kind: { kind: 'notExecutable' }, error: 'command is not executable (permission denied)' });
    expect(await one({ exitCode: 3 })).toMatchObject({
      kind: { kind: 'exitCode', code: 3 },
      verdict: 'error',
      decision: 'error (non-blocking): hook exited with code 3',
    });
    expect(await one({ exitCode: null, signal: 'SIGKILL' })).toMatchObject({
      kind: { kind: 'signal', signal: 'SIGKILL' },
      error: 'hook was killed by SIGKILL',
    });
    expect(await one({ exitCode: null, signal: 'SIGTERM', timedOut: true })).toMatchObject({
      kind: { kind: 'timeout', seconds: 600 },
      verdict: 'timeout',
      error: 'hook timed out after 600 s',
    });
    expect(await one({ exitCode: null, spawnError: 'spawn sh ENOENT' })).toMatchObject({ kind: { kind: 'notStarted', message: 'spawn sh ENOENT' } });
  });

  it('an invalid answer says where and what, as data', async () => {
    expect((await one({ stdout: '{not json' })).kind).toMatchObject({ kind: 'invalidAnswer', issues: [{ path: '', issue: 'notJson' }] });
    expect((await one({ stdout: '{"a":', stdoutTruncated: true })).kind).toEqual({
      kind: 'invalidAnswer',
      issues: [{ path: '', issue: 'tooLong', message: 'longer than 64 KiB' }],
    });
    const wrongType = await one({ stdout: json({ continue: 'no' }) });
    expect(wrongType.kind).toMatchObject({ kind: 'invalidAnswer', issues: [{ path: 'continue', issue: 'wrongType', expected: 'boolean' }] });
    expect(wrongType.error).toMatch(/^invalid JSON answer: continue: /);
    expect((await one({ stdout: pre({ permissionDecision: 'maybe' }) })).kind).toMatchObject({
      issues: [{ path: 'hookSpecificOutput.permissionDecision', issue: 'notAllowed', expected: 'allow|ask|deny' }],
    });
    const wrongEvent = await one({ stdout: json({ hookSpecificOutput: { hookEventName: 'PostToolUse' } }) });
    expect(wrongEvent.kind).toMatchObject({
      issues: [{ path: 'hookSpecificOutput.hookEventName', issue: 'wrongEvent', expected: 'PreToolUse', got: 'PostToolUse' }],
    });
    expect(wrongEvent.error).toBe('invalid JSON answer: hookSpecificOutput.hookEventName is "PostToolUse" but the hook ran for PreToolUse');
  });

  it('stopped by the user: with the choice; a guard whose call is cancelled fails closed', async () => {
    const [letRun] = await runsOf('PreToolUse', ['h'], { h: {} }, { stop: 'letRun' });
    expect(letRun).toMatchObject({
      kind: { kind: 'stopped', choice: 'letRun' },
      verdict: 'error',
      error: 'stopped by the user',
      decision: 'error (non-blocking): stopped by the user',
    });
    const [cancel] = await runsOf('PreToolUse', ['h'], { h: {} }, { stop: 'cancelCall' });
    expect(cancel).toMatchObject({ kind: { kind: 'stopped', choice: 'cancelCall', closed: 'callCancelled' }, verdict: 'blocked', reason: null });
    expect(cancel!.decision).toBe('blocked: The PreToolUse hook "h" was stopped by the user; the call is cancelled.');
  });

  it('the budget: a guard it skipped denies its call, another is skipped; a timeout it cut says so', async () => {
    const spent = new TurnBudget(1);
    spent.spend(1000);
    const [guard] = await runsOf('PreToolUse', ['h'], { h: {} }, { budget: spent });
    expect(guard).toMatchObject({ kind: { kind: 'budget', action: 'skipped', budgetSeconds: 1, closed: 'callDenied' }, verdict: 'blocked' });
    const [post] = await runsOf('PostToolUse', ['h'], { h: {} }, { budget: spent });
    expect(post).toMatchObject({
      kind: { kind: 'budget', action: 'skipped', budgetSeconds: 1 },
      verdict: 'skipped',
      error: null,
      decision: 'skipped: the turn’s hook budget is spent',
    });
    const cutBy = (spec: ProcessSpec): Answer => (spec.timeoutMs < 600_000 ? { exitCode: null, timedOut: true, signal: 'SIGTERM' } : {});
    const [cut] = await runsOf('PostToolUse', ['h'], { h: cutBy }, { budget: new TurnBudget(2) });
    expect(cut).toMatchObject({ kind: { kind: 'budget', action: 'cut', seconds: 2 }, verdict: 'timeout' });
    expect(cut!.error).toBe('hook timed out after 2 s (cut to what was left of the turn’s hook budget)');
    const [cutGuard] = await runsOf('PreToolUse', ['h'], { h: cutBy }, { budget: new TurnBudget(2) });
    expect(cutGuard).toMatchObject({ kind: { kind: 'budget', action: 'cut', closed: 'callDenied' }, verdict: 'blocked' });
  });

  it('onFailure "block": the failure, closed', async () => {
    const [r] = await runsOf('PreToolUse', [{ command: 'h', more: { onFailure: 'block' } }], { h: { exitCode: null, timedOut: true, signal: 'SIGTERM' } });
    expect(r).toMatchObject({ kind: { kind: 'timeout', seconds: 600, closed: 'onFailure' }, verdict: 'blocked', error: 'failed: hook timed out after 600 s' });
    expect(r!.decision).toBe('blocked: The PreToolUse hook "h" failed: hook timed out after 600 s; it blocks because its onFailure is "block".');
  });

  it('held back: a guard whose script changed during the session does not run, and denies its call', async () => {
    const dir = home();
    const script = join(dir, 'guard.sh');
    writeFileSync(script, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const m = new HookManager({
      workdir: dir,
      homeDir: dir,
      historyFile: null,
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: script }] }] },
      runProcess: fakeRunner({ [script]: {} }),
    });
    expect((await m.fire('PreToolUse', tool as never, ctx(dir))).runs[0]!.kind).toEqual({ kind: 'answer', decisions: [] });
    writeFileSync(script, '#!/bin/sh\nexit 0 # changed\n');
    const [held] = (await m.fire('PreToolUse', tool as never, ctx(dir))).runs;
    expect(held).toMatchObject({ kind: { kind: 'heldBack', closed: 'callDenied' }, verdict: 'blocked' });
    expect((held!.kind as { changes: string[] }).changes).toEqual([expect.stringContaining('guard.sh')]);
  });
});

describe('the kind of a run that answered, and of one that did not run', () => {
  it('the decisions of the answer, with the hook’s own reason', async () => {
    expect(await one({ exitCode: 2, stderr: 'no rm -rf' })).toMatchObject({
      kind: { kind: 'answer', decisions: [{ kind: 'block', reason: 'no rm -rf', from: 'exitCode' }] },
      reason: 'no rm -rf',
      decision: 'blocked: no rm -rf',
    });
    expect(await one({ exitCode: 2 })).toMatchObject({
      kind: { decisions: [{ kind: 'block', reason: null }] },
      reason: null,
      decision: 'blocked: No stderr output',
    });
    expect(await one({ stdout: json({ decision: 'block' }) })).toMatchObject({
      kind: { decisions: [{ kind: 'block', reason: null, from: 'json' }] },
      decision: 'blocked: blocked by hook "h"',
    });
    for (const d of ['allow', 'ask', 'deny'] as const)
      expect(await one({ stdout: pre({ permissionDecision: d, permissionDecisionReason: `why ${d}` }) })).toMatchObject({
        kind: { decisions: [{ kind: 'permission', decision: d, reason: `why ${d}` }] },
        reason: `why ${d}`,
        decision: `permission ${d}: why ${d}`,
      });
    expect(
      await one({
        stdout: json({
          continue: false,
          stopReason: 'enough',
          hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'ls -a' }, additionalContext: 'x' },
        }),
      }),
    ).toMatchObject({
      kind: { decisions: [{ kind: 'stop', reason: 'enough' }, { kind: 'rewrite' }, { kind: 'context', from: 'json' }] },
      verdict: 'stopped',
      reason: 'enough',
      decision: 'stop the agent: enough; rewrote the tool input; added context',
    });
    expect(await one({ stdout: 'plain' })).toMatchObject({ kind: { kind: 'answer', decisions: [{ kind: 'stdoutUnused' }] }, verdict: 'ok', reason: null });
    expect(await one({})).toMatchObject({ kind: { kind: 'answer', decisions: [] }, decision: 'success' });
  });

  it('an updatedToolOutput that does not fit the tool’s output: ignored, what is wrong as data', async () => {
    const r = await one({ stdout: json({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: { stdout: 1 } } }) }, 'PostToolUse');
    expect(r.kind).toEqual({
      kind: 'answer',
      decisions: [{ kind: 'toolOutputIgnored', issue: 'wrongType', field: 'stdout', got: 'number', expected: 'string' }],
    });
    expect(r.decision).toBe('updatedToolOutput ignored: "stdout" is a number, but the tool\'s output has a string there');
  });

  it('a duplicate names the hook that runs for both', async () => {
    const { m, dir } = manager('PreToolUse', ['h', 'h'], { h: {} });
    const runs = (await m.fire('PreToolUse', tool as never, ctx(dir))).runs;
    expect(runs.map((r) => r.kind.kind)).toEqual(['duplicate', 'answer']);
    expect(runs[0]).toMatchObject({
      kind: { of: { name: 'h', source: 'programmatic' } },
      verdict: 'skipped',
      decision: 'skipped: identical to "h" [programmatic], which runs once for both',
    });
  });
});
