// Hostile hook processes (issue 11; docs/hooks.md, Running a hook): escaped grandchildren, hooks
// that cannot be spawned, timers past the platform limit, answers past the output cap. Real hook
// scripts run by the real `wave hooks test` executable, or by the real runner and hook manager
// in this process where the input cannot come from a settings file any more (validation refuses it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HookManager } from '../../../sidecar/src/hooks/fire/manager.js';
import { runHookProcess } from '../../../sidecar/src/hooks/run/runner.js';
import { cleanupSandboxes, ensureBuilt, Sandbox, sq } from '../harness.js';
import { dead, fileText, hooksTest, waitDead } from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

/** A command that starts `sleep 600` in a new session (out of the hook's group) holding the hook's stdout/stderr, and writes its pid. */
const escapee = (pidFile: string) => `setsid sh -c 'echo $$ > "${pidFile}"; exec sleep 600' &`;

const ctx = (sb: Sandbox) => ({ sessionId: 's', transcriptPath: sb.outFile('t.json'), cwd: sb.workdir, permissionMode: 'default' as const });

describe.concurrent('escaped grandchildren (item 6)', () => {
  it('a hook that exits leaving `setsid sleep 600 &` on its pipes: the sleep is killed, and the run returns', async () => {
    const sb = new Sandbox();
    const pidFile = sb.outFile('escapee.pid');
    sb.settings({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `${escapee(pidFile)} echo started` }, { type: 'command', command: 'echo next' }] }] } });
    const { run, out } = await hooksTest(sb, 'Stop');
    expect(run.code).toBe(0);
    expect(out.runs.map((r) => [r.outcome, r.stdout])).toEqual([
      ['success', 'started'],
      ['success', 'next'],
    ]);
    const pid = Number(await fileText(pidFile));
    await waitDead(pid, 5000);
  });

  it('a hook that times out with such a grandchild: both are killed, the run is a timeout', async () => {
    const sb = new Sandbox();
    const pidFile = sb.outFile('escapee.pid');
    sb.settings({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `${escapee(pidFile)} sleep 60`, timeout: 1 }] }] } });
    const { run, out } = await hooksTest(sb, 'Stop');
    expect(run.code).toBe(0);
    expect(out.runs.map((r) => [r.outcome, r.error])).toEqual([['timeout', 'hook timed out after 1 s']]);
    await waitDead(Number(await fileText(pidFile)), 5000);
  });

  it('such a grandchild ignoring SIGTERM is SIGKILLed, at the latest when wave exits', async () => {
    const sb = new Sandbox();
    const pidFile = sb.outFile('stubborn.pid');
    const stubborn = `setsid sh -c 'trap "" TERM; echo $$ > "${pidFile}"; while :; do sleep 1; done' &`;
    sb.settings({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `${stubborn} echo started` }] }] } });
    const { out } = await hooksTest(sb, 'Stop');
    expect(out.runs.map((r) => r.outcome)).toEqual(['success']);
    await waitDead(Number(await fileText(pidFile)), 5000);
  });

  it('a grandchild that redirected its output (a proper daemon) is left alone', async () => {
    const sb = new Sandbox();
    const pidFile = sb.outFile('daemon.pid');
    const daemon = `setsid sh -c 'echo $$ > "${pidFile}"; exec sleep 600' </dev/null >/dev/null 2>&1 &`;
    sb.settings({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `${daemon} echo started` }] }] } });
    const { out } = await hooksTest(sb, 'Stop');
    expect(out.runs.map((r) => r.outcome)).toEqual(['success']);
    const pid = Number(await fileText(pidFile));
    expect(dead(pid)).toBe(false);
    process.kill(pid, 'SIGKILL');
  });
});

describe.concurrent('a hook that cannot be spawned (item 2)', () => {
  it('a NUL byte in an argument: a spawn error in the result, not an exception', async () => {
    const sb = new Sandbox();
    const r = await runHookProcess({ file: 'sh', args: ['-c', 'echo a\u0000b'], cwd: sb.workdir, env: { PATH: process.env.PATH }, input: '{}', timeoutMs: 5000 });
    expect(r).toMatchObject({ exitCode: null, signal: null, timedOut: false, stdout: '' });
    expect(r.spawnError).toMatch(/null bytes/);
  });

  it('a NUL byte in the environment given programmatically: every hook is a non-blocking error of its own; fire resolves', async () => {
    const sb = new Sandbox();
    const manager = new HookManager({
      workdir: sb.workdir,
      homeDir: sb.home,
      baseEnv: { PATH: process.env.PATH, BAD: 'x\u0000y' },
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo one' }, { type: 'command', command: 'echo two' }] }] },
    });
    const { decision, runs } = await manager.fire('Stop', { stop_hook_active: false, last_assistant_message: '', background_tasks: [], session_crons: [] }, ctx(sb));
    expect(runs.map((r) => [r.command, r.outcome])).toEqual([
      ['echo one', 'non_blocking_error'],
      ['echo two', 'non_blocking_error'],
    ]);
    expect(runs[0]!.error).toMatch(/could not be started/);
    expect(decision.blocked).toBe(false);
  });
});

describe.concurrent('timers past the platform limit (item 3)', () => {
  it('a timeout of 10^12 ms does not fire at once (Node would fire a timer over 2^31-1 ms after 1 ms)', async () => {
    const sb = new Sandbox();
    const r = await runHookProcess({ file: 'sh', args: ['-c', 'sleep 0.3; echo done'], cwd: sb.workdir, env: { PATH: process.env.PATH }, input: '{}', timeoutMs: 1e12 });
    expect(r).toMatchObject({ timedOut: false, exitCode: 0, stdout: 'done' });
  });
});

describe.concurrent('answers past the output cap (item 10)', () => {
  it('a JSON answer over 64 KiB says it is too long, not "Bad control character"', async () => {
    const sb = new Sandbox();
    const big = sb.file('big.sh', `#!/bin/sh\nprintf '{"systemMessage":"'\nhead -c 70000 /dev/zero | tr '\\\\0' x\nprintf '"}'\n`);
    sb.settings({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh ${sq(big)}` }] }] } });
    const { out } = await hooksTest(sb, 'PreToolUse', ['--tool', 'Bash']);
    expect(out.runs.map((r) => r.outcome)).toEqual(['non_blocking_error']);
    expect(out.runs[0]!.error).toMatch(/longer than 64 KiB/);
    expect(out.runs[0]!.error).not.toMatch(/control character|JSON at position/);
  });
});
