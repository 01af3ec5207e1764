// A long session stays fast (docs/benchmarks.md, "A long session"): one agent with one PreToolUse
// hook makes 10,000 Bash calls in turns of 100 against the scripted model server (the child,
// _longSessionChild.ts, in a fresh process: its memory is the session's). Figures: the time per
// hooked call over calls 1,901-2,000 against calls 1-100 of the same session (goal: at most 1.2 ×),
// the same for the last 100 calls, and the resident memory after all calls (goal: under 300 MB at
// 10,000 calls). `--quick` makes 2,500 calls (the memory figure is then not the goal's).
import { childReport, fmt, stats, table, type Benchmark, type BenchOptions, type Figure } from './lib.js';
import type { LongSessionReport } from './_longSessionChild.js';

function windowOf(ms: number[], from: number, to: number): { median: number; mean: number } {
  const s = stats(ms.slice(from, to));
  return { median: s.median, mean: s.mean };
}

async function run(opts: BenchOptions): Promise<Figure[]> {
  const calls = Math.max(2000, Math.round(10_000 * opts.scale));
  const t0 = performance.now();
  const r = await childReport<LongSessionReport>('./_longSessionChild.ts', [String(calls)], { label: 'long session' });
  const n = r.callMs.length;
  const first = windowOf(r.callMs, 0, 100);
  const at2000 = windowOf(r.callMs, 1900, 2000);
  const last = windowOf(r.callMs, n - 100, n);
  const hookFirst = stats(r.hookMs.slice(0, 100)).median;
  const hookLast = stats(r.hookMs.slice(-100)).median;
  const rss = r.rssMb[r.rssMb.length - 1] ?? NaN;
  opts.log(`${calls} hooked calls in turns of 100, ${r.compactions} compactions, ${fmt((performance.now() - t0) / 1000, 0)} s`);
  opts.log(
    table(
      ['calls', 'per call, median ms', 'mean ms', 'hook run, median ms'],
      [
        ['1-100', fmt(first.median), fmt(first.mean), fmt(hookFirst)],
        ['1,901-2,000', fmt(at2000.median), fmt(at2000.mean), fmt(stats(r.hookMs.slice(1900, 2000)).median)],
        [`${n - 99}-${n}`, fmt(last.median), fmt(last.mean), fmt(hookLast)],
      ],
    ),
  );
  opts.log(`RSS every 1,000 calls (MB): ${r.rssMb.filter((_, i) => i % 10 === 9).map((m) => fmt(m, 0)).join(' ')}; heap after GC at the end ${fmt(r.heapMb, 1)} MB`);
  return [
    { name: 'per hooked call, calls 1,901-2,000 / 1-100 (median)', value: at2000.median / first.median, unit: '×', goal: { max: 1.2 }, note: `${fmt(at2000.median)} / ${fmt(first.median)} ms` },
    { name: `per hooked call, last 100 / first 100 of ${calls}`, value: last.median / first.median, unit: '×', note: `${fmt(last.median)} / ${fmt(first.median)} ms` },
    {
      name: `resident memory after ${calls} hooked calls`,
      value: rss,
      unit: 'MB',
      ...(calls >= 10_000 ? { goal: { max: 300 } } : {}),
      note: `heap ${fmt(r.heapMb, 0)} MB after GC${calls < 10_000 ? '; the goal is for 10,000 calls (not a --quick run)' : ''}`,
    },
  ];
}

export const benchmark: Benchmark = {
  name: 'longSession',
  description: 'a session of 10,000 hooked Bash calls: time per call early and late, resident memory at the end',
  run,
};
