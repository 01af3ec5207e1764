// Figures of the run history (docs/hooks.md, "History"): per hook — its source file, event,
// matcher and command — how often it ran, blocked, failed and timed out, its duration percentiles
// and its last run; and the filter behind `wave hooks runs`.
import type { HistoryLine } from './history.js';
import type { RunVerdict } from '../contract/types.js';

export interface HookStats {
  event: string;
  matcher: string | null;
  command: string;
  source: string;
  file: string | null;
  runs: number;
  blocks: number;
  errors: number;
  timeouts: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
  last_run: string;
}

/** The outcome words of `wave hooks runs --outcome`. */
export type OutcomeFilter = 'ok' | 'blocked' | 'error' | 'timeout';
export const OUTCOME_FILTERS: readonly OutcomeFilter[] = ['ok', 'blocked', 'error', 'timeout'];

export function outcomeOf(v: RunVerdict): OutcomeFilter | 'skipped' {
  if (v === 'blocked' || v === 'denied') return 'blocked';
  if (v === 'error' || v === 'timeout' || v === 'skipped') return v === 'skipped' ? 'skipped' : v;
  return 'ok';
}

/** The key of a hook across runs and sessions: where it is written and what it runs. */
export function statsKey(l: Pick<HistoryLine, 'file' | 'event' | 'matcher' | 'command'>): string {
  return `${l.file ?? ''}\u0000${l.event}\u0000${l.matcher ?? ''}\u0000${l.command}`;
}

function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The fields of a history line the figures need (the rest is not even parsed for them). */
export type StatsFields = Pick<HistoryLine, 'startedAt' | 'test' | 'event' | 'source' | 'file' | 'matcher' | 'command' | 'durationMs' | 'verdict'>;

interface Acc {
  first: KeyFields;
  last: string;
  runs: number;
  blocks: number;
  errors: number;
  timeouts: number;
  durations: number[];
}

/** What identifies a hook across runs (and is shown for it). */
export type KeyFields = Pick<HistoryLine, 'event' | 'source' | 'file' | 'matcher' | 'command'>;

/** Counts runs per hook; `since` (an ISO time) leaves older runs out. ISO times compare as strings. */
export class StatsAccumulator {
  private readonly acc = new Map<string, Acc>();

  constructor(private readonly since = '') {}

  /** The counters of a hook (the same object for the same hook, so a caller may keep it). */
  slot(k: KeyFields): Acc {
    const key = statsKey(k);
    let a = this.acc.get(key);
    if (!a) this.acc.set(key, (a = { first: k, last: '', runs: 0, blocks: 0, errors: 0, timeouts: 0, durations: [] }));
    return a;
  }

  add(a: Acc, startedAt: string, durationMs: number, verdict: RunVerdict): void {
    if (this.since && startedAt < this.since) return;
    const o = outcomeOf(verdict);
    if (o === 'skipped') return;
    a.runs++;
    if (o === 'blocked') a.blocks++;
    if (o === 'error') a.errors++;
    if (o === 'timeout') a.timeouts++;
    a.durations.push(durationMs);
    if (startedAt > a.last) a.last = startedAt;
  }

  /** Per hook, the most recently run first. */
  result(): HookStats[] {
    return [...this.acc.values()]
      .filter((a) => a.runs > 0)
      .map((a) => {
        const d = Float64Array.from(a.durations).sort();
        const { event, matcher, command, source, file } = a.first;
        return {
          event,
          matcher,
          command,
          source,
          file,
          runs: a.runs,
          blocks: a.blocks,
          errors: a.errors,
          timeouts: a.timeouts,
          p50_ms: percentile(d, 50),
          p95_ms: percentile(d, 95),
          max_ms: d[d.length - 1] ?? 0,
          last_run: a.last,
        };
      })
      .sort((x, y) => (x.last_run < y.last_run ? 1 : -1));
  }
}

/** Per hook, the most recently run first (real runs: test runs are counted apart, statsScan.ts). */
export function hookStats(lines: readonly StatsFields[], sinceMs = 0): HookStats[] {
  const acc = new StatsAccumulator(sinceMs ? new Date(sinceMs).toISOString() : '');
  for (const l of lines) if (!l.test) acc.add(acc.slot(l), l.startedAt, l.durationMs, l.verdict);
  return acc.result();
}

export interface RunsQuery {
  event?: string;
  /** Matched case-insensitively against the hook's name, command and file. */
  hook?: string;
  outcome?: OutcomeFilter;
  sinceMs?: number;
  limit?: number;
}

/** The runs that match, newest first. */
export function findRuns(lines: readonly HistoryLine[], q: RunsQuery): HistoryLine[] {
  const text = q.hook?.toLowerCase();
  const out: HistoryLine[] = [];
  for (let i = lines.length - 1; i >= 0 && out.length < (q.limit ?? Infinity); i--) {
    const l = lines[i]!;
    if (q.event && l.event !== q.event) continue;
    if (q.outcome && outcomeOf(l.verdict) !== q.outcome) continue;
    if (q.sinceMs && Date.parse(l.startedAt) < q.sinceMs) continue;
    if (text && ![l.name, l.command, l.file ?? ''].some((s) => s.toLowerCase().includes(text))) continue;
    out.push(l);
  }
  return out;
}

/** `30m`, `2h`, `7d`, `45s` → milliseconds; null when it is not one. */
export function parseDuration(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*(s|m|h|d|w)$/.exec(text.trim());
  if (!m) return null;
  const unit = { s: 1e3, m: 60e3, h: 3600e3, d: 86400e3, w: 604800e3 }[m[2] as 's' | 'm' | 'h' | 'd' | 'w'];
  return Number(m[1]) * unit;
}
