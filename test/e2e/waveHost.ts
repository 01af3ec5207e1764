// How the end-to-end harness runs a `wave` command: in the worker's warm `wave` (waveHost.mjs) when
// it is free, else as a process of its own (docs/reliability.md, "A warm wave"). A process of its
// own is used when every host of the worker is busy, when the command's environment sets what the
// sidecar reads once at its start (WAVE_HOOK_SPAWNER), when it reads stdin, when the test asks for
// one (`process: 'own'`), in a file that calls `ownProcessesInThisFile()`, and everywhere with
// WAVE_E2E_PROCESSES=own — the whole suite as a process per command, to compare.
//
// A host runs its hooks from itself, never through the hook spawner (WAVE_HOOK_SPAWNER=off): a
// spawner started for one command would serve the next with the first one's environment. A short
// `wave -p` forks its hooks itself too (the spawner starts after 20 hooks: hooks/run/runner.ts).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { HANG_MS } from '../limits.js';

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The process that ran it: a warm host's or the command's own. */
  pid: number;
}

export interface CommandOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** Hang guard: the command is killed after this long (default HANG_MS). */
  timeoutMs?: number;
  /** 'own': a process of its own whatever the host's state. */
  process?: 'own' | 'any';
  /** What the command reads on stdin: it runs in a process of its own (a host's stdin is /dev/null, which a command without input reads too). */
  input?: string | undefined;
}

const HOST = fileURLToPath(new URL('./waveHost.mjs', import.meta.url));
/** What the sidecar reads once, when its modules load: a command that sets them needs a process of its own. */
const READ_AT_LOAD = ['WAVE_HOOK_SPAWNER'];

interface Host {
  child: ChildProcess;
  ready: Promise<boolean>;
  busy: boolean;
}

/** Warm hosts of this worker; one more starts while every one is busy, up to MAX_HOSTS (tests of a file run side by side). */
const hosts: Host[] = [];
const MAX_HOSTS = 5;

function startHost(): Host {
  // As `node sidecar/bin/wave.js` starts: no flags of the test worker's (execArgv).
  const child = fork(HOST, [], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { WAVE_HOOK_SPAWNER: 'off' } });
  const ready = new Promise<boolean>((resolve) => {
    child.once('message', () => resolve(true));
    child.once('exit', () => resolve(false));
  });
  const h: Host = { child, ready, busy: false };
  child.once('exit', () => drop(h));
  child.unref();
  child.channel?.unref();
  hosts.push(h);
  return h;
}

/** A host that ended, or crashed in a command (its state cannot be trusted), takes no more commands. */
function drop(h: Host): void {
  const i = hosts.indexOf(h);
  if (i >= 0) hosts.splice(i, 1);
}

/** A free warm host, started if need be; null when all MAX_HOSTS are busy or it could not start. */
async function freeHost(): Promise<Host | null> {
  const h = hosts.find((x) => !x.busy) ?? (hosts.length < MAX_HOSTS ? startHost() : null);
  if (!h) return null;
  h.busy = true;
  if (await h.ready) return h;
  h.busy = false;
  return null;
}

function runInHost(h: Host, args: string[], o: CommandOptions): Promise<CommandRun> {
  h.child.channel?.ref();
  const pid = h.child.pid ?? 0;
  return new Promise((resolve) => {
    const timer = setTimeout(() => h.child.kill('SIGKILL'), o.timeoutMs ?? HANG_MS);
    let answered = false;
    const finish = (r: CommandRun) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      h.child.off('message', onMessage);
      h.child.off('exit', onExit);
      h.busy = false;
      h.child.channel?.unref();
      resolve(r);
    };
    const onMessage = (m: CommandRun & { crashed?: boolean }) => {
      if (m.crashed) drop(h);
      finish({ code: m.code, stdout: m.stdout, stderr: m.stderr, pid });
    };
    const onExit = () => finish({ code: null, stdout: '', stderr: 'the warm wave process ended during the command', pid });
    h.child.on('message', onMessage);
    h.child.once('exit', onExit);
    h.child.send({ args, env: o.env, cwd: o.cwd }, (err) => {
      if (!err) return;
      drop(h);
      finish({ code: null, stdout: '', stderr: `the warm wave process took no command: ${err.message}`, pid });
    });
  });
}

function runOwnProcess(bin: string, args: string[], o: CommandOptions): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const base = { cwd: o.cwd, env: o.env };
    // A command given no input reads /dev/null, as in a host.
    const child =
      o.input === undefined
        ? spawn(process.execPath, [bin, ...args], { ...base, stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn(process.execPath, [bin, ...args], { ...base, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin?.end(o.input);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    // A hang guard only (test/limits.ts): a run is never failed for being slow.
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? HANG_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, pid: child.pid ?? 0 });
    });
  });
}

let ownInThisFile = false;

/** Every `wave` command of the calling test file runs in a process of its own (the real-process part of the suite). */
export function ownProcessesInThisFile(): void {
  beforeAll(() => {
    ownInThisFile = true;
  });
  afterAll(() => {
    ownInThisFile = false;
  });
}

/** Runs `wave <args>` (the executable `bin`) with the options' folder and environment. */
export async function runCommand(bin: string, args: string[], o: CommandOptions): Promise<CommandRun> {
  const own =
    ownInThisFile ||
    o.process === 'own' ||
    o.input !== undefined ||
    process.env.WAVE_E2E_PROCESSES === 'own' ||
    READ_AT_LOAD.some((k) => o.env[k] !== undefined);
  const h = own ? null : await freeHost();
  if (h) return runInHost(h, args, o);
  return runOwnProcess(bin, args, o);
}
