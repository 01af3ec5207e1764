// Runs ONE hook process (docs/hooks.md, "How a hook runs"): own process group, JSON on stdin then EOF, a timeout that
// SIGTERMs the whole group and SIGKILLs it 2 s later, stdout/stderr capped at 64 KiB each with the
// rest drained and dropped, non-UTF-8 decoded with replacement characters. The result tells exit
// code, signal, timeout and spawn failure apart (a hook that cannot be spawned is a result, never
// an exception). When the hook ends or is killed, every process still holding its stdout/stderr is
// killed too, one that left the group included. Nothing here knows about events or answers.
// A stream that floods past its cap is handed to a `dd` drainer process (the pipe's fd is
// duplicated into it) so the rest never passes through Node: reading it in Node would allocate a
// fresh 64 KiB buffer per read, tens of MB of garbage during a fast flood (docs/benchmarks.md).
import type { Readable } from 'node:stream';
import { execa } from 'execa';
import type { ProcessResult } from './types.js';
import { trackGroup, trackProcess, untrackGroup, untrackProcess } from '../process/groups.js';
import { longTimeout } from '../process/longTimeout.js';
import { childOutputLinks, gatedArgs, Reaper } from '../process/pipeHolders.js';

export interface ProcessSpec {
  /** Program and arguments, e.g. `sh`, `['-c', command]`. */
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  input: string;
  timeoutMs: number;
  /** Between SIGTERM and SIGKILL (default 2000). */
  killGraceMs?: number;
  /** Bytes kept per stream (default 64 KiB). */
  outputCap?: number;
  /**
   * After the hook itself exited, how long to wait for its output pipes to close. A grandchild that
   * still holds them open past this is killed with its process group (default 500).
   */
  exitGraceMs?: number;
  /** Aborting it kills the hook's process group as a timeout does (SIGTERM, then SIGKILL): a stop asked by the user. */
  signal?: AbortSignal;
}

/** The process runner the engine uses; injectable for tests that need a fake clock or spawner. */
export type ProcessRunner = (spec: ProcessSpec) => Promise<ProcessResult>;

export const OUTPUT_CAP = 64 * 1024;

/** What a stream's drainer process is: the bytes it counted, or null when the count is unknown. */
interface Drainer {
  done: Promise<number | null>;
  /** Makes it stop reading now and report what it counted so far (used at the exit grace). */
  stop(): void;
}

/**
 * Once this many bytes past the cap were read and dropped in Node, the rest of the stream goes to a
 * drainer process instead. Below it Node drains (cheaper than a spawn for a merely chatty hook);
 * above it every 64 KiB read would be a fresh buffer for the GC to catch up with (≈ 32 MB of them
 * pile up during a fast flood), so the pipe leaves Node altogether.
 */
export const HANDOFF_AFTER_DROPPED = 1024 * 1024;

/** `N bytes (…) copied` (GNU, busybox) or `N bytes transferred …` (BSD) on dd's stderr, LC_ALL=C. */
const DD_BYTES = /^(\d+) bytes/m;

/**
 * Starts `dd` reading the rest of `stream`'s pipe and throwing it away. The pipe's file descriptor
 * is duplicated into dd, so the data no longer passes through Node. dd exits at EOF (every writer
 * closed, i.e. the hook and any grandchild holding the pipe are gone) and prints the byte count; on
 * SIGINT it prints the count so far and exits (dd counts written blocks, so a count taken that way
 * can miss the one block it was copying). Returns null when dd cannot be started.
 */
