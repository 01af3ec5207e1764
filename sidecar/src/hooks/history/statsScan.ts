// `wave hooks stats` over the whole history without parsing every line (docs/hooks.md, "History";
// docs/benchmarks.md): lines are written with a fixed key order (history.ts#historyLine), so the
// figures' fields are found by position — the start time at the head, the hook's identity as the
// run of keys from `event` to `durationMs` (parsed once per distinct hook), the duration and the
// verdict after it; a test run's `"test":true` between the start time and the event. The file is
// scanned as latin1 (a byte per character: the keys are ASCII) and only the identities are decoded
// as UTF-8. A line of any other shape is parsed as JSON instead; a broken one is skipped. Test runs
// are counted apart from real runs.
import { readFileSync } from 'node:fs';
import { rotatedPath, type HistoryLine } from './history.js';
import { StatsAccumulator, type HookStats, type KeyFields } from './stats.js';
import type { RunVerdict } from '../contract/types.js';

const HEAD = '{"startedAt":"';
const EVENT = ',"event":';
const DURATION = ',"durationMs":';
const VERDICT = ',"verdict":"';
const TEST = ',"test":true';

/** Real runs and test runs, counted apart. */
interface Counts {
  real: StatsAccumulator;
  test: StatsAccumulator;
}

type Slot = ReturnType<StatsAccumulator['slot']>;

class Scanner {
  /** The counters of each distinct identity text seen (a handful of hooks, many runs), test runs' under `T` + the text. */
  private readonly slots = new Map<string, Slot | null>();

  /** The file's bytes: `text` is them read as latin1 (one character per byte, fast), so positions are byte offsets. */
  private bytes: Buffer = Buffer.alloc(0);

  constructor(private readonly acc: Counts) {}

  line(text: string, start: number, end: number): void {
    if (!text.startsWith(HEAD, start)) return this.parsed(start, end);
    const timeEnd = text.indexOf('"', start + HEAD.length);
    const e = text.indexOf(EVENT, timeEnd);
    const d = e < 0 ? -1 : text.indexOf(DURATION, e);
    const v = d < 0 ? -1 : text.indexOf(VERDICT, d);
    if (timeEnd < 0 || v < 0 || v > end) return this.parsed(start, end);
    const test = text.slice(timeEnd, e).includes(TEST); // the short run of keys before the event: bounded
    const identity = `${test ? 'T' : 'R'}${text.slice(e + 1, d)}`;
    let slot = this.slots.get(identity);
    if (slot === undefined) {
      slot = this.identity(e + 1, d, test ? this.acc.test : this.acc.real);
      this.slots.set(identity, slot);
    }
    // Keys in another order (not written by historyLine): the identity is elsewhere in the line.
    if (slot === null) return this.parsed(start, end);
    const duration = Number(text.slice(d + DURATION.length, text.indexOf(',', d + DURATION.length)));
    const verdict = text.slice(v + VERDICT.length, text.indexOf('"', v + VERDICT.length)) as RunVerdict;
    (test ? this.acc.test : this.acc.real).add(slot, text.slice(start + HEAD.length, timeEnd), duration, verdict);
  }

  /** The counters of the identity between these offsets; null when it is not a whole one (the line is parsed instead). */
  private identity(from: number, to: number, acc: StatsAccumulator): Slot | null {
    try {
      const k = JSON.parse(`{${this.bytes.toString('utf8', from, to)}}`) as Partial<KeyFields>;
      return 'file' in k && 'source' in k && 'command' in k ? acc.slot(k as KeyFields) : null;
    } catch {
      return null; // a line cut by a crash mid-write: parsing it whole skips it
    }
  }

  private parsed(start: number, end: number): void {
    if (end - start < 2) return;
    try {
      const l = JSON.parse(this.bytes.toString('utf8', start, end)) as HistoryLine;
      const acc = l.test ? this.acc.test : this.acc.real;
      acc.add(acc.slot(l), l.startedAt, l.durationMs, l.verdict);
    } catch {
      // a line cut by a crash mid-write: skipped
    }
  }

  file(bytes: Buffer): void {
    this.bytes = bytes;
    const text = bytes.toString('latin1');
    for (let start = 0; start < text.length;) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      if (end > start) this.line(text, start, end);
      start = end + 1;
    }
  }
}

/** The figures of every hook in the history (and its rotated generation), real runs only; runs before `sinceMs` left out. */
export function historyStats(path: string, sinceMs = 0): HookStats[] {
  return historyFigures(path, sinceMs).hooks;
}

/** The figures of real runs (`hooks`) and, apart, of test runs (`tests`), per hook. */
export function historyFigures(path: string, sinceMs = 0): { hooks: HookStats[]; tests: HookStats[] } {
  const since = sinceMs ? new Date(sinceMs).toISOString() : '';
  const acc = { real: new StatsAccumulator(since), test: new StatsAccumulator(since) };
  const scanner = new Scanner(acc);
  for (const p of [rotatedPath(path), path]) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(p);
    } catch {
      continue; // no history yet (or no rotated generation)
    }
    scanner.file(bytes);
  }
  return { hooks: acc.real.result(), tests: acc.test.result() };
}
