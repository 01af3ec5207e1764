// Runs ONE hook process (SPEC 3): own process group, JSON on stdin then EOF, a timeout that
// SIGTERMs the whole group and SIGKILLs it 2 s later, stdout/stderr capped at 64 KiB each with the
// rest drained and dropped, non-UTF-8 decoded with replacement characters. The result tells exit
// code, signal, timeout and spawn failure apart. Nothing here knows about events or answers.
import { execa } from 'execa';
import type { ProcessResult } from './types.js';

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
}

/** The process runner the engine uses; injectable for tests that need a fake clock or spawner. */
export type ProcessRunner = (spec: ProcessSpec) => Promise<ProcessResult>;

export const OUTPUT_CAP = 64 * 1024;

/**
 * Process groups that may still hold live processes: running hooks, and hooks whose group was
 * signalled but not yet SIGKILLed. Killed if the sidecar itself exits, so no hook outlives it.
 */
const liveGroups = new Set<number>();
let exitHandlerInstalled = false;

/** Signals that would kill the sidecar (Node resets their dispositions to default at start-up). */
const FATAL_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function killAllGroups(): void {
  for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
  liveGroups.clear();
}

/**
 * The sidecar got a signal that kills it. Hooks run in their own process groups, so they do not get
 * it themselves (Ctrl-C reaches only the terminal's foreground group) and Node does not emit 'exit'
 * when it dies of a signal: without this, a hook running at that moment would keep running forever.
 * When someone else listens for the signal, they decide what happens (if they exit, 'exit' cleans
 * up); otherwise kill the hooks and die of the signal as Node would have.
 */
function onFatalSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  killAllGroups();
  process.removeListener(signal, onFatalSignal);
  process.kill(process.pid, signal);
}

function installExitHandler(): void {
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.on('exit', killAllGroups);
  if (process.platform !== 'win32') for (const s of FATAL_SIGNALS) process.on(s, onFatalSignal);
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
  } catch {
    // already gone
  }
}

/** Keeps the first `cap` bytes of a stream and counts the rest, so memory stays bounded. */
class CappedCollector {
  private chunks: Buffer[] = [];
  private kept = 0;
  dropped = 0;
  constructor(private readonly cap: number) {}
  push(chunk: Buffer): void {
    const room = this.cap - this.kept;
    if (room <= 0) {
      this.dropped += chunk.length;
      return;
    }
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.chunks.push(Buffer.from(part));
    this.kept += part.length;
    this.dropped += chunk.length - part.length;
  }
  text(): string {
    const decoded = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(this.chunks)).trim();
    if (this.dropped === 0) return decoded;
    return `${decoded}\n… [output truncated: ${this.dropped} more bytes dropped]`;
  }
}

export const runHookProcess: ProcessRunner = async (spec) => {
  installExitHandler();
  const cap = spec.outputCap ?? OUTPUT_CAP;
  const killGraceMs = spec.killGraceMs ?? 2000;
  const exitGraceMs = spec.exitGraceMs ?? 500;
  const startedAt = Date.now();
  const t0 = performance.now();
  const out = new CappedCollector(cap);
  const err = new CappedCollector(cap);

  const sub = execa(spec.file, spec.args, {
    cwd: spec.cwd,
    env: spec.env,
    extendEnv: false,
    input: spec.input,
    stdout: 'pipe',
    stderr: 'pipe',
    buffer: false,
    reject: false,
    detached: true, // its own process group, so the whole group can be signalled
    cleanup: false,
    windowsHide: true,
    encoding: 'buffer',
  });

  const pid = sub.pid;
  if (pid !== undefined) liveGroups.add(pid);
  sub.stdout?.on('data', (c: Buffer) => out.push(c));
  sub.stderr?.on('data', (c: Buffer) => err.push(c));

  let timedOut = false;
  /** SIGTERM sent to the group; it stays in `liveGroups` until the SIGKILL that follows. */
  let escalated = false;
  let exit: { code: number | null; signal: string | null } | null = null;
  const timers: NodeJS.Timeout[] = [];
  const escalate = () => {
    if (pid === undefined || escalated) return;
    escalated = true;
    killGroup(pid, 'SIGTERM');
    const t = setTimeout(() => {
      killGroup(pid, 'SIGKILL');
      liveGroups.delete(pid);
    }, killGraceMs);
    t.unref();
  };

  if (pid !== undefined) {
    timers.push(
      setTimeout(() => {
        if (exit) return;
        timedOut = true;
        escalate();
      }, Math.max(0, spec.timeoutMs)),
    );
  }
  sub.on('exit', (code, signal) => {
    exit = { code, signal };
    // A grandchild may still hold stdout/stderr open: give the pipes a moment, then stop waiting.
    timers.push(
      setTimeout(() => {
        sub.stdout?.destroy();
        sub.stderr?.destroy();
        escalate();
      }, exitGraceMs),
    );
  });

  const result = await sub;
  for (const t of timers) clearTimeout(t);
  const durationMs = performance.now() - t0;
  // A group that was signalled may still hold a process ignoring SIGTERM (a grandchild that kept
  // the pipes open, say) until its SIGKILL: keep it where the exit handler can find it till then.
  if (pid !== undefined && !escalated) liveGroups.delete(pid);

  const finalExit = exit as { code: number | null; signal: string | null } | null;
  const spawnError =
    pid === undefined || (finalExit === null && result.failed && !timedOut)
      ? (result.originalMessage || result.shortMessage || 'the hook could not be started')
      : null;
  return {
    startedAt,
    durationMs,
    exitCode: spawnError ? null : (finalExit?.code ?? null),
    signal: spawnError ? null : (finalExit?.signal ?? null),
    timedOut,
    spawnError,
    stdout: out.text(),
    stderr: err.text(),
    stdoutTruncated: out.dropped > 0,
    stderrTruncated: err.dropped > 0,
  };
};
