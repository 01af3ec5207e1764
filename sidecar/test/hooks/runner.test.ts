// Integration tests for the hook process runner (SPEC 3, "Running a hook"). Every hook here is a
// REAL process (`sh -c` running the shell scripts in test/fixtures/hooks/); nothing is mocked.
// Each case asserts what a user can observe: exit code, signal, timeout, spawn error, output text,
// truncation flags and (generous) time bounds. The last check proves no hook process outlived the
// suite: every hook runs with a unique marker in its environment and command line, and `afterAll`
// looks for any live process carrying it.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_CAP, runHookProcess, type ProcessSpec } from '../../src/hooks/run/runner.js';
import type { ProcessResult } from '../../src/hooks/contract/types.js';
import { HANG_MS } from '../../../test/limits.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURES = join(HERE, '..', 'fixtures', 'hooks');
const REPO_ROOT = join(HERE, '..', '..', '..');
const RUNNER_URL = new URL('../../src/hooks/run/runner.ts', import.meta.url).href;
const fx = (name: string): string => `'${join(FIXTURES, name)}'`;

/** Unique to this run; carried by every hook process (environment and `sh -c` command line). */
const MARKER = `wave-runner-test-${process.pid}-${randomUUID()}`;
const MARKER_VAR = 'WAVE_RUNNER_TEST_MARKER';

const EXECUTABLE_FIXTURES = [
  'ok.sh',
  'block.sh',
  'fail.sh',
  'ignore-stdin.sh',
  'echo-stdin.sh',
  'hang.sh',
  'ignore-term.sh',
  'grandchild.sh',
  'flood.sh',
  'binary-stderr.sh',
  'self-kill.sh',
  'env-cwd.sh',
];

let scratch = '';

/** A spec as the engine builds it: `sh -c <command>`, the sidecar's environment, JSON on stdin. */
function hook(command: string, over: Partial<ProcessSpec> = {}): ProcessSpec {
  return {
    file: 'sh',
    // The trailing comment puts the marker on the hook's command line without changing what runs.
    args: ['-c', `${command} # ${MARKER}`],
    cwd: FIXTURES,
    env: { ...process.env, [MARKER_VAR]: MARKER },
    input: JSON.stringify({ hook_event_name: 'Stop', session_id: 'runner-test' }),
    timeoutMs: 10_000,
    ...over,
  };
}

/**
 * Runs a hook, checking it resolves (never throws); `wallMs` is the time around the call and
 * `calledAt`/`returnedAt` the clock before and after it, for ordering checks (never speed limits).
 */
async function run(spec: ProcessSpec): Promise<ProcessResult & { wallMs: number; calledAt: number; returnedAt: number }> {
  const calledAt = Date.now();
  const t0 = performance.now();
  const result = await runHookProcess(spec);
  return { ...result, wallMs: performance.now() - t0, calledAt, returnedAt: Date.now() };
}

/** The fixtures' `sleep 30`: a hook that returns before it would have ended was cut short, not waited for. */
const SLEEP_MS = 30_000;

/** A process counts as alive unless it is gone or a zombie (exited, merely not reaped yet). */
function isAlive(pid: number): boolean {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      return state !== 'Z' && state !== 'X';
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilDead(pid: number): Promise<boolean> {
  const deadline = performance.now() + HANG_MS;
  while (performance.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(25);
  }
  return !isAlive(pid);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Live processes whose command line or environment carries the marker (`pid stat args`). */
function survivors(): string[] {
  const ps = execFileSync('ps', ['-eo', 'pid=,stat=,args='], { encoding: 'utf8' });
  const found: string[] = [];
  for (const line of ps.split('\n')) {
    const m = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const pid = Number(m[1]);
    const stat = m[2]!;
    const args = m[3]!;
    if (pid === process.pid || stat.startsWith('Z')) continue;
    let carries = args.includes(MARKER);
    if (!carries && process.platform === 'linux') {
      try {
        carries = readFileSync(`/proc/${pid}/environ`).includes(MARKER);
      } catch {
        // gone meanwhile, or not ours to read
      }
    }
    if (carries && isAlive(pid)) found.push(line.trim());
  }
  return found;
}

function readPid(file: string): number {
  const pid = Number(readFileSync(file, 'utf8').trim());
  expect(Number.isInteger(pid) && pid > 1).toBe(true);
  return pid;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'wave-runner-test-'));
  for (const name of EXECUTABLE_FIXTURES) chmodSync(join(FIXTURES, name), 0o755);
  chmodSync(join(FIXTURES, 'not-executable.sh'), 0o644);

  // Prove the leak detector is not vacuous: a process carrying the marker only in its environment
  // must be found, and must no longer be found once killed.
  const probe = spawn('sleep', ['30'], { env: { ...process.env, [MARKER_VAR]: MARKER }, stdio: 'ignore' });
  expect(probe.pid).toBeDefined();
  expect(await waitFor(() => survivors().some((l) => l.startsWith(`${probe.pid} `)))).toBe(true);
  probe.kill('SIGKILL');
  await new Promise((r) => probe.once('exit', r));
  expect(survivors()).toEqual([]);
});

