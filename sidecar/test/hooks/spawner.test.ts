// The hook spawner process (spawner.ts, spawnerMain.ts; docs/architecture.md, "The hook spawner"):
// hooks forked by a small long-lived process keep every guarantee of a direct run, and nothing is
// lost or hangs when it dies. Real processes throughout; each spawner here is its own instance
// (the runner's shared one is left alone). Tests wait on events (a pid file, a promise, a process
// going away), never on fixed sleeps.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_CAP, type ProcessSpec } from '../../src/hooks/run/runner.js';
import { runDirect } from '../../src/hooks/run/spawn.js';
import { HookSpawner } from '../../src/hooks/run/spawner.js';
import { dead, until } from './processes.js';

const HERE = new URL('.', import.meta.url).pathname;
const REPO_ROOT = join(HERE, '..', '..', '..');
const RUNNER_URL = new URL('../../src/hooks/run/runner.ts', import.meta.url).href;
let scratch = '';
let n = 0;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'wave-spawner-test-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function spec(command: string, over: Partial<ProcessSpec> = {}): ProcessSpec {
  return { file: 'sh', args: ['-c', command], cwd: scratch, env: { ...process.env }, input: '{"hook_event_name":"Stop"}', timeoutMs: 10_000, ...over };
}

const pidFile = () => join(scratch, `pid-${n++}`);

/** Waits for the hook to write `$$ $PPID` to the file; returns both. */
async function pids(file: string): Promise<{ pid: number; ppid: number }> {
  expect(await until(() => existsSync(file) && readFileSync(file, 'utf8').includes('\n'))).toBe(true);
  const [pid, ppid] = readFileSync(file, 'utf8').trim().split(' ').map(Number);
  return { pid: pid!, ppid: ppid! };
}

async function readySpawner(opts: { answerMarginMs?: number } = {}): Promise<HookSpawner> {
  const s = new HookSpawner({ enabled: true, ...opts });
  expect(await s.whenReady()).toBe(true);
  expect(s.usable).toBe(true);
  return s;
}

describe.concurrent('hooks forked by the spawner', () => {
  it('run in the spawner, in their own process group, with stdin, env and cwd as given', async ({ expect }) => {
    const s = await readySpawner();
    const r = await s.run(spec(`cat; echo; echo "$PPID $(ps -o pgid= -p $$ | tr -d ' ') $$ $V $(pwd)"`, { env: { PATH: process.env.PATH, V: 'v' } }));
    expect(r).toMatchObject({ exitCode: 0, signal: null, timedOut: false, spawnError: null });
    const [input, line] = r.stdout.split('\n');
    expect(input).toBe('{"hook_event_name":"Stop"}');
    const [ppid, pgid, pid, v, cwd] = line!.split(' ');
    expect(Number(ppid)).toBe(s.pid);
    expect(pgid).toBe(pid);
    expect(v).toBe('v');
    expect(cwd).toBe(scratch);
  });

  it('keep the guarantees: timeout kills the group, caps and drain, replacement decoding, spawn errors as results', async ({ expect }) => {
    const s = await readySpawner();
    const [timeout, flood, bytes, nul, cwd] = await Promise.all([
      s.run(spec(`trap '' TERM; echo ignoring; while :; do sleep 0.1; done`, { timeoutMs: 300, killGraceMs: 300 })),
      s.run(spec(`head -c 5000000 /dev/zero | tr '\\0' a`)),
      s.run(spec(`printf 'bad \\377\\376 end' >&2; exit 1`)),
      s.run(spec('echo a\u0000b')),
      s.run(spec('true', { cwd: join(scratch, 'no', 'such') })),
    ]);
    expect(timeout).toMatchObject({ timedOut: true, signal: 'SIGKILL', stdout: 'ignoring' });
    expect(flood.stdout).toBe(`${'a'.repeat(OUTPUT_CAP)}\n… [output truncated: ${5_000_000 - OUTPUT_CAP} more bytes dropped]`);
    expect(bytes.stderr).toBe('bad \uFFFD\uFFFD end');
    expect(nul.spawnError).toMatch(/null bytes/);
    expect(cwd.spawnError).toMatch(/does not exist/);
  });

  it('a grandchild that escaped the group and holds the pipes is killed; the run returns', async ({ expect }) => {
    const s = await readySpawner();
    const file = pidFile();
    const r = await s.run(spec(`setsid sh -c 'echo "$$ $PPID" > "${file}"; exec sleep 600' & echo started`));
    expect(r).toMatchObject({ exitCode: 0, stdout: 'started' });
    const { pid } = await pids(file);
    expect(await until(() => dead(pid))).toBe(true);
  });
});

