// Start-up of the `wave` command (docs/benchmarks.md, "Start-up"): what a user waits for before
// the command does its job, spawned as a user runs it (`node sidecar/bin/wave.js …`, which runs the
// bundle, sidecar/bundle/, when it is current):
//   wave -p          spawn → the first model request arriving at the scripted model server
//                    (test/model-server/, OpenAI wire format, answered with one line of text)
//   wave hooks test  spawn → exit, for one PreToolUse hook (`true`) on Bash
//   wave hooks list  spawn → exit, for the same settings
// Baseline, interleaved in the same run: a bare `node -e ""` spawn → exit (Node's own start-up).
// Each run also reports the child's CPU time (user + system, from a tiny --import that prints
// process.cpuUsage() at exit): what every `wave` spawn costs a busy machine and the test suite.
// Side by side with Claude Code (measured outside the project, never a dependency): set
// WAVE_BENCH_CLAUDE to a `claude` executable and its `claude -p` is timed the same way against the
// same server (Anthropic wire format), interleaved, for the ratio the goal is about.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startModelServer, type ModelServer } from '../test/model-server/server.js';
import { fmt, stats, table, tempDir, type Benchmark, type BenchOptions, type Figure } from './lib.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WAVE = join(ROOT, 'sidecar', 'bin', 'wave.js');
const CPU_MARK = '@@cpu ';

interface Sample {
  /** Spawn → the awaited moment (first model request, or exit). */
  ms: number;
  /** The child's CPU time, user + system (NaN when it was not reported). */
  cpuMs: number;
}

interface Spawned {
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Set: resolves at the first model request instead of at exit (the child is then awaited, not timed). */
  server?: ModelServer & { firstRequest(): Promise<number> };
  /** Not a node program (claude): run as is, no CPU report. */
  exe?: string;
}

/** Spawns one run and resolves with its time and CPU. */
function once(s: Spawned, cpuHook: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const first = s.server?.firstRequest();
    const [cmd, args] = s.exe ? [s.exe, s.args] : [process.execPath, ['--import', cpuHook, ...s.args]];
    const child = spawn(cmd, args, { cwd: s.cwd, env: s.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let atRequest: number | null = null;
    void first?.then((t) => (atRequest = t - t0));
    child.stdout.resume();
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const end = performance.now() - t0;
      const cpu = err.split('\n').find((l) => l.startsWith(CPU_MARK));
      if (code !== 0 && !s.server) return reject(new Error(`${s.args.join(' ')} exited ${code}: ${err.slice(-800)}`));
      if (s.server && atRequest === null) return reject(new Error(`${s.exe ?? 'wave'} ${s.args.join(' ')} made no model request (exit ${code}): ${err.slice(-800)}`));
      resolve({ ms: s.server ? atRequest! : end, cpuMs: cpu ? Number(cpu.slice(CPU_MARK.length)) : NaN });
    });
  });
}

/** The scripted server, answering every request with one line, and telling when the next request arrives. */
async function server(): Promise<ModelServer & { firstRequest(): Promise<number> }> {
  let waiting: ((t: number) => void) | null = null;
  const s = await startModelServer(
    [
      (req) => {
        if (req.method === 'POST') waiting?.(performance.now());
        waiting = null;
        return { text: 'ok' };
      },
    ],
    { loop: true },
  );
  return Object.assign(s, { firstRequest: () => new Promise<number>((r) => (waiting = r)) });
}

function row(label: string, x: Sample[]): string[] {
  const t = stats(x.map((s) => s.ms));
  const c = stats(x.map((s) => s.cpuMs));
  return [label, fmt(t.median, 1), fmt(t.p90, 1), Number.isNaN(c.median) ? '' : fmt(c.median, 1)];
}