afterAll(async () => {
  try {
    // Pending kills may still be on their way: wait for them (a leak hangs here until HANG_MS, then fails).
    await waitFor(() => survivors().length === 0);
    expect(survivors(), 'hook processes still running after the suite').toEqual([]);
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
});

describe.concurrent('runHookProcess: exit codes', () => {
  it('exit 0: stdout kept and trimmed', async ({ expect }) => {
    const r = await run(hook(fx('ok.sh')));
    expect(r).toMatchObject({
      exitCode: 0,
      signal: null,
      timedOut: false,
      spawnError: null,
      stdout: 'hello from a hook',
      stderr: '',
      stdoutTruncated: false,
      stderrTruncated: false,
    });
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(r.durationMs).toBeLessThanOrEqual(r.wallMs + 1);
    expect(r.startedAt).toBeGreaterThanOrEqual(r.calledAt);
    expect(r.startedAt).toBeLessThanOrEqual(r.returnedAt);
  });

  it('exit 2: stderr is the reason, stdout kept as is', async ({ expect }) => {
    const r = await run(hook(fx('block.sh')));
    expect(r).toMatchObject({
      exitCode: 2,
      signal: null,
      timedOut: false,
      spawnError: null,
      stdout: '{"decision":"approve"}',
      stderr: 'rm -rf is not allowed here',
    });
  });

  it('exit 1: non-zero code and stderr', async ({ expect }) => {
    const r = await run(hook(fx('fail.sh')));
    expect(r).toMatchObject({ exitCode: 1, signal: null, timedOut: false, spawnError: null, stderr: 'something went wrong' });
  });

  it('exit 127: a command that does not exist (sh says "not found")', async ({ expect }) => {
    const r = await run(hook('wave-no-such-command-4f1d'));
    expect(r).toMatchObject({ exitCode: 127, signal: null, timedOut: false, spawnError: null, stdout: '' });
    expect(r.stderr).toMatch(/wave-no-such-command-4f1d/);
    expect(r.stderr).toMatch(/not found/i);
  });

  it('exit 127: a script path that does not exist', async ({ expect }) => {
    const r = await run(hook(fx('no-such-script.sh')));
    expect(r).toMatchObject({ exitCode: 127, signal: null, spawnError: null });
    expect(r.stderr).toMatch(/no-such-script\.sh/);
    expect(r.stderr).toMatch(/not found|no such file/i);
  });

  it('exit 126: a script without the executable bit (sh says "Permission denied")', async ({ expect }) => {
    expect(statSync(join(FIXTURES, 'not-executable.sh')).mode & 0o111).toBe(0);
    const r = await run(hook(fx('not-executable.sh')));
    expect(r).toMatchObject({ exitCode: 126, signal: null, timedOut: false, spawnError: null, stdout: '' });
    expect(r.stderr).toMatch(/not-executable\.sh/);
    expect(r.stderr).toMatch(/permission denied/i);
  });
});

describe.concurrent('runHookProcess: stdin', () => {
  const bigInput = JSON.stringify({
    hook_event_name: 'PreToolUse',
    tool_input: { content: 'x'.repeat(1024 * 1024) },
  });

  it('a hook that never reads a 1 MB stdin and exits at once: no EPIPE, no hang, exit code kept', async ({ expect }) => {
    const r = await run(hook(fx('ignore-stdin.sh'), { input: bigInput }));
    expect(r).toMatchObject({ exitCode: 3, signal: null, timedOut: false, spawnError: null, stdout: 'did not read stdin' });
    expect(r.stderr).not.toMatch(/EPIPE/);
  });

  it('a hook that never reads a 1 MB stdin and exits while the write is blocked: same', async ({ expect }) => {
    const r = await run(hook(`${fx('ignore-stdin.sh')} 0 0.3`, { input: bigInput }));
    expect(r).toMatchObject({ exitCode: 0, signal: null, timedOut: false, spawnError: null, stdout: 'did not read stdin' });
  });

  it('stdin arrives complete, then EOF (so `cat` terminates)', async ({ expect }) => {
    const input = JSON.stringify({ hook_event_name: 'UserPromptSubmit', prompt: 'héllo wörld — ✓ 🚀' });
    const r = await run(hook(fx('echo-stdin.sh'), { input }));
    expect(r).toMatchObject({ exitCode: 0, timedOut: false, spawnError: null, stdout: input, stdoutTruncated: false });
  });

  it('a 1 MB stdin arrives byte for byte (with a cap large enough to keep it)', async ({ expect }) => {
    const r = await run(hook(fx('echo-stdin.sh'), { input: bigInput, outputCap: 2 * 1024 * 1024 }));
    expect(r).toMatchObject({ exitCode: 0, timedOut: false, spawnError: null, stdoutTruncated: false });
    expect(r.stdout.length).toBe(bigInput.length);
    expect(r.stdout === bigInput).toBe(true);
  });

  it('a hook that counts its stdin bytes sees exactly the UTF-8 bytes sent', async ({ expect }) => {
    const input = JSON.stringify({ prompt: 'ünïcødé ✓'.repeat(1000) });
    const r = await run(hook('wc -c', { input }));
    expect(r.exitCode).toBe(0);
    expect(Number(r.stdout)).toBe(Buffer.byteLength(input, 'utf8'));
  });
});

describe.concurrent('runHookProcess: timeouts and kills', () => {
  it('a hanging hook (sleep 30) with timeoutMs 500: timedOut, SIGTERM, output so far kept', async ({ expect }) => {
    const r = await run(hook(fx('hang.sh'), { timeoutMs: 500 }));
    expect(r).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGTERM', spawnError: null, stdout: 'started' });
    expect(r.durationMs).toBeGreaterThanOrEqual(450);
    expect(r.wallMs).toBeLessThan(SLEEP_MS); // returned before the hook's sleep would have ended
  });

  it('a hook ignoring SIGTERM is SIGKILLed after killGraceMs (300 ms)', async ({ expect }) => {
    const r = await run(
      hook(`trap '' TERM; echo ignoring; while :; do sleep 0.1; done`, { timeoutMs: 300, killGraceMs: 300 }),
    );
    expect(r).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGKILL', spawnError: null, stdout: 'ignoring' });
    expect(r.durationMs).toBeGreaterThanOrEqual(550);
    expect(r.wallMs).toBeLessThan(SLEEP_MS); // returned before the hook's sleep would have ended
  });

  it('a hook ignoring SIGTERM is SIGKILLed after the default 2 s grace', async ({ expect }) => {
    const r = await run(hook(`exec ${fx('ignore-term.sh')}`, { timeoutMs: 300 }));
    expect(r).toMatchObject({
      timedOut: true,
      exitCode: null,
      signal: 'SIGKILL',
      spawnError: null,
      stdout: 'ignoring SIGTERM',
    });
    // 300 ms timeout + 2000 ms grace, with a little slack for timers.
    expect(r.durationMs).toBeGreaterThanOrEqual(2_250);
    expect(r.wallMs).toBeLessThan(SLEEP_MS); // returned before the hook's sleep would have ended
  });

  it('a timed-out hook: its whole process group is killed, not just the shell', async ({ expect }) => {
    const pidFile = join(scratch, `group-${randomUUID()}.pid`);
    // The shell waits on a child that ignores SIGTERM; only the group-wide SIGKILL stops that child.
    const r = await run(
      hook(`(trap '' TERM; exec sleep 30) & echo $! > '${pidFile}'; wait`, { timeoutMs: 300, killGraceMs: 300 }),
    );
    expect(r.timedOut).toBe(true);
    expect(r.wallMs).toBeLessThan(SLEEP_MS); // returned before the hook's sleep would have ended
    expect(await waitUntilDead(readPid(pidFile))).toBe(true);
  });

  it('dies by SIGKILL (kill -9 $$): signal set, exitCode null, not a timeout', async ({ expect }) => {
    const r = await run(hook(`exec ${fx('self-kill.sh')} KILL`));
    expect(r).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: false, spawnError: null, stderr: 'about to die' });
  });

  it('dies by SIGTERM (kill -TERM $$): signal set, exitCode null, not a timeout', async ({ expect }) => {
    const r = await run(hook(`echo bye >&2; kill -TERM $$`));
    expect(r).toMatchObject({ exitCode: null, signal: 'SIGTERM', timedOut: false, spawnError: null, stderr: 'bye' });
  });

  it('a hook signalling its whole process group (kill -TERM 0) kills only itself, never the sidecar', async ({ expect }) => {
    const r = await run(hook(`sleep 30 & echo bye >&2; kill -TERM 0`));
    expect(r).toMatchObject({ exitCode: null, signal: 'SIGTERM', timedOut: false, spawnError: null, stderr: 'bye' });
    expect(r.wallMs).toBeLessThan(SLEEP_MS); // returned before the hook's sleep would have ended
  });

  it('SIGPIPE has its default action in hooks (`yes | head` ends quietly, no "Broken pipe")', async ({ expect }) => {
    const r = await run(hook(`yes | head -c 5`));
    expect(r).toMatchObject({ exitCode: 0, signal: null, timedOut: false, stdout: 'y\ny\ny', stderr: '' });
  });
});

