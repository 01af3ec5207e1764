// Runs every benchmark in bench/ in sequence and prints a summary. A benchmark is any bench/*.ts
// file (other than this one) that exports `benchmark` (see lib.ts). Figures are ratios against a
// baseline measured in the same run where possible; a missed goal is printed, never an exit code.
// Each benchmark runs in a fresh Node process (this file with `--child=<file>`, same Node flags):
// a heap grown by one benchmark (the agent turn loads the whole agent) would otherwise slow the
// next one's forks, since fork time grows with the parent's memory.
//
//   npm run bench                 all benchmarks
//   npm run bench -- hookSpawn    only those whose name contains one of the words
//   npm run bench -- --quick      a quarter of the iterations (a smoke run, not for figures)
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledSidecarStale, fmt, goalMet, goalText, table, type Benchmark, type Figure } from './lib.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const childFile = args.find((a) => a.startsWith('--child='))?.slice('--child='.length);
const filters = args.filter((a) => !a.startsWith('--'));
/** The line a child prints last: its figures (or its error) as JSON. */
const FIGURES = '@@bench-figures ';

type Outcome = { figures: Figure[] } | { error: string };

async function discover(): Promise<Array<{ file: string; benchmark: Benchmark }>> {
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'run.ts' && f !== 'lib.ts' && !f.startsWith('_'))
    .sort();
  const found: Array<{ file: string; benchmark: Benchmark }> = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { benchmark?: Benchmark };
    if (mod.benchmark) found.push({ file, benchmark: mod.benchmark });
  }
  return found.filter(({ benchmark: b }) => filters.length === 0 || filters.some((w) => b.name.toLowerCase().includes(w.toLowerCase())));
}

/** In the child: runs one benchmark file, prints its output, then its figures as the last line. */
async function runChild(file: string): Promise<void> {
  let outcome: Outcome;
  try {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { benchmark?: Benchmark };
    if (!mod.benchmark) throw new Error(`${file} exports no benchmark`);
    outcome = { figures: await mod.benchmark.run({ scale: quick ? 0.25 : 1, log: (l) => console.log(l) }) };
  } catch (err) {
    const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
    console.log(`FAILED: ${message}`);
    outcome = { error: message.split('\n')[0] ?? message };
  }
  console.log(`${FIGURES}${JSON.stringify(outcome)}`);
}

/** In the parent: runs one benchmark file in a fresh process, passing its output through. */
function runInChild(file: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), `--child=${file}`, ...(quick ? ['--quick'] : [])], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let outcome: Outcome | null = null;
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      pending += c;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(FIGURES)) outcome = JSON.parse(line.slice(FIGURES.length)) as Outcome;
        else console.log(line);
      }
    });
    child.on('error', (err) => resolve({ error: `could not start the benchmark process: ${err.message}` }));
    child.on('close', (code, signal) => {
      if (pending) console.log(pending);
      resolve(outcome ?? { error: `the benchmark process exited (${code ?? signal}) without figures` });
    });
  });
}

/**
 * The hook benchmarks run the compiled sidecar (lib.ts, compiledSidecar), the start-up ones `wave`
 * itself, which runs the bundle: build both when they are older than their sources.
 */
function buildIfStale(): void {
  if (!compiledSidecarStale()) return;
  console.log('sidecar/dist or sidecar/bundle is older than sidecar/src: building them (npm run build -w sidecar)');
  const r = spawnSync('npm', ['run', 'build', '-w', 'sidecar'], { cwd: join(here, '..'), stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`building the sidecar failed (exit ${r.status ?? r.signal})`);
}

async function main(): Promise<void> {
  buildIfStale();
  const hasGc = typeof (globalThis as { gc?: unknown }).gc === 'function';
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`Wave benchmarks — node ${process.version}, ${availableParallelism()} cpus (${cpus()[0]?.model.trim() ?? '?'}), load ${load}`);
  console.log(`gc exposed: ${hasGc ? 'yes' : 'no (run with node --expose-gc --import tsx)'}${quick ? ', QUICK run (¼ iterations)' : ''}`);
  const benchmarks = await discover();
  if (benchmarks.length === 0) {
    console.log(`no benchmark matches ${filters.join(' ')}`);
    return;
  }

  const summary: Array<{ bench: string; figure: Figure } | { bench: string; error: string }> = [];
  for (const { file, benchmark: b } of benchmarks) {
    console.log(`\n== ${b.name}: ${b.description}`);
    const t0 = performance.now();
    const outcome = await runInChild(file);
    if ('error' in outcome) summary.push({ bench: b.name, error: outcome.error });
    else for (const figure of outcome.figures) summary.push({ bench: b.name, figure });
    console.log(`(${b.name} took ${fmt((performance.now() - t0) / 1000, 1)} s, in its own node process)`);
  }

  console.log('\n== Summary');
  const rows = summary.map((s) => {
    if ('error' in s) return [s.bench, 'ERROR', '', '', s.error];
    const f = s.figure;
    const met = goalMet(f);
    const status = met === null ? '' : met ? 'ok' : 'GOAL MISSED';
    const value = `${fmt(f.value, f.unit === 'ms' && f.value >= 100 ? 0 : 2)} ${f.unit}`;
    return [`${s.bench}: ${f.name}`, value, goalText(f), status, f.note ?? ''];
  });
  console.log(table(['figure', 'value', 'goal', 'status', 'note'], rows));
  const missed = summary.filter((s) => 'figure' in s && goalMet(s.figure) === false).length;
  const failed = summary.filter((s) => 'error' in s).length;
  console.log(`\n${missed === 0 && failed === 0 ? 'all goals met' : `${missed} goal(s) missed, ${failed} benchmark(s) failed`} (load now ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
}

(childFile ? runChild(childFile) : main()).catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
