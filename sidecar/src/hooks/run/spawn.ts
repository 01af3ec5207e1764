// Runs ONE hook process from this process, on `node:child_process` directly (docs/hooks.md, "How a
// hook runs"; why not execa: docs/benchmarks.md): own process group, JSON on stdin then EOF, a
// timeout that SIGTERMs the whole group and SIGKILLs it 2 s later, output capped (capture.ts), and
// when the hook ends or is killed every process still holding its stdout/stderr is killed too
// (process/pipeHolders.ts). A spawn failure is a result, never an exception. With
// `detachOnAsyncLine`, a first stdout line `{"async":true,…}` resolves the run at once and the
// process goes on under `detached.done`. The runner (runner.ts) calls this here or in the hook
// spawner process (spawnerMain.ts).
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { CappedCollector, OUTPUT_CAP } from './capture.js';
import { handlerResult } from '../handlers/handlerResult.js';
import type { ProcessSpec } from '../handlers/processSpec.js';
import type { ProcessResult } from '../contract/types.js';
import { deferred } from '../../process/deferred.js';
import { trackGroup, untrackGroup } from '../../process/groups.js';
import { longTimeout } from '../../process/longTimeout.js';
import { childOutputLinks, endExitGrace, gatedArgs, Reaper } from '../../process/pipeHolders.js';
import { messageOf } from '../../util/errors.js';

/** What the caller hears while a hook runs. */
export interface RunEvents {
  /** The hook runs (its pid, what its stdout/stderr link to); called before its stdin is written. */
  onStarted?(pid: number, links: readonly string[]): void;
}

type Child = ChildProcessByStdio<Writable, Readable, Readable>;
type Exit = { code: number | null; signal: string | null };

/** Writing the JSON to a hook that exits without reading it fails with EPIPE: that is fine. */
function ignoreStdinError(): void {
  // expected (EPIPE / ECONNRESET: the hook exited without reading); no other error can reach a pipe we only write once
}

function failure(startedAt: number, t0: number, message: string): ProcessResult {
  return handlerResult(startedAt, t0, { spawnError: message });
}

/** The async first-line answer (`{"async":true,"asyncTimeout":ms}`): its timeout, or undefined when the line is not one. */
export function asyncLine(line: string): { asyncTimeoutMs: number | null } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  if (o.async !== true) return undefined;
  const t = o.asyncTimeout;
  return { asyncTimeoutMs: typeof t === 'number' && Number.isFinite(t) && t > 0 ? t : null };
}

export function runDirect(spec: ProcessSpec, events: RunEvents = {}): Promise<ProcessResult> {
  const gated = gatedArgs(spec.file, spec.args);
  // Without a gate nothing could hold the command back: it is spawned once the caller is ready.
  if (spec.ready && !gated) {
    const { ready, ...rest } = spec;
    return ready.then(() => runDirect(rest, events));
  }
  const startedAt = Date.now();
  const t0 = performance.now();
  let child: Child;
  try {
    child = spawn(spec.file, gated ?? spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true, // its own process group, so the whole group can be signalled
      windowsHide: true,
    });
  } catch (err) {
    // A NUL byte in an argument or the environment: thrown synchronously.
    return Promise.resolve(failure(startedAt, t0, messageOf(err) || 'the hook could not be started'));
  }
  if (child.pid === undefined) return spawnFailed(child, spec, startedAt, t0);
  return new HookRun(spec, child, child.pid, gated !== null, startedAt, t0, events).result;
}

/** The spawn failed (no such program, no such cwd): Node says why in an 'error' event. */
function spawnFailed(child: Child, spec: ProcessSpec, startedAt: number, t0: number): Promise<ProcessResult> {
  return new Promise((resolve) => {
    child.stdin.on('error', ignoreStdinError);
    child.once('error', (err) => {
      const message = err.message || 'the hook could not be started';
      resolve(failure(startedAt, t0, existsSync(spec.cwd) ? message : `the working directory ${spec.cwd} does not exist (${message})`));
    });
  });
}

/** One running hook: its timers, its output, its end. */
class HookRun {
  private readonly final = deferred<ProcessResult>();
  /** What the caller awaits: the final result, or the early one of a hook that detached. */
  readonly result: Promise<ProcessResult>;
  private resolveFirst: ((r: ProcessResult) => void) | null;
  private readonly reaper: Reaper;
  private readonly out: CappedCollector;
  private readonly err: CappedCollector;
  private timeout: { clear(): void };
  private exitGrace: { clear(): void } | null = null;
  private exit: Exit | null = null;
  private closed = false;
  private timedOut = false;
  /** What the hook's stdout/stderr link to (process/pipeHolders.ts); empty where /proc cannot tell. */
  private readonly links: readonly string[];