describe.concurrent('runHookProcess: grandchildren holding the pipes', () => {
  it('returns promptly with exit 0 and "hi"; the grandchild is killed', async ({ expect }) => {
    const pidFile = join(scratch, `grandchild-${randomUUID()}.pid`);
    const r = await run(hook(`${fx('grandchild.sh')} '${pidFile}'`));
    expect(r).toMatchObject({ exitCode: 0, signal: null, timedOut: false, spawnError: null, stdout: 'hi', stderr: '' });
    expect(r.wallMs).toBeLessThan(SLEEP_MS); // returned before the hook's sleep would have ended
    expect(await waitUntilDead(readPid(pidFile))).toBe(true);
  });

  it('the brief\'s inline form `(sleep 30) & echo hi; exit 0` returns promptly too', async ({ expect }) => {
    const r = await run(hook(`(sleep 30) & echo hi; exit 0`));
    expect(r).toMatchObject({ exitCode: 0, signal: null, timedOut: false, spawnError: null, stdout: 'hi' });
    expect(r.wallMs).toBeLessThan(SLEEP_MS); // returned before the hook's sleep would have ended
  });

  it('a grandchild that ignores SIGTERM is SIGKILLed after killGraceMs', async ({ expect }) => {
    const pidFile = join(scratch, `grandchild-${randomUUID()}.pid`);
    const r = await run(hook(`${fx('grandchild.sh')} '${pidFile}' ignore-term`, { killGraceMs: 300 }));
    expect(r).toMatchObject({ exitCode: 0, signal: null, timedOut: false, spawnError: null, stdout: 'hi' });
    expect(r.wallMs).toBeLessThan(SLEEP_MS); // returned before the hook's sleep would have ended
    expect(await waitUntilDead(readPid(pidFile))).toBe(true);
  });
});

