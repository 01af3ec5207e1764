// What one hook process is made of (program, arguments, input, limits, gate) and the runner that
// takes it: the contract between the engine and the process runner (runner.ts, spawn.ts, spawner.ts).
import type { HandlerCause } from '../../protocol/wire.js';

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
  /**
   * Claude Code's async protocol: when the first complete stdout line is a JSON object with
   * `"async": true`, resolve at once with that line as stdout and `detached` set; the process goes
   * on (bounded by the line's `asyncTimeout` ms, else by what remained of `timeoutMs`) and
   * `detached.done` gives its final result, whose stdout is the rest. Any other first line changes nothing.
   */
  detachOnAsyncLine?: boolean;
  /** Aborting it kills the hook's process group as a timeout does (SIGTERM, then SIGKILL): a stop asked by the user. */
  signal?: AbortSignal;
  /**
   * The command starts only once this resolves: the caller's last preparation (the transcript the
   * hook reads) goes on meanwhile. A gated hook (process/pipeHolders.ts) is forked at once and waits
   * at its gate, so the preparation overlaps the fork; any other is spawned when it resolves.
   */
  ready?: Promise<void>;
}

/** The process runner the engine uses; injectable for tests that need a fake clock or spawner. */
export type ProcessRunner = (spec: ProcessSpec) => Promise<ProcessResult>;

/** What one hook process did (before interpretation). */
export interface ProcessResult {
  startedAt: number;
  durationMs: number;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Set when the process could not be started at all. */
  spawnError: string | null;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  /** For a handler that is not a process (http, prompt): what went wrong, a non-blocking error. */
  failure?: string;
  /** The same as data, where the cause is known (the UI words it in its language). */
  cause?: HandlerCause;
  /**
   * Set when the spec asked for `detachOnAsyncLine` and the first stdout line was `{"async":true,…}`:
   * this result came at that line (stdout is the line) while the process goes on. `asyncTimeoutMs`
   * is the line's `asyncTimeout`, which bounds it from then (else what remained of its timeout);
   * `done` is its final result, whose stdout is the rest after the first line.
   */
  detached?: { asyncTimeoutMs: number | null; done: Promise<ProcessResult> };
}
