// The sidecar's side of the hook spawner (docs/architecture.md, "The hook spawner"): a small
// long-lived Node process (spawnerMain.ts) that forks the hooks, so that a hook's fork costs what
// it costs from a small process whatever the sidecar's memory (docs/benchmarks.md). Started
// lazily; until it says it is ready, and after it is given up on, hooks run from this process
// (spawn.ts). If it dies: a hook it had not started yet (gated: it cannot have run its command)
// runs again from here; a hook it had started is stopped (SIGTERM to its group and to whoever
// holds its output, SIGKILL 2 s later) and its result is a failure, never a success; the next hook
// starts a new spawner. A spawner that does not answer within the hook's own time limits plus a
// margin is killed, with the same effect: no hook waits for it forever.
import { existsSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProcessSpec } from '../handlers/processSpec.js';
import { handlerResult } from '../handlers/handlerResult.js';
import { runDirect } from './spawn.js';
import type { ProcessResult } from '../contract/types.js';
import { trackGroup, untrackGroup } from '../../process/groups.js';
import { HelperProcess } from '../../process/helperProcess.js';
import { longTimeout } from '../../process/longTimeout.js';
import { deferred } from '../../process/deferred.js';
import { gatedArgs, Reaper } from '../../process/pipeHolders.js';

/** After this many deaths the spawner is given up on for the life of this process. */
const MAX_DEATHS = 3;
/** Beyond a hook's own limits (timeout, kill grace, exit grace, the drainer's stop), how long its answer may take. */
const ANSWER_MARGIN_MS = 10_000;

/** How to start the spawner program: its compiled file, or its source through tsx. Null when neither is there. */
function spawnerProgram(): { args: string[]; cwd: string } | null {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // Running from the TypeScript sources (tests, benchmarks): tsx is found from the source folder.
    const file = fileURLToPath(new URL('./spawnerMain.ts', here));
    return existsSync(file) ? { args: ['--import', 'tsx', file], cwd: dirname(file) } : null;
  }
  // Compiled (dist/hooks/), or bundled by the plugin's packaging (bin/hook-spawner.js, this code in bin/ or bin/chunks/).
  for (const name of ['./spawnerMain.js', './hook-spawner.js', '../hook-spawner.js']) {
    const file = fileURLToPath(new URL(name, here));
    if (existsSync(file)) return { args: [file], cwd: dirname(file) };
  }
  return null;
}

interface Call {
  spec: ProcessSpec;
  t0: number;
  startedAt: number;
  resolve: (r: ProcessResult) => void;
  /** Set once the hook detached (async first line): its final result goes here. */
  done: ((r: ProcessResult) => void) | null;
  started: { pid: number; links: readonly string[] } | null;
  watchdog: { clear(): void };
  /** The user asked to stop it (before it started, it is stopped at its start). */
  stopped?: boolean;
}

type Message =
  | { t: 'ready' }
  | { t: 'started'; id: number; pid: number; links: string[] }
  | { t: 'detached'; id: number; result: ProcessResult; asyncTimeoutMs: number | null }
  | { t: 'done'; id: number; result: ProcessResult };

/** The result of a hook whose spawner died after starting it: a failure (it was stopped), never a success. */
function lostResult(call: Call, why: string): ProcessResult {
  return handlerResult(call.startedAt, call.t0, {
    signal: 'SIGTERM',
    stderr: `the hook spawner process ${why} while this hook ran: the hook was stopped and its result is lost`,
  });
}

/** A hook's own limits: its timeout, kill grace, exit grace and the drainer's stop (1 s). */
function limitMs(spec: ProcessSpec, timeoutMs: number): number {
  return timeoutMs + (spec.killGraceMs ?? 2000) + (spec.exitGraceMs ?? 500) + 1000;
}

export interface SpawnerOptions {
  /** false: never start one (Windows, or WAVE_HOOK_SPAWNER=off). */
  enabled: boolean;
  /** Beyond a hook's own limits, how long its answer may take before the spawner counts as stuck (default 10 s). */
  answerMarginMs?: number;
}

export class HookSpawner {
  private helper: HelperProcess | null = null;
  private ready = false;
  private deaths = 0;
  private nextId = 1;
  private readonly calls = new Map<number, Call>();
  private readonly waiters: Array<(ready: boolean) => void> = [];

  private readonly enabled: boolean;
  private readonly answerMarginMs: number;

  constructor(opts: SpawnerOptions) {
    this.enabled = opts.enabled;
    this.answerMarginMs = opts.answerMarginMs ?? ANSWER_MARGIN_MS;
  }

  /** The spawner's pid while one runs or starts. */
  get pid(): number | undefined {
    return this.helper?.pid;
  }

  /** Whether a hook sent now would be run by the spawner. */
  get usable(): boolean {
    return this.ready && this.helper !== null;
  }

  private get givenUp(): boolean {
    return !this.enabled || this.deaths >= MAX_DEATHS;
  }

