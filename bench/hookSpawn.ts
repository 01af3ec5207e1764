// Hook engine benchmarks:
//  1. spawn overhead: one PreToolUse hook `true` run through HookManager.fire (settings lookup,
//     stdin JSON, the runner, capture, parse, combine) against a raw child_process.spawn of
//     `sh -c true` with pipes (the honest floor), runHookProcess alone (the runner without the
//     manager: the hook forked by the spawner process, which is made ready first) and the direct
//     run alone (spawn.ts: the hook forked by this process). The four are interleaved (A B C D A B
//     C D …) after a warm-up, so drift and noise hit all alike.
//  2. memory under a flood: the peak RSS growth of a Node process while one engine hook prints
//     200 MB to stdout (the runner keeps 64 KiB and drains the rest), with a raw spawn draining the
//     same output as the floor; the engine with its spawner and without (WAVE_HOOK_SPAWNER=off).
//     Each variant runs in its own fresh process (_floodChild.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FireContext, HookManager } from '../sidecar/src/hooks/fire/manager.js';
import type { FloodReport, FloodRun } from './_floodChild.js';
import { childReport, compiledSidecar, fmt, gc, MB, rawSpawn, stats, table, tempDir, type Benchmark, type BenchOptions, type Figure } from './lib.js';

/** The compiled engine, as `wave` runs it (lib.ts, compiledSidecar); loaded when the benchmark runs. */
async function engine() {
  return {
    ...((await import(compiledSidecar('hooks/fire/manager.js'))) as typeof import('../sidecar/src/hooks/fire/manager.js')),
    ...((await import(compiledSidecar('hooks/run/runner.js'))) as typeof import('../sidecar/src/hooks/run/runner.js')),
    ...((await import(compiledSidecar('hooks/run/spawn.js'))) as typeof import('../sidecar/src/hooks/run/spawn.js')),
  };
}

const toolInput = {
  tool_name: 'Bash',
  tool_input: { command: 'ls -la', description: 'List files' },
  tool_use_id: 'toolu_bench_0001',
};