function startDrainer(stream: Readable): Drainer | null {
  const dd = execa('dd', ['bs=65536', 'of=/dev/null'], {
    stdin: stream,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
    extendEnv: false,
    reject: false,
    cleanup: false,
    windowsHide: true,
  });
  const pid = dd.pid;
  if (pid === undefined) {
    dd.catch(() => undefined); // dd never started: there is nothing to wait for
    return null;
  }
  trackProcess(pid); // SIGKILLed with the hook groups if the sidecar exits
  let killTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  const done = dd.then((r) => {
    untrackProcess(pid);
    stopped = true;
    if (killTimer) clearTimeout(killTimer);
    const m = DD_BYTES.exec(typeof r.stderr === 'string' ? r.stderr : '');
    return m ? Number(m[1]) : null;
  });
  return {
    done,
    stop: () => {
      if (stopped) return;
      dd.kill('SIGINT');
      killTimer = setTimeout(() => dd.kill('SIGKILL'), 1000);
      killTimer.unref();
    },
  };
}

/**
 * Keeps the first `cap` bytes of a stream and counts the rest, so memory stays bounded. Past
 * HANDOFF_AFTER_DROPPED dropped bytes (POSIX only) it hands the pipe to a drainer process.
 */
class CappedCollector {
  private chunks: Buffer[] = [];
  private kept = 0;
  /** Bytes dropped in Node (plus the drainer's count once it is known). */
  dropped = 0;
  /** The drainer could not say how many bytes it dropped (it had to be killed): `dropped` is a floor. */
  private countUnknown = false;
  drainer: Drainer | null = null;
  /** No drainer process here (Windows, or dd could not be started): Node drains to the end. */
  private noDrainer = process.platform === 'win32';
  private readonly onData = (c: Buffer) => this.push(c);

  constructor(
    private readonly cap: number,
    private readonly stream: Readable | null,
  ) {
    stream?.on('data', this.onData);
  }

  private push(chunk: Buffer): void {
    const room = this.cap - this.kept;
    if (room <= 0) {
      this.dropped += chunk.length;
    } else {
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(Buffer.from(part));
      this.kept += part.length;
      this.dropped += chunk.length - part.length;
    }
    if (this.dropped >= HANDOFF_AFTER_DROPPED && !this.drainer && !this.noDrainer) this.handOff();
  }

  /** Stops reading in Node and lets a drainer process read the rest of the pipe. */
  private handOff(): void {
    const stream = this.stream;
    if (!stream) return;
    stream.pause();
    const drainer = startDrainer(stream);
    if (!drainer) {
      // Keep draining in Node (spawn stops a stream it was given from reading: start it again).
      this.noDrainer = true;
      stream.resume();
      return;
    }
    this.drainer = drainer;
    stream.removeListener('data', this.onData);
    // What Node had already read but not yet handed out is dropped too; then Node's copy of the
    // pipe is closed (dd holds its own duplicate). No event loop turn happens in between, so Node
    // reads nothing more.
    this.dropped += stream.readableLength;
    stream.destroy();
  }

  /** Waits for the drainer's count (when there is a drainer). */
  async settle(): Promise<void> {
    if (!this.drainer) return;
    const counted = await this.drainer.done;
    if (counted === null) this.countUnknown = true;
    else this.dropped += counted;
  }

  text(): string {
    if (this.chunks.length === 0 && this.dropped === 0 && !this.countUnknown) return '';
    const decoded = utf8.decode(this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks)).trim();
    if (this.dropped === 0 && !this.countUnknown) return decoded;
    const count = this.countUnknown ? `at least ${this.dropped}` : String(this.dropped);
    return `${decoded}\n… [output truncated: ${count} more bytes dropped]`;
  }

  get truncated(): boolean {
    return this.dropped > 0 || this.countUnknown;
  }
}

/** Stateless between calls (no `stream` option), so one decoder serves every run. */
const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Writing the JSON to a hook that exits without reading it fails with EPIPE: that is fine. */
function ignoreStdinError(): void {
  // expected: nothing to do
}

function startHook(spec: ProcessSpec, args: readonly string[]) {
  return execa(spec.file, args, {
    cwd: spec.cwd,
    env: spec.env,
    extendEnv: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
    buffer: false,
    reject: false,
    detached: true, // its own process group, so the whole group can be signalled
    cleanup: false,
    windowsHide: true,
    encoding: 'buffer',
  });
}