describe.concurrent('when the spawner dies', () => {
  it('a hook it had started is stopped and fails (never a success); the next hook gets a new spawner', async ({ expect }) => {
    const s = await readySpawner();
    const first = s.pid!;
    const file = pidFile();
    const running = s.run(spec(`echo "$$ $PPID" > '${file}'; sleep 30; exit 0`));
    const { pid, ppid } = await pids(file);
    expect(ppid).toBe(first);
    process.kill(first, 'SIGKILL');
    const r = await running;
    expect(r).toMatchObject({ exitCode: null, signal: 'SIGTERM', timedOut: false, spawnError: null });
    expect(r.stderr).toMatch(/spawner process exited/);
    expect(await until(() => dead(pid))).toBe(true);
    expect(s.usable).toBe(false);
    expect(await s.whenReady()).toBe(true);
    expect(s.pid).not.toBe(first);
    expect(await s.run(spec('echo $PPID'))).toMatchObject({ exitCode: 0, stdout: String(s.pid) });
  });

  it('a hook it had not started yet runs from this process instead: no hook lost', async ({ expect }) => {
    const s = await readySpawner();
    const pid = s.pid!;
    process.kill(pid, 'SIGSTOP'); // it cannot read the request
    const r = s.run(spec('cat; echo " $PPID"'));
    process.kill(pid, 'SIGKILL');
    const result = await r;
    expect(result, JSON.stringify(result)).toMatchObject({ exitCode: 0, stdout: `{"hook_event_name":"Stop"} ${process.pid}` });
  });

  it('a detached hook whose spawner dies: done is a failure, the process is stopped', async ({ expect }) => {
    const s = await readySpawner();
    const file = pidFile();
    const first = await s.run(spec(`printf '{"async":true}\\n'; echo "$$ $PPID" > '${file}'; sleep 30`, { detachOnAsyncLine: true }));
    const { pid } = await pids(file);
    process.kill(s.pid!, 'SIGKILL');
    expect(await first.detached!.done).toMatchObject({ exitCode: null, signal: 'SIGTERM' });
    expect(await until(() => dead(pid))).toBe(true);
  });

  it('a spawner that stops answering is killed after the hook’s limits plus the margin; the hook runs from here', async ({ expect }) => {
    const s = await readySpawner({ answerMarginMs: 100 });
    process.kill(s.pid!, 'SIGSTOP');
    const r = await s.run(spec('echo $PPID', { timeoutMs: 100, killGraceMs: 100, exitGraceMs: 100 }));
    expect(r).toMatchObject({ exitCode: 0, stdout: String(process.pid) });
  });

  it('after three deaths it is given up on: whenReady says false', async ({ expect }) => {
    const s = await readySpawner();
    for (let i = 0; i < 2; i++) {
      process.kill(s.pid!, 'SIGKILL');
      await until(() => !s.usable);
      expect(await s.whenReady()).toBe(true);
    }
    process.kill(s.pid!, 'SIGKILL');
    await until(() => !s.usable);
    expect(await s.whenReady()).toBe(false);
    expect(s.usable).toBe(false);
  });
});

/** A stand-in sidecar: readies the runner's spawner, runs one stubborn hook, and waits to be killed. */
const DRIVER = `
const { runHookProcess, prepareHookRunner } = await import(process.env.RUNNER_URL);
if (!(await prepareHookRunner())) throw new Error('no spawner');
void runHookProcess(JSON.parse(process.env.HOOK_SPEC));
setInterval(() => {}, 1000);
`;

describe('the sidecar dies of SIGKILL while the spawner runs a hook', () => {
  it('the spawner sees its stdin end and kills the hook (ignoring SIGTERM), then exits', async () => {
    const file = pidFile();
    const hook = spec(`trap '' TERM INT HUP; echo "$$ $PPID" > '${file}'; while :; do sleep 0.1; done`);
    const sidecar = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', DRIVER], {
      cwd: REPO_ROOT,
      env: { ...process.env, RUNNER_URL, HOOK_SPEC: JSON.stringify(hook) },
      stdio: 'ignore',
    });
    const { pid, ppid } = await pids(file);
    expect(ppid).not.toBe(sidecar.pid);
    sidecar.kill('SIGKILL');
    expect(await until(() => dead(pid))).toBe(true);
    expect(await until(() => dead(ppid))).toBe(true);
  });
});

describe('ready: the command waits for what it reads', () => {
  // The hook is forked at once and waits at its gate; the file it reads is written once the shell
  // sleeps there, before ready resolves: it sees the file, through the spawner and forked here alike.
  it.each(['spawner', 'direct'] as const)('%s: the command starts only once ready resolves', async (how) => {
    const file = join(scratch, `ready-${n++}`);
    const opened = deferredVoid();
    const s = how === 'spawner' ? await readySpawner() : null;
    const hook = spec(`cat '${file}'`, { ready: opened.promise });
    const result = s ? s.run(hook) : runDirect(hook);
    let pid = 0;
    expect(await until(() => (pid = waitingAtGate(file)) > 0)).toBe(true);
    writeFileSync(file, 'written before ready');
    opened.resolve();
    const r = await result;
    expect([r.exitCode, r.stdout]).toEqual([0, 'written before ready']);
    expect(pid).toBeGreaterThan(0);
  });
});

/** The pid of the shell whose command names `marker`, once it sleeps (at its gate), else 0. */
function waitingAtGate(marker: string): number {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (!readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('S')) return Number(name);
    } catch {
      // gone meanwhile
    }
  }
  return 0;
}

function deferredVoid(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
