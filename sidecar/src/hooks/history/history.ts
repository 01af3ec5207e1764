// The run history (docs/hooks.md, "History"): every hook run record, one compact JSON line each, in
// `~/.wave/hook-runs.jsonl`, so runs can be searched and counted across sessions. Appending is off
// the agent's path: a record is queued in memory and written by the next turn of the event loop
// (what is queued at exit is written synchronously). stdout / stderr are cut to 2 KiB there, the
// stdin the hook got to 16 KiB (its run can be re-run from the settings page when it is whole); past
// 20 MB the file is rotated to `hook-runs.1.jsonl` (one generation kept).
import { mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { HookHistoryRun } from '../../protocol/protocol.js';
import type { HookRunRecord } from '../contract/types.js';
import { appendLines } from '../../settings/fullWrite.js';
import { PRIVATE_DIR, PRIVATE_FILE } from '../../settings/privateFiles.js';
import { messageOf } from '../../util/errors.js';

/** Hook output is private (docs/reliability.md, "Private files"); whole lines only, even on a full disk. */
function appendPrivate(path: string, text: string): void {
  appendLines(path, text, { mode: PRIVATE_FILE });
}

export const HISTORY_TEXT_CAP = 2048;
/** The stdin kept per run (characters): a whole stdin can be re-run, a cut one only read. */
export const HISTORY_STDIN_CAP = 16 * 1024;
export const HISTORY_ROTATE_BYTES = 20 * 1024 * 1024;

/** One line of the history: what `wave hooks runs --json` and the settings page's Runs view show. */
export type HistoryLine = HookHistoryRun;

function cut(text: string): string {
  return text.length <= HISTORY_TEXT_CAP ? text : `${text.slice(0, HISTORY_TEXT_CAP)}… [+${text.length - HISTORY_TEXT_CAP} chars]`;
}

/** Where a run happened besides its record: its session and project, the stdin it got, whether it was a test. */
export interface RunContext {
  sessionId: string;
  project?: string;
  stdin?: string;
  test?: boolean;
  /** The event was blocked and its input is stored nowhere (a blocked prompt): the stdin is not kept. */
  erased?: boolean;
}

function stdinFields(stdin: string | undefined): Pick<HistoryLine, 'stdin' | 'stdinCut'> {
  if (stdin === undefined) return {};
  if (stdin.length <= HISTORY_STDIN_CAP) return { stdin };
  return { stdin: stdin.slice(0, HISTORY_STDIN_CAP), stdinCut: stdin.length - HISTORY_STDIN_CAP };
}

/** The fields left out of a stored line when they have their usual value. */
type Usual = 'async' | 'signal' | 'timedOut' | 'reason' | 'error' | 'stdout' | 'stderr';
export type StoredLine = Omit<HistoryLine, Usual> & Partial<Pick<HistoryLine, Usual>>;

/**
 * The line of one run, compact: fields at their usual value (`async: false`, `signal: null`,
 * `timedOut: false`, `error: null`, empty output, not a test) are left out and read back as that
 * value. The key order is fixed: `startedAt` first, `test` (a test run) before the hook's identity
 * from `event` to `command`, then `durationMs`, and `verdict` later (statsScan.ts reads the figures
 * by position); `kind` and the hook's `reason` follow the verdict (protocol/runKind.ts); the run's
 * id, project and stdin come last.
 */
export function historyLine(r: HookRunRecord, context: RunContext | string): StoredLine {
  const c: RunContext = typeof context === 'string' ? { sessionId: context } : context;
  return {
    startedAt: r.startedAt,
    sessionId: c.sessionId,
    ...(c.test ? { test: true as const } : {}),
    event: r.event,
    source: r.source,
    file: r.file,
    name: r.name,
    matcher: r.matcher,
    command: r.command,
    ...(r.async ? { async: true } : {}),
    durationMs: r.durationMs,
    exitCode: r.exitCode,
    ...(r.signal ? { signal: r.signal } : {}),
    ...(r.timedOut ? { timedOut: true } : {}),
    verdict: r.verdict,
    kind: r.kind,
    ...(r.reason !== null ? { reason: r.reason } : {}),
    decision: r.decision,
    ...(r.error ? { error: r.error } : {}),
    ...(r.stdout ? { stdout: cut(r.stdout) } : {}),
    ...(r.stderr ? { stderr: cut(r.stderr) } : {}),
    id: r.id,
    ...(c.project ? { project: c.project } : {}),
    ...(c.erased ? { stdinErased: true as const } : stdinFields(c.stdin)),
  };
}

/** A line as read back, with the left-out fields at their usual values (a line older than `kind` has it null). */
function complete(raw: StoredLine | Omit<StoredLine, 'kind'>): HistoryLine {
  return { async: false, signal: null, timedOut: false, reason: null, error: null, stdout: '', stderr: '', kind: null, ...raw };
}

export function rotatedPath(path: string): string {
  return path.replace(/\.jsonl$/, '') + '.1.jsonl';
}

/** The writers with lines not yet on disk: one exit handler writes them all (not one listener per writer). */
const unwritten = new Set<HistoryWriter>();
let exitHandled = false;

function writeAllAtExit(): void {
  for (const w of unwritten) w.close();
}

/** Appends history lines off the hot path; failures are reported once, never thrown at the agent. */
export class HistoryWriter {
  private queue: string[] = [];
  private flushing: Promise<void> | null = null;
  private warned = false;
  /** The file's size as this writer knows it (-1: not read yet). */
  private size = -1;

  constructor(
    readonly path: string,
    private readonly warn: (message: string) => void = () => undefined,
    private readonly rotateBytes = HISTORY_ROTATE_BYTES,
  ) {
    if (!exitHandled) process.once('exit', writeAllAtExit);
    exitHandled = true;
  }

  /** Queues one line (microseconds); it is written on a later turn of the event loop. */
  append(line: StoredLine): void {
    this.queue.push(`${JSON.stringify(line)}\n`);
    unwritten.add(this);
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  /** Resolves once everything queued so far is on disk. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /**
   * One synchronous append per turn of the event loop (three system calls, a few microseconds): cheaper
   * for the agent than the four thread-pool round trips of an async stat and append, which would
   * compete with the next hook's fork.
   */
  private drain(): void {
    try {
      while (this.queue.length) {
        const text = this.queue.splice(0).join('');
        this.rotateIfBig();
        appendPrivate(this.path, text);
        this.size += Buffer.byteLength(text);
      }
    } catch (err) {
      this.fail(err);
    } finally {
      this.flushing = null;
      if (!this.queue.length) unwritten.delete(this);
    }
  }

  /**
   * The file's size is read again only when this writer's own appends would pass the limit (other
   * sessions append too, so it may be larger): then it is rotated if it really is that big.
   */
  private rotateIfBig(): void {
    if (this.size >= 0 && this.size < this.rotateBytes) return;
    const size = statSync(this.path, { throwIfNoEntry: false })?.size ?? -1;
    if (size < 0) mkdirSync(dirname(this.path), { recursive: true, mode: PRIVATE_DIR });
    else if (size >= this.rotateBytes) renameSync(this.path, rotatedPath(this.path));
    this.size = size >= 0 && size < this.rotateBytes ? size : 0;
  }

  private flushSync(): void {
    if (!this.queue.length) return;
    try {
      mkdirSync(dirname(this.path), { recursive: true, mode: PRIVATE_DIR });
      appendPrivate(this.path, this.queue.splice(0).join(''));
    } catch (err) {
      this.fail(err);
    }
  }

  private fail(err: unknown): void {
    this.queue = [];
    if (this.warned) return;
    this.warned = true;
    this.warn(`the hook run history ${this.path} cannot be written: ${messageOf(err)}`);
  }

  close(): void {
    this.flushSync();
    unwritten.delete(this);
  }
}

/**
 * Every line of the history (the rotated file first), oldest first; unreadable lines are skipped.
 */
export function readHistory(path: string): HistoryLine[] {
  const out: HistoryLine[] = [];
  for (const p of [rotatedPath(path), path]) {
    let text: string;
    try {
      text = readFileSync(p, 'utf8');
    } catch {
      continue; // no history yet (or no rotated generation)
    }
    for (let start = 0; start < text.length;) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      const json = text.slice(start, end);
      start = end + 1;
      if (json.length < 2) continue;
      try {
        out.push(complete(JSON.parse(json) as StoredLine));
      } catch {
        // a line cut by a crash mid-write: skipped
      }
    }
  }
  return out;
}