async function run(opts: BenchOptions): Promise<Figure[]> {
  const runs = Math.max(8, Math.round(20 * opts.scale));
  const home = tempDir('startup-home');
  const work = tempDir('startup-work');
  const srv = await server();
  try {
    const cpuHook = join(home.path, 'cpu.mjs');
    writeFileSync(cpuHook, `process.on('exit', () => { const c = process.cpuUsage(); process.stderr.write('\\n${CPU_MARK}' + (c.user + c.system) / 1000 + '\\n'); });\n`);
    mkdirSync(join(home.path, '.wave'), { recursive: true });
    const settings = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } };
    writeFileSync(join(home.path, '.wave', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
    const env = { ...process.env, HOME: home.path, WAVE_BASE_URL: srv.openaiBaseURL, WAVE_API_KEY: 'x', WAVE_MODEL: 'scripted-model' };
    const variants: Array<[string, Spawned]> = [
      ['wave -p "hi" → first model request', { args: [WAVE, '-p', 'hi'], env, cwd: work.path, server: srv }],
      ['wave hooks test PreToolUse (one hook) → exit', { args: [WAVE, 'hooks', 'test', 'PreToolUse', '--tool', 'Bash'], env, cwd: work.path }],
      ['wave hooks list → exit', { args: [WAVE, 'hooks', 'list'], env, cwd: work.path }],
      ['node -e "" → exit (baseline)', { args: ['-e', ''], env, cwd: work.path }],
    ];
    const claude = process.env.WAVE_BENCH_CLAUDE;
    if (claude) {
      const cenv = { ...env, ANTHROPIC_BASE_URL: srv.anthropicBaseURL, ANTHROPIC_API_KEY: 'x', DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' };
      variants.push(['claude -p "hi" → first model request', { exe: claude, args: ['-p', 'hi'], env: cenv, cwd: work.path, server: srv }]);
    }
    for (const [, v] of variants) await once(v, cpuHook); // warm-up: the page cache
    const samples = variants.map(() => [] as Sample[]);
    for (let i = 0; i < runs; i++) for (const [k, [, v]] of variants.entries()) samples[k]!.push(await once(v, cpuHook));
    opts.log(`${runs} interleaved runs of each (after one warm-up), HOME and the project empty temp folders (one hook in ~/.wave/settings.json)`);
    opts.log(table(['spawn', 'median ms', 'p90 ms', 'CPU ms (median)'], variants.map(([label], k) => row(label, samples[k]!))));
    const med = (k: number) => stats(samples[k]!.map((s) => s.ms)).median;
    const cpu = (k: number) => stats(samples[k]!.map((s) => s.cpuMs)).median;
    const bare = med(3);
    const figures: Figure[] = [
      { name: 'wave -p: first model request, median', value: med(0), unit: 'ms', note: `${fmt(med(0) / bare)} × bare node; CPU ${fmt(cpu(0), 0)} ms` },
      { name: 'wave hooks test, one hook: exit, median', value: med(1), unit: 'ms', goal: { max: 150 }, note: `${fmt(med(1) / bare)} × bare node; CPU ${fmt(cpu(1), 0)} ms` },
      { name: 'wave hooks list: exit, median', value: med(2), unit: 'ms', note: `${fmt(med(2) / bare)} × bare node; CPU ${fmt(cpu(2), 0)} ms` },
      { name: 'bare node start (baseline), median', value: bare, unit: 'ms', note: `CPU ${fmt(cpu(3), 0)} ms` },
    ];
    if (claude) {
      const ratio = med(0) / med(4);
      figures.push({ name: 'wave -p / claude -p, first model request', value: ratio, unit: '×', goal: { max: 0.6 }, note: `claude -p ${fmt(med(4), 0)} ms` });
    } else {
      opts.log('wave -p / claude -p: not measured (set WAVE_BENCH_CLAUDE to a claude executable, installed outside the project)');
    }
    return figures;
  } finally {
    await srv.close();
    home.remove();
    work.remove();
  }
}

export const benchmark: Benchmark = {
  name: 'startup',
  description: 'wave -p to its first model request, wave hooks test and list to exit, against a bare node start (and claude -p when WAVE_BENCH_CLAUDE is set)',
  run,
};