/** Starts the hook; a spawn that throws (a NUL byte in an argument) is returned as its message. */
function spawnHook(spec: ProcessSpec, args: readonly string[]): ReturnType<typeof startHook> | string {
  try {
    return startHook(spec, args);
  } catch (err) {
    return (err as Error).message || 'the hook could not be started';
  }
}

function spawnFailure(startedAt: number, t0: number, message: string): ProcessResult {
  return {
    startedAt,
    durationMs: performance.now() - t0,
    exitCode: null,
    signal: null,
    timedOut: false,
    spawnError: message,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
  };
}

export const runHookProcess: ProcessRunner = async (spec) => {
  const cap = spec.outputCap ?? OUTPUT_CAP;
  const exitGraceMs = spec.exitGraceMs ?? 500;
  const startedAt = Date.now();
  const t0 = performance.now();

  const gated = gatedArgs(spec.file, spec.args);
  const sub = spawnHook(spec, gated ?? spec.args);
  if (typeof sub === 'string') return spawnFailure(startedAt, t0, sub);
  const pid = sub.pid;
  // Read while the hook waits at its gate: what its stdout/stderr are, to find later whoever
  // still holds them.
  const reaper = pid !== undefined ? new Reaper(pid, childOutputLinks(pid), spec.killGraceMs ?? 2000) : null;
  // stdin is written right away, by hand: execa's `input` option pipes it a few ticks later, by
  // which time a hook that does not read stdin (`true`) has often exited, and the write fails with
  // an EPIPE error built and thrown away on every such run. EPIPE / ECONNRESET (the hook exited
  // without reading) are expected; any other stdin error shows in the result through execa.
  sub.stdin?.on('error', ignoreStdinError).end(gated ? `\n${spec.input}` : spec.input);
  if (pid !== undefined) trackGroup(pid);
  const out = new CappedCollector(cap, sub.stdout);
  const err = new CappedCollector(cap, sub.stderr);

  let timedOut = false;
  let exit: { code: number | null; signal: string | null } | null = null;
  const onTimeout = () => {
    if (exit || !reaper) return;
    timedOut = true;
    reaper.escalate();
  };
  // A grandchild may still hold stdout/stderr open: give the pipes a moment, then stop waiting
  // (and make the drainers, which read such a pipe, report what they counted so far).
  const onExitGrace = () => {
    sub.stdout?.destroy();
    sub.stderr?.destroy();
    out.drainer?.stop();
    err.drainer?.stop();
    reaper?.escalate();
  };
  const timers = [longTimeout(onTimeout, spec.timeoutMs)];
  spec.signal?.addEventListener('abort', () => exit || reaper?.escalate(), { once: true });
  sub.on('exit', (code, signal) => {
    exit = { code, signal };
    timers.push(longTimeout(onExitGrace, exitGraceMs));
  });

  const result = await sub;
  if (out.drainer || err.drainer) await Promise.all([out.settle(), err.settle()]);
  for (const t of timers) t.clear();
  const durationMs = performance.now() - t0;
  // A group that was signalled may still hold a process ignoring SIGTERM (a grandchild that kept
  // the pipes open, say) until its SIGKILL: keep it where the exit handler can find it till then.
  if (pid !== undefined && !reaper?.signalled) untrackGroup(pid);

  const finalExit = exit as { code: number | null; signal: string | null } | null;
  const spawnError =
    pid === undefined || (finalExit === null && result.failed && !timedOut)
      ? result.originalMessage || result.shortMessage || 'the hook could not be started'
      : null;
  return { ...resultOf(spawnError ? null : finalExit, spawnError, out, err), startedAt, durationMs, timedOut };
};

function resultOf(exit: { code: number | null; signal: string | null } | null, spawnError: string | null, out: CappedCollector, err: CappedCollector) {
  return {
    exitCode: exit?.code ?? null,
    signal: exit?.signal ?? null,
    spawnError,
    stdout: out.text(),
    stderr: err.text(),
    stdoutTruncated: out.truncated,
    stderrTruncated: err.truncated,
  };
}
