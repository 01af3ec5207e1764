// Matcher groups with "parallel": true (docs/hooks.md, "Parallel groups"), through HookManager on a
// fake process runner (the engine's injectable ProcessRunner): which hooks are on their way at once,
// and how their answers combine — in definition order, as if they had run one after another, the
// first rewrite winning — whatever order they finish in.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HookManager, TurnBudget, type FireContext, type HookRunRecord, type ProcessRunner, type ProcessSpec } from '../../src/hooks/index.js';
import type { ProcessResult } from '../../src/hooks/contract/types.js';
import type { HookRunStart } from '../../src/protocol/wire.js';
import { stepsOf } from '../../src/hooks/fire/parallel.js';

const TMP = realpathSync(mkdtempSync(join(tmpdir(), 'wave-parallel-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** What a fake hook answers: its stdout and exit code, after `durationMs`. */
interface Answer {
  stdout?: string;
  exitCode?: number;
  stderr?: string;
  durationMs?: number;
}

interface Call {
  command: string;
  spec: ProcessSpec;
  answer(a?: Answer): void;
}

/** A runner whose hooks answer only when the test says so: `calls` are the hooks on their way, in start order. */
class FakeRunner {
  readonly calls: Call[] = [];
  private waiters: Array<() => void> = [];

  readonly run: ProcessRunner = (spec) =>
    new Promise<ProcessResult>((resolve) => {
      const command = spec.args[spec.args.length - 1]!;
      this.calls.push({
        command,
        spec,
        answer: (a = {}) =>
          resolve({
            startedAt: Date.now(),
            durationMs: a.durationMs ?? 5,
            exitCode: a.exitCode ?? 0,
            signal: null,
            timedOut: false,
            spawnError: null,
            stdout: a.stdout ?? '',
            stderr: a.stderr ?? '',
            stdoutTruncated: false,
            stderrTruncated: false,
          }),
      });
      for (const w of this.waiters.splice(0)) w();
    });

  /** Resolves once `n` hooks have been started. */
  async started(n: number): Promise<void> {
    while (this.calls.length < n) await new Promise<void>((r) => this.waiters.push(r));
  }

  call(command: string): Call {
    const c = this.calls.find((x) => x.command === command);
    if (!c) throw new Error(`${command} was not started`);
    return c;
  }

  stdin(command: string): Record<string, unknown> {
    return JSON.parse(this.call(command).spec.input) as Record<string, unknown>;
  }
}

const deny = (reason: string) =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
const permit = (decision: 'allow' | 'ask', reason: string) =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason } });
const rewrite = (command: string) => JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command } } });

const group = (commands: string[], extra: Record<string, unknown> = {}) => ({
  matcher: 'Bash',
  ...extra,
  hooks: commands.map((command) => ({ type: 'command', command })),
});

function manager(hooks: Record<string, unknown>, o: { starts?: HookRunStart[]; records?: HookRunRecord[] } = {}) {
  const runner = new FakeRunner();
  const dir = mkdtempSync(join(TMP, 'm-'));
  const m = new HookManager({
    workdir: dir,
    homeDir: dir,
    hooks,
    historyFile: null,
    runProcess: runner.run,
    ...(o.starts ? { onRunStart: (s: HookRunStart) => o.starts!.push(s) } : {}),
    ...(o.records ? { onRecord: (r: HookRunRecord) => o.records!.push(r) } : {}),
  });
  return { m, runner, ctx: { sessionId: 's', transcriptPath: join(dir, 't.json'), cwd: dir, permissionMode: 'default' } as FireContext };
}

const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_1' });

