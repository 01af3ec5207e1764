// The side-by-side figure users care about (issue 17): what one PreToolUse hook adds to each tool
// call of a `wave -p` run, against the raw spawn floor measured in the same process, for a small
// agent and for one with 200 MB of Buffers alive. Each variant is its own agent process
// (_hookedRunChild.ts: the real `wave -p` command in-process, 20 Bash calls with and without a
// PreToolUse `true` hook, interleaved, the same scripted model; raw `sh -c true` spawns after each
// round). Variants: hooks forked by the spawner process (what the runner does) or by the agent
// process itself (WAVE_HOOK_SPAWNER=off), each with 0 and 200 MB. The children run in turn, twice
// over (A B C D A B C D), so drift hits every variant alike; samples of both passes are pooled.
//   added per hooked call = (median hooked run − median plain run) / 20
import { childReport, fmt, stats, table, type Benchmark, type BenchOptions, type Figure } from './lib.js';

/** Bash calls per run. */
export const CALLS = 20;

export interface HookedRunReport {
  memoryMb: number;
  spawner: boolean;
  rssMb: number;
  plain: number[];
  hooked: number[];
  /** CPU time of this (the agent's) process per run, user + system: a fork's page-table copy is the forking process's system time. */
  plainCpu: number[];
  hookedCpu: number[];
  raw: number[];
  /** runHookProcess alone on `sh -c true`, in this process between the runs (each after a raw spawn). */
  runner: number[];
  /** Each hook run's durationMs as its record says (the runner's view: spawn to result). */
  hookMs: number[];
}

interface Variant {
  key: string;
  label: string;
  memoryMb: number;
  spawner: boolean;
}

const VARIANTS: Variant[] = [
  { key: 'spawner-0', label: 'spawner, small agent', memoryMb: 0, spawner: true },
  { key: 'spawner-200', label: 'spawner, 200 MB alive', memoryMb: 200, spawner: true },
  { key: 'direct-0', label: 'direct, small agent', memoryMb: 0, spawner: false },
  { key: 'direct-200', label: 'direct, 200 MB alive', memoryMb: 200, spawner: false },
];

function runChild(v: Variant, rounds: number): Promise<HookedRunReport> {
  return childReport<HookedRunReport>('./_hookedRunChild.ts', [String(v.memoryMb), String(rounds)], { label: v.key, spawner: v.spawner });
}

interface Pooled {
  v: Variant;
  plain: ReturnType<typeof stats>;
  hooked: ReturnType<typeof stats>;
  raw: ReturnType<typeof stats>;
  runner: ReturnType<typeof stats>;
  hookRun: ReturnType<typeof stats>;
  added: number;
  /** The agent process's CPU time added per hooked call (medians). */
  addedCpu: number;
  rssMb: number;
}

function pool(v: Variant, reports: HookedRunReport[]): Pooled {
  const all = (f: (r: HookedRunReport) => number[]) => reports.flatMap(f);
  const plain = stats(all((r) => r.plain));
  const hooked = stats(all((r) => r.hooked));
  if (reports.some((r) => r.spawner !== v.spawner)) throw new Error(`${v.key}: the spawner was ${v.spawner ? 'not ready' : 'used'}`);
  return {
    v,
    plain,
    hooked,
    raw: stats(all((r) => r.raw)),
    runner: stats(all((r) => r.runner)),
    hookRun: stats(all((r) => r.hookMs)),
    added: (hooked.median - plain.median) / CALLS,
    addedCpu: (stats(all((r) => r.hookedCpu)).median - stats(all((r) => r.plainCpu)).median) / CALLS,
    rssMb: Math.max(...reports.map((r) => r.rssMb)),
  };
}

function print(opts: BenchOptions, rows: Pooled[], passes: number, rounds: number): void {
  opts.log(
    `side by side: wave -p in-process, ${CALLS} Bash calls + a final answer, with / without a PreToolUse \`true\` hook; ` +
      `${passes} pass(es) over the variants, ${rounds} interleaved rounds each, 10 raw spawns per round in the same process`,
  );
  opts.log(
    table(
      ['variant', 'RSS MB', 'plain run ms', 'hooked run ms', 'added / call ms', 'raw spawn ms', 'added / raw', 'hook run ms', 'runner alone ms', 'agent CPU / call ms'],
      rows.map((p) => [
        p.v.label,
        fmt(p.rssMb, 0),
        `${fmt(p.plain.median, 1)} (p90 ${fmt(p.plain.p90, 1)})`,
        `${fmt(p.hooked.median, 1)} (p90 ${fmt(p.hooked.p90, 1)})`,
        fmt(p.added),
        fmt(p.raw.median),
        fmt(p.added / p.raw.median),
        fmt(p.hookRun.median),
        fmt(p.runner.median),
        fmt(p.addedCpu),
      ]),
    ),
  );
}

async function run(opts: BenchOptions): Promise<Figure[]> {
  const passes = opts.scale < 1 ? 1 : 2;
  const rounds = Math.max(3, Math.round(6 * opts.scale));
  const reports = new Map<string, HookedRunReport[]>(VARIANTS.map((v) => [v.key, []]));
  for (let p = 0; p < passes; p++) for (const v of VARIANTS) reports.get(v.key)!.push(await runChild(v, rounds));
  const rows = VARIANTS.map((v) => pool(v, reports.get(v.key)!));
  print(opts, rows, passes, rounds);
  const [small, big, directSmall, directBig] = rows as [Pooled, Pooled, Pooled, Pooled];
  return [
    { name: 'added per hooked call, small agent', value: small.added, unit: 'ms', note: `raw spawn in that process ${fmt(small.raw.median)} ms; hook run ${fmt(small.hookRun.median)} ms` },
    { name: 'added per hooked call / raw spawn floor (small agent)', value: small.added / small.raw.median, unit: '×', goal: { max: 1.3 } },
    { name: 'added per hooked call, 200 MB of Buffers alive', value: big.added, unit: 'ms', note: `raw spawn in that process ${fmt(big.raw.median)} ms; hook run ${fmt(big.hookRun.median)} ms` },
    { name: 'added per hooked call: 200 MB / small', value: big.added / small.added, unit: '×', goal: { max: 1.5 } },
    { name: "agent process CPU per hooked call, small / 200 MB", value: small.addedCpu, unit: 'ms', note: `200 MB: ${fmt(big.addedCpu)} ms; forked here: ${fmt(directSmall.addedCpu)} / ${fmt(directBig.addedCpu)} ms` },
    { name: 'direct fork (no spawner): added per call, small / 200 MB', value: directSmall.added, unit: 'ms', note: `200 MB: ${fmt(directBig.added)} ms (${fmt(directBig.added / directSmall.added)} ×)` },
  ];
}

export const benchmark: Benchmark = {
  name: 'hookedRun',
  description: 'wave -p with 20 hooked Bash calls against the raw spawn floor in the same process, small agent and 200 MB alive; spawner against direct fork',
  run,
};