describe.concurrent('runHookProcess: output decoding and caps', () => {
  it('invalid UTF-8 on stderr is decoded with U+FFFD, valid UTF-8 on stdout intact', async ({ expect }) => {
    const r = await run(hook(fx('binary-stderr.sh')));
    expect(r).toMatchObject({ exitCode: 1, spawnError: null, stdout: 'café' });
    expect(r.stderr).toBe('bad \uFFFD\uFFFD bytes \uFFFD end');
  });

  it('stderr over the cap: truncated with a note, stdout unaffected', async ({ expect }) => {
    const r = await run(hook(`echo fine; head -c 1000000 /dev/zero | tr '\\0' b >&2; exit 1`));
    expect(r).toMatchObject({ exitCode: 1, stdout: 'fine', stdoutTruncated: false, stderrTruncated: true });
    expect(r.stderr.startsWith('b'.repeat(OUTPUT_CAP))).toBe(true);
    expect(r.stderr.slice(OUTPUT_CAP)).toBe(`\n… [output truncated: ${1_000_000 - OUTPUT_CAP} more bytes dropped]`);
  });

  it('output still in the pipes when the hook exits is read to its end, however late the exit grace fires (1 ms: a timer on a busy machine)', async ({ expect }) => {
    // Output can arrive after the exit event; a grace timer that fired before it was read used to cut it off.
    const runs: ProcessResult[] = [];
    for (let round = 0; round < 4; round++) {
      const hooks = Array.from({ length: 12 }, (_, i) => (i % 2 ? `head -c 900000 /dev/zero | tr '\\0' b >&2; exit 1` : `cat; echo " end"`));
      runs.push(...(await Promise.all(hooks.map((command) => run(hook(command, { exitGraceMs: 1 }))))));
    }
    for (const [i, r] of runs.entries()) {
      if (i % 2) expect(r.stderr.slice(OUTPUT_CAP)).toBe(`\n… [output truncated: ${900_000 - OUTPUT_CAP} more bytes dropped]`);
      else expect(r).toMatchObject({ exitCode: 0, stdout: '{"hook_event_name":"Stop","session_id":"runner-test"} end' });
    }
  });

  it('a custom outputCap is honoured; a multi-byte character cut at the cap does not throw', async ({ expect }) => {
    const r = await run(hook(`printf 'ab\\303\\251cd'`, { outputCap: 3 }));
    expect(r).toMatchObject({ exitCode: 0, stdoutTruncated: true });
    expect(r.stdout).toBe('ab\uFFFD\n… [output truncated: 3 more bytes dropped]');
  });
});