  constructor(
    spec: ProcessSpec,
    private readonly child: Child,
    private readonly pid: number,
    gated: boolean,
    private readonly startedAt: number,
    private readonly t0: number,
    events: RunEvents,
  ) {
    const first = deferred<ProcessResult>();
    this.result = first.promise;
    this.resolveFirst = first.resolve;
    // Read while the hook waits at its gate: what its stdout/stderr are, to find later whoever
    // still holds them.
    this.links = childOutputLinks(pid);
    this.reaper = new Reaper(pid, this.links, spec.killGraceMs ?? 2000);
    events.onStarted?.(pid, this.links);
    // stdin is written in one piece (opening the gate), once the caller is ready; a hook that does
    // not read it is fine (EPIPE ignored).
    child.stdin.on('error', ignoreStdinError);
    const write = () => child.stdin.end(gated ? `\n${spec.input}` : spec.input);
    if (spec.ready) void spec.ready.then(write);
    else write();
    trackGroup(pid);
    const cap = spec.outputCap ?? OUTPUT_CAP;
    this.out = new CappedCollector(cap, child.stdout);
    this.err = new CappedCollector(cap, child.stderr);
    if (spec.detachOnAsyncLine) this.out.watchFirstLine((line) => this.onFirstLine(line));
    this.timeout = longTimeout(() => this.onTimeout(), spec.timeoutMs);
    // A stop the user asked for kills the group as a timeout does, without calling it one.
    spec.signal?.addEventListener('abort', () => this.exit || this.reaper.escalate(), { once: true });
    child.on('error', () => undefined); // only a failed kill() could land here, and we signal with process.kill
    child.on('exit', (code, signal) => {
      this.exit = { code, signal };
      this.exitGrace = longTimeout(() => endExitGrace(this.links, () => this.cutOutput()), spec.exitGraceMs ?? 500);
    });
    child.on('close', (code, signal) => void this.finish({ code, signal }));
  }

  private onTimeout(): void {
    if (this.exit) return;
    this.timedOut = true;
    this.reaper.escalate();
  }

  /**
   * A grandchild may still hold stdout/stderr open: at the end of the exit grace (pipeHolders.ts,
   * `endExitGrace`) stop waiting (and make the drainers, which read such a pipe, report what they
   * counted so far).
   */
  private cutOutput(): void {
    if (this.closed) return;
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    this.out.drainer?.stop();
    this.err.drainer?.stop();
    this.reaper.escalate();
  }

  /** The first stdout line: when it is the async answer, the run resolves now and the process goes on. */
  private onFirstLine(line: string): boolean {
    const answer = asyncLine(line);
    const resolve = this.resolveFirst;
    if (!answer || !resolve) return false;
    this.resolveFirst = null;
    if (answer.asyncTimeoutMs !== null) {
      this.timeout.clear();
      this.timeout = longTimeout(() => this.onTimeout(), answer.asyncTimeoutMs);
    }
    resolve({
      startedAt: this.startedAt,
      durationMs: performance.now() - this.t0,
      exitCode: null,
      signal: null,
      timedOut: false,
      spawnError: null,
      stdout: line.trim(),
      stderr: '',
      stdoutTruncated: false,
      stderrTruncated: false,
      detached: { asyncTimeoutMs: answer.asyncTimeoutMs, done: this.final.promise },
    });
    return true;
  }

  private async finish(closed: Exit): Promise<void> {
    this.closed = true;
    if (this.out.drainer || this.err.drainer) await Promise.all([this.out.settle(), this.err.settle()]);
    this.timeout.clear();
    this.exitGrace?.clear();
    // A group that was signalled may still hold a process ignoring SIGTERM (a grandchild that kept
    // the pipes open, say) until its SIGKILL: keep it where the exit handler can find it till then.
    if (!this.reaper.signalled) untrackGroup(this.pid);
    const exit = this.exit ?? closed;
    const result: ProcessResult = {
      startedAt: this.startedAt,
      durationMs: performance.now() - this.t0,
      exitCode: exit.code,
      signal: exit.signal,
      timedOut: this.timedOut,
      spawnError: null,
      stdout: this.out.text(),
      stderr: this.err.text(),
      stdoutTruncated: this.out.truncated,
      stderrTruncated: this.err.truncated,
    };
    this.final.resolve(result);
    const first = this.resolveFirst;
    this.resolveFirst = null;
    first?.(result);
  }
}