/** A temp HOME whose user settings hold the given PreToolUse hooks, and an empty workdir. */
function setup(Manager: typeof HookManager, name: string, groups: Array<{ matcher?: string; command: string }>) {
  const home = tempDir(`${name}-home`);
  const work = tempDir(`${name}-work`);
  mkdirSync(join(home.path, '.wave'), { recursive: true });
  const settings = {
    hooks: {
      PreToolUse: groups.map((g) => ({
        ...(g.matcher !== undefined ? { matcher: g.matcher } : {}),
        hooks: [{ type: 'command', command: g.command }],
      })),
    },
  };
  writeFileSync(join(home.path, '.wave', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  const manager = new Manager({ workdir: work.path, homeDir: home.path });
  const ctx: FireContext = {
    sessionId: 'bench-session',
    transcriptPath: join(home.path, '.wave', 'sessions', 'bench-session.jsonl'),
    cwd: work.path,
    permissionMode: 'default',
  };
  return {
    manager,
    ctx,
    workdir: work.path,
    cleanup: () => {
      home.remove();
      work.remove();
    },
  };
}

/** The same stdin the engine sends, so the raw baseline writes as many bytes. */
function payloadFor(manager: HookManager, ctx: FireContext): string {
  return `${JSON.stringify(manager.payload('PreToolUse', toolInput, ctx))}\n`;
}

async function spawnOverhead(opts: BenchOptions): Promise<Figure[]> {
  const { HookManager, prepareHookRunner, runHookProcess, runDirect } = await engine();
  const env = setup(HookManager, 'spawn', [{ matcher: 'Bash', command: 'true' }]);
  try {
    const { manager, ctx, workdir } = env;
    const input = payloadFor(manager, ctx);
    const warmup = Math.max(5, Math.round(20 * opts.scale));
    const iterations = Math.max(10, Math.round(200 * opts.scale));
    const spawner = await prepareHookRunner();
    const spec = { file: 'sh', args: ['-c', 'true'], cwd: workdir, env: { ...process.env }, input, timeoutMs: 600_000 };

    const raw = async () => {
      const r = await rawSpawn('true', workdir, input);
      if (r.code !== 0) throw new Error(`raw sh -c true exited ${r.code}`);
      return r.ms;
    };
    const engine = async () => {
      const t0 = performance.now();
      const r = await manager.fire('PreToolUse', toolInput, ctx);
      const ms = performance.now() - t0;
      const run = r.runs[0];
      if (r.runs.length !== 1 || run?.exitCode !== 0 || r.decision.blocked) {
        throw new Error(`engine run failed: ${JSON.stringify(r)}`);
      }
      return ms;
    };
    const runner = (run: typeof runHookProcess) => async () => {
      const t0 = performance.now();
      const r = await run(spec);
      const ms = performance.now() - t0;
      if (r.exitCode !== 0) throw new Error(`runner failed: ${JSON.stringify(r)}`);
      return ms;
    };
    const variants = [raw, engine, runner(runHookProcess), runner((s) => runDirect(s))];

    for (let i = 0; i < warmup; i++) for (const v of variants) await v();
    gc();
    const samples: number[][] = variants.map(() => []);
    for (let i = 0; i < iterations; i++) for (const [k, v] of variants.entries()) samples[k]!.push(await v());
    const [a, b, c, d] = samples.map(stats) as [ReturnType<typeof stats>, ReturnType<typeof stats>, ReturnType<typeof stats>, ReturnType<typeof stats>];
    opts.log(`spawn overhead: ${warmup} warm-up rounds, ${iterations} interleaved rounds (raw, engine, runner, direct run); spawner ${spawner ? 'ready' : 'NOT available'}`);
    const row = (name: string, x: ReturnType<typeof stats>) => [name, fmt(x.median), fmt(x.p90), fmt(x.min), fmt(x.max), fmt(x.median / a.median)];
    opts.log(
      table(
        ['variant', 'median ms', 'p90 ms', 'min ms', 'max ms', 'median / raw'],
        [
          row('raw child_process.spawn sh -c true', a),
          row('engine HookManager.fire PreToolUse', b),
          row('runHookProcess alone (spawner)', c),
          row('direct run alone (forked here)', d),
        ],
      ),
    );
    opts.log(`manager layer (engine median − runner median): ${fmt(b.median - c.median)} ms`);
    return [
      { name: 'raw spawn sh -c true, median', value: a.median, unit: 'ms', note: `p90 ${fmt(a.p90)} ms` },
      { name: 'engine fire PreToolUse true, median', value: b.median, unit: 'ms', note: `p90 ${fmt(b.p90)} ms` },
      { name: 'runHookProcess alone (spawner), median', value: c.median, unit: 'ms', note: `p90 ${fmt(c.p90)} ms` },
      { name: 'direct run alone (forked here), median', value: d.median, unit: 'ms', note: `p90 ${fmt(d.p90)} ms` },
      { name: 'engine / raw (median)', value: b.median / a.median, unit: '×', goal: { max: 1.3 }, note: `p90 ratio ${fmt(b.p90 / a.p90)}` },
      { name: 'runHookProcess / raw (median)', value: c.median / a.median, unit: '×', note: `p90 ratio ${fmt(c.p90 / a.p90)}` },
      { name: 'direct run / raw (median)', value: d.median / a.median, unit: '×', note: `p90 ratio ${fmt(d.p90 / a.p90)}` },
    ];
  } finally {
    env.cleanup();
  }
}

/** Runs one flood variant in a fresh Node process (see _floodChild.ts) and returns its report. */
function floodChild(variant: 'raw' | 'engine', runs: number, spawner = true): Promise<FloodReport> {
  return childReport<FloodReport>('./_floodChild.ts', [variant, String(runs)], { label: `flood ${variant}`, spawner });
}

async function floodMemory(opts: BenchOptions): Promise<Figure[]> {
  const runs = 3;
  const raw = await floodChild('raw', runs);
  const eng = await floodChild('engine', runs);
  const direct = await floodChild('engine', runs, false);
  if (!eng.spawner || direct.spawner) throw new Error('the flood runs did not use the spawner as asked');
  const growth = (r: FloodRun) => (r.peakRss - r.baselineRss) / MB;
  const mbps = (r: FloodRun, bytes: number) => bytes / MB / (r.ms / 1000);
  opts.log(
    `flood memory: one hook printing ${eng.bytes} bytes (${eng.command}), each variant in a fresh node process, ` +
      `${runs} runs each (run 1 cold, later runs warm); RSS sampled every ${eng.sampleEveryMs} ms` +
      `${eng.gc ? ', gc before each run' : ' (no --expose-gc: baseline not collected)'}`,
  );
  const rows: string[][] = [];
  const label = (rep: FloodReport) => (rep.variant === 'raw' ? 'raw child_process.spawn, drained' : `engine HookManager.fire${rep.spawner ? ' (spawner)' : ' (forked here)'}`);
  for (const rep of [raw, eng, direct]) {
    rep.runs.forEach((r, i) => {
      rows.push([
        `${label(rep)} #${i + 1}`,
        fmt(r.baselineRss / MB, 1),
        fmt(r.peakRss / MB, 1),
        fmt(growth(r), 1),
        fmt(r.peakArrayBuffers / MB, 1),
        fmt(r.ms, 0),
        fmt(mbps(r, rep.bytes), 0),
      ]);
    });
  }
  opts.log(table(['variant / run', 'baseline MB', 'peak MB', 'growth MB', 'peak arrayBuffers MB', 'time ms', 'MB/s'], rows));
  const worst = (rep: FloodReport) => Math.max(...rep.runs.map(growth));
  const median = (rep: FloodReport, f: (r: FloodRun) => number) => stats(rep.runs.map(f)).median;
  return [
    { name: '200 MB flood: raw RSS growth (worst run)', value: worst(raw), unit: 'MB', note: `runs ${raw.runs.map((r) => fmt(growth(r), 1)).join(' / ')} MB` },
    {
      name: '200 MB flood: engine RSS growth (worst run)',
      value: worst(eng),
      unit: 'MB',
      goal: { max: 20 },
      note: `runs ${eng.runs.map((r) => fmt(growth(r), 1)).join(' / ')} MB`,
    },
    {
      name: '200 MB flood: engine forked here, RSS growth (worst run)',
      value: worst(direct),
      unit: 'MB',
      goal: { max: 20 },
      note: `runs ${direct.runs.map((r) => fmt(growth(r), 1)).join(' / ')} MB`,
    },
    {
      name: '200 MB flood: engine time (median)',
      value: median(eng, (r) => r.ms),
      unit: 'ms',
      note: `raw ${fmt(median(raw, (r) => r.ms), 0)} ms, ratio ${fmt(median(eng, (r) => r.ms) / median(raw, (r) => r.ms))}`,
    },
  ];
}

export const benchmark: Benchmark = {
  name: 'hookSpawn',
  description: 'hook engine: spawn overhead against raw spawn, and RSS growth under a 200 MB stdout flood',
  async run(opts) {
    const figures = await spawnOverhead(opts);
    opts.log('');
    figures.push(...(await floodMemory(opts)));
    return figures;
  },
};