describe.concurrent('runHookProcess: environment, cwd and spawn failures', () => {
  it('env is passed through exactly (and nothing else leaks in); cwd is respected', async ({ expect }) => {
    const dir = mkdtempSync(join(scratch, 'cwd-'));
    process.env.WAVE_TEST_LEAK = 'should-not-be-seen';
    try {
      const r = await run(
        hook(fx('env-cwd.sh'), {
          cwd: dir,
          env: { PATH: process.env.PATH, [MARKER_VAR]: MARKER, WAVE_TEST_VAR: 'hello $HOME "quoted"' },
        }),
      );
      expect(r).toMatchObject({ exitCode: 0, spawnError: null });
      expect(r.stdout.split('\n')).toEqual([
        'var=hello $HOME "quoted"',
        'leak=unset',
        `cwd=${realpathSync(dir)}`,
      ]);
    } finally {
      delete process.env.WAVE_TEST_LEAK;
    }
  });

  it('a cwd that does not exist: spawnError set, not a throw', async ({ expect }) => {
    const missing = join(scratch, 'does', 'not', 'exist');
    const r = await run(hook(fx('ok.sh'), { cwd: missing }));
    expect(r.spawnError).toEqual(expect.any(String));
    expect(r.spawnError).not.toBe('');
    expect(r).toMatchObject({ exitCode: null, signal: null, timedOut: false, stdout: '' });
  });

  it('a program that does not exist (no shell): spawnError set, not a throw', async ({ expect }) => {
    const r = await run({ ...hook('true'), file: join(scratch, 'no-such-program'), args: [] });
    expect(r.spawnError).toMatch(/ENOENT|not found|no such file/i);
    expect(r).toMatchObject({ exitCode: null, signal: null, timedOut: false });
  });

  it('many hooks at once stay independent', async ({ expect }) => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => run(hook(`echo "n=$N"; exit $N`, { env: { ...hook('').env, N: String(i) } }))),
    );
    results.forEach((r, i) => expect(r).toMatchObject({ exitCode: i, stdout: `n=${i}` }));
  });
});

/**
 * A stand-in for the sidecar: a separate Node process (TypeScript through tsx) that runs one hook
 * with the real runner, then dies in the way the test asks for.
 *  - `return-then-exit`: awaits the result, prints it, calls process.exit(0) at once.
 *  - `exit-while-running`: calls process.exit(0) while the hook still runs.
 *  - `run`: prints "started" and waits to be killed by a signal.
 */
const DRIVER = `
const { runHookProcess } = await import(process.env.RUNNER_URL);
const spec = JSON.parse(process.env.HOOK_SPEC);
const mode = process.argv[1];
const { existsSync } = await import('node:fs');
const hookRun = runHookProcess(spec);
if (mode === 'return-then-exit') {
  const r = await hookRun;
  process.stdout.write(JSON.stringify(r));
  process.exit(0);
}
const waitForPidFile = async () => {
  while (!existsSync(process.env.PID_FILE)) await new Promise((r) => setTimeout(r, 20));
};
await waitForPidFile();
if (mode === 'exit-while-running') process.exit(0);
process.stdout.write('started');
`;