  /** Starts the spawner unless it runs, is starting, or was given up on. */
  start(): void {
    if (this.helper || this.givenUp) return;
    const program = spawnerProgram();
    if (!program) {
      this.deaths = MAX_DEATHS;
      return this.wake(false);
    }
    const helper: HelperProcess = new HelperProcess({
      ...program,
      onMessage: (m) => this.onMessage(m as Message),
      onClose: (why) => this.onClose(helper, why),
    });
    this.helper = helper;
  }

  /** Resolves true once the spawner is ready, false when there will be none (it is started if need be). */
  whenReady(): Promise<boolean> {
    this.start();
    if (this.usable) return Promise.resolve(true);
    if (this.givenUp || !this.helper) return Promise.resolve(false);
    const helper = this.helper;
    helper.hold(); // a caller waits: keep this process alive until the answer
    return new Promise((resolve) =>
      this.waiters.push((ready) => {
        helper.release();
        resolve(ready);
      }),
    );
  }

  run(spec: ProcessSpec): Promise<ProcessResult> {
    const helper = this.helper!;
    const id = this.nextId++;
    // The spawner has its own working directory: a relative one is made absolute here, as a direct spawn would read it.
    // A signal and a promise cannot cross the pipe: a stop is carried out from here, readiness is a release message.
    const { signal, ready, ...rest } = spec;
    const sent = { ...rest, cwd: resolvePath(spec.cwd) };
    return new Promise((resolve) => {
      const call: Call = { spec, t0: performance.now(), startedAt: Date.now(), resolve, done: null, started: null, watchdog: { clear: () => undefined } };
      call.watchdog = longTimeout(() => helper.kill(), limitMs(spec, spec.timeoutMs) + this.answerMarginMs);
      this.calls.set(id, call);
      helper.hold();
      helper.send({ t: 'run', id, spec: sent, ...(ready ? { hold: true } : {}) });
      void ready?.then(() => this.calls.has(id) && this.helper === helper && helper.send({ t: 'release', id }));
      signal?.addEventListener('abort', () => this.stop(call), { once: true });
    });
  }

  /** A stop the user asked for: the hook's group is killed from here, and the spawner reports its end. */
  private stop(call: Call): void {
    call.stopped = true;
    if (call.started) new Reaper(call.started.pid, call.started.links, call.spec.killGraceMs ?? 2000).escalate();
  }

  private wake(ready: boolean): void {
    for (const w of this.waiters.splice(0)) w(ready);
  }

  private onMessage(m: Message): void {
    if (m.t === 'ready') {
      this.ready = true;
      return this.wake(true);
    }
    const call = this.calls.get(m.id);
    if (!call) return;
    if (m.t === 'started') {
      call.started = { pid: m.pid, links: m.links };
      trackGroup(m.pid); // killed with the sidecar's other groups if this process exits first
      if (call.stopped) this.stop(call);
    } else if (m.t === 'detached') {
      const { promise, resolve } = deferred<ProcessResult>();
      call.done = resolve;
      call.watchdog.clear();
      const left = m.asyncTimeoutMs ?? Math.max(0, call.spec.timeoutMs - (performance.now() - call.t0));
      call.watchdog = longTimeout(() => this.helper?.kill(), limitMs(call.spec, left) + this.answerMarginMs);
      call.resolve({ ...this.timed(call, m.result), detached: { asyncTimeoutMs: m.asyncTimeoutMs, done: promise } });
    } else {
      this.settle(m.id, call, this.timed(call, m.result));
    }
  }

  /** Times as this process saw them (the pipe round trip included). */
  private timed(call: Call, r: ProcessResult): ProcessResult {
    return { ...r, startedAt: call.startedAt, durationMs: performance.now() - call.t0 };
  }

  private settle(id: number, call: Call, r: ProcessResult): void {
    this.calls.delete(id);
    call.watchdog.clear();
    if (call.started) untrackGroup(call.started.pid);
    this.helper?.release();
    (call.done ?? call.resolve)(r);
  }

  private onClose(helper: HelperProcess, why: string): void {
    if (this.helper !== helper) return;
    this.helper = null;
    this.ready = false;
    this.deaths++;
    if (this.givenUp) this.wake(false);
    else if (this.waiters.length) this.start();
    for (const [id, call] of [...this.calls]) this.rescue(id, call, why);
  }

  /** A hook of a spawner that died: run again when it cannot have run its command, else stop it. */
  private rescue(id: number, call: Call, why: string): void {
    this.calls.delete(id);
    call.watchdog.clear();
    const unstarted = !call.started && !call.done && gatedArgs(call.spec.file, call.spec.args) !== null;
    if (unstarted) {
      void runDirect(call.spec).then(call.resolve);
      return;
    }
    const cause = why.split(':')[0] ?? why;
    if (!call.started)
      return call.resolve(handlerResult(call.startedAt, call.t0, { spawnError: `the hook spawner process ${cause} before it started this hook` }));
    // Still tracked (from 'started'): the Reaper's SIGKILL untracks it.
    new Reaper(call.started.pid, call.started.links, call.spec.killGraceMs ?? 2000).escalate();
    (call.done ?? call.resolve)(lostResult(call, cause));
  }
}
