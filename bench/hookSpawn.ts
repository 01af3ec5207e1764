// Hook engine benchmarks:
//  1. spawn overhead: one PreToolUse hook `true` run through HookManager.fire (settings lookup,
//     stdin JSON, execa, capture, parse, combine) against a raw child_process.spawn of `sh -c true`
//     with pipes (the honest floor), and runHookProcess alone (the runner without the manager).
//     The three are interleaved (A B C A B C …) after a warm-up, so drift and noise hit all alike.
//  2. memory under a flood: the peak RSS growth of a Node process while one engine hook prints
//     200 MB to stdout (the runner keeps 64 KiB and drains the rest), with a raw spawn draining the
//     same output as the floor. Each variant runs in its own fresh process (_floodChild.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HookManager, type FireContext } from '../sidecar/src/hooks/manager.js';
import { runHookProcess } from '../sidecar/src/hooks/runner.js';
import type { FloodReport, FloodRun } from './_floodChild.js';
import { fmt, gc, MB, rawSpawn, stats, table, tempDir, type Benchmark, type BenchOptions, type Figure } from './lib.js';

const toolInput = {
  tool_name: 'Bash',
  tool_input: { command: 'ls -la', description: 'List files' },
  tool_use_id: 'toolu_bench_0001',
};

/** A temp HOME whose user settings hold the given PreToolUse hooks, and an empty workdir. */
function setup(name: string, groups: Array<{ matcher?: string; command: string }>) {
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
  const manager = new HookManager({ workdir: work.path, homeDir: home.path });
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
  const env = setup('spawn', [{ matcher: 'Bash', command: 'true' }]);
  try {
    const { manager, ctx, workdir } = env;
    const input = payloadFor(manager, ctx);
    const warmup = Math.max(5, Math.round(20 * opts.scale));
    const iterations = Math.max(10, Math.round(200 * opts.scale));

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
    const runner = async () => {
      const t0 = performance.now();
      const r = await runHookProcess({ file: 'sh', args: ['-c', 'true'], cwd: workdir, env: { ...process.env }, input, timeoutMs: 600_000 });
      const ms = performance.now() - t0;
      if (r.exitCode !== 0) throw new Error(`runHookProcess failed: ${JSON.stringify(r)}`);
      return ms;
    };

    for (let i = 0; i < warmup; i++) {
      await raw();
      await engine();
      await runner();
    }
    gc();
    const A: number[] = [];
    const B: number[] = [];
    const C: number[] = [];
    for (let i = 0; i < iterations; i++) {
      A.push(await raw());
      B.push(await engine());
      C.push(await runner());
    }
    const a = stats(A);
    const b = stats(B);
    const c = stats(C);
    opts.log(`spawn overhead: ${warmup} warm-up rounds, ${iterations} interleaved rounds (raw, engine, runner)`);
    opts.log(
      table(
        ['variant', 'median ms', 'p90 ms', 'min ms', 'max ms', 'median / raw'],
        [
          ['raw child_process.spawn sh -c true', fmt(a.median), fmt(a.p90), fmt(a.min), fmt(a.max), '1.00'],
          ['engine HookManager.fire PreToolUse', fmt(b.median), fmt(b.p90), fmt(b.min), fmt(b.max), fmt(b.median / a.median)],
          ['runHookProcess alone', fmt(c.median), fmt(c.p90), fmt(c.min), fmt(c.max), fmt(c.median / a.median)],
        ],
      ),
    );
    const manager_ms = b.median - c.median;
    opts.log(`manager layer (engine median − runner median): ${fmt(manager_ms)} ms`);
    return [
      { name: 'raw spawn sh -c true, median', value: a.median, unit: 'ms', note: `p90 ${fmt(a.p90)} ms` },
      { name: 'engine fire PreToolUse true, median', value: b.median, unit: 'ms', note: `p90 ${fmt(b.p90)} ms` },
      { name: 'runHookProcess alone, median', value: c.median, unit: 'ms', note: `p90 ${fmt(c.p90)} ms` },
      { name: 'engine / raw (median)', value: b.median / a.median, unit: '×', goal: { max: 1.3 }, note: `p90 ratio ${fmt(b.p90 / a.p90)}` },
      { name: 'runHookProcess / raw (median)', value: c.median / a.median, unit: '×', note: `p90 ratio ${fmt(c.p90 / a.p90)}` },
    ];
  } finally {
    env.cleanup();
  }
}

/** Runs one flood variant in a fresh Node process (see _floodChild.ts) and returns its report. */
function floodChild(variant: 'raw' | 'engine', runs: number): Promise<FloodReport> {
  const script = fileURLToPath(new URL('./_floodChild.ts', import.meta.url));
  const tsx = import.meta.resolve('tsx');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', tsx, script, variant, String(runs)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`flood child ${variant} exited ${code}: ${err.trim()}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as FloodReport);
      } catch {
        reject(new Error(`flood child ${variant} printed no report: ${out}${err}`));
      }
    });
  });
}

async function floodMemory(opts: BenchOptions): Promise<Figure[]> {
  const runs = 3;
  const raw = await floodChild('raw', runs);
  const eng = await floodChild('engine', runs);
  const growth = (r: FloodRun) => (r.peakRss - r.baselineRss) / MB;
  const mbps = (r: FloodRun, bytes: number) => bytes / MB / (r.ms / 1000);
  opts.log(
    `flood memory: one hook printing ${eng.bytes} bytes (${eng.command}), each variant in a fresh node process, ` +
      `${runs} runs each (run 1 cold, later runs warm); RSS sampled every ${eng.sampleEveryMs} ms` +
      `${eng.gc ? ', gc before each run' : ' (no --expose-gc: baseline not collected)'}`,
  );
  const rows: string[][] = [];
  for (const rep of [raw, eng]) {
    rep.runs.forEach((r, i) => {
      rows.push([
        `${rep.variant === 'raw' ? 'raw child_process.spawn, drained' : 'engine HookManager.fire'} #${i + 1}`,
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