interface DriverExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function startSidecar(mode: string, spec: ProcessSpec, pidFile: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', DRIVER, mode], {
    cwd: REPO_ROOT,
    env: { ...process.env, [MARKER_VAR]: MARKER, RUNNER_URL, HOOK_SPEC: JSON.stringify(spec), PID_FILE: pidFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<DriverExit>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, exited, started: () => stdout.includes('started') };
}

async function waitFor(cond: () => boolean): Promise<boolean> {
  const deadline = performance.now() + HANG_MS;
  while (performance.now() < deadline) {
    if (cond()) return true;
    await sleep(20);
  }
  return cond();
}

describe.concurrent('runHookProcess: no hook outlives the sidecar', () => {
  // A hook that ignores every polite signal, so only the runner's SIGKILL of its group stops it.
  const stubborn = (pidFile: string) => `trap '' TERM INT HUP; echo $$ > '${pidFile}'; while :; do sleep 0.1; done`;

  it.for(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'the sidecar killed by %s while a hook runs: the hook is killed, the sidecar still dies of the signal',
    async (signal, { expect }) => {
      const pidFile = join(scratch, `sidecar-${signal}-${randomUUID()}.pid`);
      const sidecar = startSidecar('run', hook(stubborn(pidFile)), pidFile);
      expect(await waitFor(sidecar.started)).toBe(true);
      const hookPid = readPid(pidFile);
      expect(isAlive(hookPid)).toBe(true);
      sidecar.child.kill(signal);
      const exit = await sidecar.exited;
      expect({ code: exit.code, signal: exit.signal, stderr: exit.stderr }).toEqual({ code: null, signal, stderr: '' });
      expect(await waitUntilDead(hookPid)).toBe(true);
    },
  );

  it('the sidecar exits (process.exit) while a hook runs: the hook is killed', async ({ expect }) => {
    const pidFile = join(scratch, `sidecar-exit-${randomUUID()}.pid`);
    const sidecar = startSidecar('exit-while-running', hook(stubborn(pidFile)), pidFile);
    const exit = await sidecar.exited;
    expect({ code: exit.code, stderr: exit.stderr }).toEqual({ code: 0, stderr: '' });
    expect(await waitUntilDead(readPid(pidFile))).toBe(true);
  });

  it('the sidecar exits right after a hook returned while its grandchild still awaited its SIGKILL: the grandchild dies too', async ({
    expect,
  }) => {
    const pidFile = join(scratch, `sidecar-grandchild-${randomUUID()}.pid`);
    // killGraceMs 10 s: the runner returns (exit grace) long before it would send the SIGKILL itself.
    const spec = hook(`${fx('grandchild.sh')} '${pidFile}' ignore-term`, { killGraceMs: 10_000 });
    const sidecar = startSidecar('return-then-exit', spec, pidFile);
    const exit = await sidecar.exited;
    expect({ code: exit.code, stderr: exit.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(exit.stdout)).toMatchObject({ exitCode: 0, stdout: 'hi', timedOut: false });
    expect(await waitUntilDead(readPid(pidFile))).toBe(true);
  });
});

// Alone, so nothing else moves the memory needle while it runs.
describe('runHookProcess: a hook printing 200 MB', () => {
  it('stdout truncated to the cap with a note, everything drained, memory bounded', async () => {
    const total = 200 * 1024 * 1024;
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    let r: Awaited<ReturnType<typeof run>>;
    try {
      r = await run(hook(`exec ${fx('flood.sh')} ${total}`));
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(r).toMatchObject({
      exitCode: 0,
      signal: null,
      timedOut: false,
      spawnError: null,
      stderr: 'flooding',
      stdoutTruncated: true,
      stderrTruncated: false,
    });
    expect(r.stdout.startsWith('a'.repeat(OUTPUT_CAP))).toBe(true);
    // Every byte past the cap was read and counted (drained), none kept.
    expect(r.stdout.slice(OUTPUT_CAP)).toBe(`\n… [output truncated: ${total - OUTPUT_CAP} more bytes dropped]`);
    // Keeping the output would grow rss by 200 MB at least (400 MB as a JS string). What remains is
    // Node's own cost of reading a pipe fast: each read allocates a fresh 64 KiB buffer that the GC
    // frees a little later; a bare `spawn` with a no-op 'data' handler shows 30 to 55 MB of growth
    // here too. So the bound is generous on purpose; the benchmark measures the real figure.
    const growthMb = (peak - before) / (1024 * 1024);
    expect(growthMb, `rss grew by ${growthMb.toFixed(1)} MB`).toBeLessThan(100);
  });
});