describe('a parallel matcher group', () => {
  it('starts every hook before any answers, takes the answers in definition order, and runs every hook when one blocks', async () => {
    const starts: HookRunStart[] = [];
    const records: HookRunRecord[] = [];
    const { m, runner, ctx } = manager({ PreToolUse: [group(['a', 'b', 'c'], { parallel: true })] }, { starts, records });
    const firing = m.fire('PreToolUse', bash('ls'), ctx);
    await runner.started(3);
    expect(starts.map((s) => s.name)).toEqual(['a', 'b', 'c']); // each announced when it starts
    // They finish last to first; `a` blocks with exit 2 and the others still count.
    runner.call('c').answer({ stdout: permit('ask', 'c asks') });
    runner.call('b').answer({ stdout: deny('b denies') });
    runner.call('a').answer({ exitCode: 2, stderr: 'a blocks' });
    const { decision, runs } = await firing;
    expect(runs.map((r) => [r.name, r.verdict])).toEqual([
      ['a', 'blocked'],
      ['b', 'denied'],
      ['c', 'asked'],
    ]);
    expect(records.map((r) => r.name)).toEqual(['a', 'b', 'c']); // recorded in definition order too
    expect(decision.blocked).toBe(true);
    expect(decision.permissionDecision).toBe('deny');
    expect(decision.permissionDecisionReason).toBe('b denies');
  });

  it('without the flag runs the hooks of a group one after another', async () => {
    const { m, runner, ctx } = manager({ PreToolUse: [group(['a', 'b'])] });
    const firing = m.fire('PreToolUse', bash('ls'), ctx);
    await runner.started(1);
    await new Promise((r) => setImmediate(r));
    expect(runner.calls.map((c) => c.command)).toEqual(['a']);
    runner.call('a').answer();
    await runner.started(2);
    runner.call('b').answer();
    expect((await firing).runs.map((r) => r.name)).toEqual(['a', 'b']);
  });

  it('keeps the first rewrite in definition order, ignores a later one with a warning, and chains the first to the next group', async () => {
    const { m, runner, ctx } = manager({ PreToolUse: [group(['r1', 'r2', 'plain'], { parallel: true }), group(['after'])] });
    const firing = m.fire('PreToolUse', bash('ls'), ctx);
    await runner.started(3);
    runner.call('r2').answer({ stdout: rewrite('echo second') }); // finishes first, still loses
    runner.call('plain').answer();
    runner.call('r1').answer({ stdout: rewrite('echo first') });
    await runner.started(4);
    // Every hook of the group saw the group's input; the hook after it sees the first rewrite.
    for (const c of ['r1', 'r2', 'plain']) expect(runner.stdin(c).tool_input).toEqual({ command: 'ls' });
    expect(runner.stdin('after').tool_input).toEqual({ command: 'echo first' });
    runner.call('after').answer();
    const { decision, runs } = await firing;
    expect(decision.updatedInput).toEqual({ command: 'echo first' });
    const [r1, r2] = runs;
    expect(r1).toMatchObject({ verdict: 'rewrote', decision: 'rewrote the tool input' });
    expect(r1!.warning).toBeUndefined();
    expect(r2!.verdict).toBe('ok');
    expect(r2!.warning).toBe('its rewrite of the input was ignored: "r1", earlier in the same parallel group, rewrote it first');
    expect(r2!.decision).toContain('rewrite ignored');
  });

  it('spends the budget by the group’s wall time and gives each hook what is left', async () => {
    const budget = new TurnBudget(10);
    const { m, runner, ctx } = manager({ PreToolUse: [group(['a', 'b', 'c'], { parallel: true })] });
    const firing = m.fire('PreToolUse', bash('ls'), { ...ctx, budget });
    await runner.started(3);
    for (const c of runner.calls) expect(c.spec.timeoutMs).toBe(10_000);
    runner.call('a').answer({ durationMs: 3000 });
    runner.call('b').answer({ durationMs: 4000 });
    runner.call('c').answer({ durationMs: 2000 });
    await firing;
    expect(budget.remainingMs()).toBe(6000); // the longest run, not the sum (9 s)
  });

  it('runs a once hook once, sends an async hook to the background, and runs an identical handler once', async () => {
    const hooks = {
      PreToolUse: [
        {
          matcher: 'Bash',
          parallel: true,
          hooks: [
            { type: 'command', command: 'once', once: true },
            { type: 'command', command: 'bg', async: true },
            { type: 'command', command: 'sync' },
            { type: 'command', command: 'sync' },
          ],
        },
      ],
    };
    const { m, runner, ctx } = manager(hooks);
    const first = m.fire('PreToolUse', bash('ls'), ctx);
    await runner.started(3);
    for (const c of runner.calls) c.answer();
    const { runs } = await first;
    expect(runs.map((r) => [r.name, r.outcome])).toEqual([
      ['sync', 'skipped'],
      ['once', 'success'],
      ['sync', 'success'],
    ]);
    await m.waitForAsync();
    const second = m.fire('PreToolUse', bash('ls'), ctx);
    await runner.started(5);
    for (const c of runner.calls.slice(3)) c.answer();
    await second;
    expect(runner.calls.map((c) => c.command).sort()).toEqual(['bg', 'bg', 'once', 'sync', 'sync']);
  });

  it('prepares what hooks read (the transcript) once for the group, before any command starts', async () => {
    let prepared = 0;
    const { m, runner, ctx } = manager({ Stop: [{ parallel: true, hooks: [{ command: 'a' }, { command: 'b' }] }] });
    const firing = m.fire(
      'Stop',
      { stop_hook_active: false, last_assistant_message: '', background_tasks: [], session_crons: [] },
      { ...ctx, beforeRun: () => void prepared++ },
    );
    await runner.started(2);
    for (const c of runner.calls) await c.spec.ready;
    expect(prepared).toBe(1);
    for (const c of runner.calls) c.answer();
    await firing;
  });
});

describe('stepsOf', () => {
  it('makes one step of the consecutive hooks of one parallel group, and one step of every other hook', () => {
    const h = (id: string, parallel?: true) => ({ id, ...(parallel ? { parallel } : {}) }) as never;
    const steps = stepsOf([h('f#E/0/0', true), h('f#E/0/1', true), h('f#E/1/0', true), h('f#E/2/0'), h('f#E/2/1'), h('g#E/0/0', true)]);
    expect(steps.map((s) => s.map((x: { id: string }) => x.id))).toEqual([['f#E/0/0', 'f#E/0/1'], ['f#E/1/0'], ['f#E/2/0'], ['f#E/2/1'], ['g#E/0/0']]);
  });
});
