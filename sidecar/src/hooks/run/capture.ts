// A hook's output as the runner keeps it (docs/hooks.md, "How a hook runs"): the first 64 KiB of
// each stream, the rest counted and dropped, non-UTF-8 decoded with replacement characters. A
// stream that floods past its cap is handed to a `dd` drainer process (the pipe's fd is duplicated
// into it) so the rest never passes through Node: reading it in Node would allocate a fresh 64 KiB
// buffer per read, tens of MB of garbage during a fast flood (docs/benchmarks.md). The stdout
// collector can also watch for the first complete line (the async first-line protocol).
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { trackProcess, untrackProcess } from '../../process/groups.js';

export const OUTPUT_CAP = 64 * 1024;

/**
 * Once this many bytes past the cap were read and dropped in Node, the rest of the stream goes to a
 * drainer process instead. Below it Node drains (cheaper than a spawn for a merely chatty hook);
 * above it every 64 KiB read would be a fresh buffer for the GC to catch up with (≈ 32 MB of them
 * pile up during a fast flood), so the pipe leaves Node altogether.
 */
export const HANDOFF_AFTER_DROPPED = 1024 * 1024;

/** What a stream's drainer process is: the bytes it counted, or null when the count is unknown. */
interface Drainer {
  done: Promise<number | null>;
  /** Makes it stop reading now and report what it counted so far (used at the exit grace). */
  stop(): void;
}

/** `N bytes (…) copied` (GNU, busybox) or `N bytes transferred …` (BSD) on dd's stderr, LC_ALL=C. */
const DD_BYTES = /^(\d+) bytes/m;

/**
 * Starts `dd` reading the rest of `stream`'s pipe and throwing it away. The pipe's file descriptor
 * is duplicated into dd (a stream with a handle given as stdio), so the data no longer passes
 * through Node. dd exits at EOF (every writer closed, i.e. the hook and any grandchild holding the
 * pipe are gone) and prints the byte count; on SIGINT it prints the count so far and exits (dd
 * counts written blocks, so a count taken that way can miss the one block it was copying).
 * Returns null when dd cannot be started.
 */
function startDrainer(stream: Readable): Drainer | null {
  let dd;
  try {
    dd = spawn('dd', ['bs=65536', 'of=/dev/null'], {
      stdio: [stream, 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
      windowsHide: true,
    });
  } catch {
    return null;
  }
  const pid = dd.pid;
  dd.on('error', () => undefined); // no dd on PATH: reported through the missing pid below
  if (pid === undefined) return null;
  trackProcess(pid); // SIGKILLed with the hook groups if the sidecar exits
  let stderr = '';
  dd.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  let killTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  const done = new Promise<number | null>((resolve) =>
    dd.on('close', () => {
      untrackProcess(pid);
      stopped = true;
      if (killTimer) clearTimeout(killTimer);
      const m = DD_BYTES.exec(stderr);
      resolve(m ? Number(m[1]) : null);
    }),
  );
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

/** Stateless between calls (no `stream` option), so one decoder serves every run. */
const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * Keeps the first `cap` bytes of a stream and counts the rest, so memory stays bounded. Past
 * HANDOFF_AFTER_DROPPED dropped bytes (POSIX only) it hands the pipe to a drainer process.
 */
export class CappedCollector {
  private chunks: Buffer[] = [];
  private kept = 0;
  /** Bytes dropped in Node (plus the drainer's count once it is known). */
  dropped = 0;
  /** The drainer could not say how many bytes it dropped (it had to be killed): `dropped` is a floor. */
  private countUnknown = false;
  drainer: Drainer | null = null;
  /** No drainer process here (Windows, or dd could not be started): Node drains to the end. */
  private noDrainer = process.platform === 'win32';
  /** Set while the first line is looked for: decides whether it is taken out of the stream. */
  private firstLine: ((line: string) => boolean) | null = null;
  private readonly onData = (c: Buffer) => this.push(c);

  constructor(
    private readonly cap: number,
    private readonly stream: Readable | null,
  ) {
    stream?.on('data', this.onData);
  }

  /**
   * Calls `decide` once with the first complete line (up to the first `\n`, within the first `cap`
   * bytes). When it returns true the line is taken out: what is kept from then on is the rest of
   * the stream, capped anew. Not called at all when there is no such line.
   */
  watchFirstLine(decide: (line: string) => boolean): void {
    this.firstLine = decide;
  }

  private push(chunk: Buffer): void {
    if (this.firstLine) chunk = this.lookForFirstLine(chunk);
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

  /** While watching, everything so far is kept (below the cap): the line is those chunks plus this one's head. */
  private lookForFirstLine(chunk: Buffer): Buffer {
    const decide = this.firstLine!;
    const nl = chunk.indexOf(0x0a);
    if (nl < 0 || this.kept + nl >= this.cap) {
      if (this.kept + chunk.length >= this.cap) this.firstLine = null; // no complete line within the cap
      return chunk;
    }
    this.firstLine = null;
    const line = utf8.decode(Buffer.concat([...this.chunks, chunk.subarray(0, nl)]));
    if (!decide(line)) return chunk;
    this.chunks = [];
    this.kept = 0;
    return chunk.subarray(nl + 1);
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
