// A long session stays fast (docs/benchmarks.md, "A long session"): one agent with one PreToolUse
// hook makes 10,000 Bash calls in turns of 100 against the scripted model server. Two processes
// besides this one: the server (_longSessionServer.ts, which times each call between the model
// requests) and the agent (_longSessionAgent.mjs, the compiled sidecar and nothing else: its memory
// is the session's). Figures: the time per hooked call over calls 1,901-2,000 against calls 1-100
// of the same session (goal: at most 1.2 ×), the same for the last 100 calls, and the agent's
// resident memory after all calls (goal: under 300 MB at 10,000 calls). `--quick` makes 2,500 calls
// (the memory figure is then not the goal's).
//
// The context window is small (CONTEXT_WINDOW): the conversation compacts every few dozen calls, so
// the first 100 calls already send the model requests of every size a later call sends. The ratio
// then tells what the agent keeps per session (transcripts, run records, the timeline, token
// estimates), not that a request of 40,000 tokens costs more to build and parse than one of 2,000.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { childReport, fmt, stats, table, type Benchmark, type BenchOptions, type Figure } from './lib.js';
import type { LongSessionServerReport } from './_longSessionServer.js';

const CONTEXT_WINDOW = 8_000;

interface Memory {
  rssMb: number;
  heapTotalMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
}

interface AgentReport {
  hookMs: number[];
  rssMb: number[];
  heapMb: number;
  /** process.memoryUsage() at the end, before and after a full GC. */
  before: Memory;
  after: Memory;
}

function windowOf(ms: number[], from: number, to: number): { median: number; mean: number } {
  const s = stats(ms.slice(from, to));
  return { median: s.median, mean: s.mean };
}

/** Runs the session: the server child (forked, IPC), then the agent child against it; both reports. */
async function session(calls: number): Promise<{ server: LongSessionServerReport; agent: AgentReport }> {
  const file = fileURLToPath(new URL('./_longSessionServer.ts', import.meta.url));
  const server = fork(file, [String(calls)], { execArgv: ['--import', import.meta.resolve('tsx')], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<never>((_, reject) => server.on('exit', (code) => reject(new Error(`the long-session server exited ${code}`))));
  const next = <T>() => Promise.race([new Promise<T>((resolve) => server.once('message', (m) => resolve(m as T))), exited]);
  try {
    const { url } = await next<{ url: string }>();
    const agent = await childReport<AgentReport>('./_longSessionAgent.mjs', [url, String(calls), String(CONTEXT_WINDOW)], { label: 'long session' });
    const report = next<LongSessionServerReport>();
    server.send('report');
    return { server: await report, agent };
  } finally {
    exited.catch(() => {});
    if (server.exitCode === null) server.kill();
  }
}

async function run(opts: BenchOptions): Promise<Figure[]> {
  const calls = Math.max(2000, Math.round(10_000 * opts.scale));
  const t0 = performance.now();
  const { server: s, agent: a } = await session(calls);
  const n = s.callMs.length;
  const first = windowOf(s.callMs, 0, 100);
  const at2000 = windowOf(s.callMs, 1900, 2000);
  const last = windowOf(s.callMs, n - 100, n);
  const rss = a.rssMb[a.rssMb.length - 1] ?? NaN;
  opts.log(
    `${calls} hooked calls in turns of 100, a ${CONTEXT_WINDOW}-token window: ${s.compactions} compactions, requests up to ${fmt(s.maxRequestBytes / 1024, 0)} kB, ${fmt((performance.now() - t0) / 1000, 0)} s`,
  );
  const hook = (from: number, to: number) => fmt(stats(a.hookMs.slice(from, to)).median);
  opts.log(
    table(
      ['calls', 'per call, median ms', 'mean ms', 'hook run, median ms'],
      [
        ['1-100', fmt(first.median), fmt(first.mean), hook(0, 100)],
        ['1,901-2,000', fmt(at2000.median), fmt(at2000.mean), hook(1900, 2000)],
        [`${n - 99}-${n}`, fmt(last.median), fmt(last.mean), hook(n - 100, n)],
      ],
    ),
  );
  opts.log(
    `the agent's RSS every 1,000 calls (MB): ${a.rssMb
      .filter((_, i) => i % 10 === 9)
      .map((m) => fmt(m, 0))
      .join(' ')}; heap after GC at the end ${fmt(a.heapMb, 1)} MB`,
  );
  const mem = (m: Memory) =>
    `RSS ${fmt(m.rssMb, 0)}, heap ${fmt(m.heapUsedMb, 0)} used of ${fmt(m.heapTotalMb, 0)}, external ${fmt(m.externalMb, 0)} (array buffers ${fmt(m.arrayBuffersMb, 0)})`;
  opts.log(`the agent at the end, MB: ${mem(a.before)}; after a full GC: ${mem(a.after)}`);
  return [
    {
      name: 'per hooked call, calls 1,901-2,000 / 1-100 (median)',
      value: at2000.median / first.median,
      unit: '×',
      goal: { max: 1.2 },
      note: `${fmt(at2000.median)} / ${fmt(first.median)} ms`,
    },
    {
      name: `per hooked call, last 100 / first 100 of ${calls}`,
      value: last.median / first.median,
      unit: '×',
      note: `${fmt(last.median)} / ${fmt(first.median)} ms`,
    },
    {
      name: `the agent's resident memory after ${calls} hooked calls`,
      value: rss,
      unit: 'MB',
      ...(calls >= 10_000 ? { goal: { max: 300 } } : {}),
      note: `heap ${fmt(a.heapMb, 0)} MB after GC${calls < 10_000 ? '; the goal is for 10,000 calls (not a --quick run)' : ''}`,
    },
  ];
}

export const benchmark: Benchmark = {
  name: 'longSession',
  description: 'a session of 10,000 hooked Bash calls: time per call early and late, resident memory at the end',
  run,
};
