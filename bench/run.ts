// Runs every benchmark in bench/ in sequence and prints a summary. A benchmark is any bench/*.ts
// file (other than this one) that exports `benchmark` (see lib.ts). Figures are ratios against a
// baseline measured in the same run where possible; a missed goal is printed, never an exit code.
//
//   npm run bench                 all benchmarks
//   npm run bench -- hookSpawn    only those whose name contains one of the words
//   npm run bench -- --quick      a quarter of the iterations (a smoke run, not for figures)
import { readdirSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fmt, goalMet, goalText, table, type Benchmark, type Figure } from './lib.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const filters = args.filter((a) => !a.startsWith('--'));

async function discover(): Promise<Benchmark[]> {
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'run.ts' && f !== 'lib.ts' && !f.startsWith('_'))
    .sort();
  const found: Benchmark[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(here, f)).href)) as { benchmark?: Benchmark };
    if (mod.benchmark) found.push(mod.benchmark);
  }
  return found.filter((b) => filters.length === 0 || filters.some((w) => b.name.toLowerCase().includes(w.toLowerCase())));
}

async function main(): Promise<void> {
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
  for (const b of benchmarks) {
    console.log(`\n== ${b.name}: ${b.description}`);
    const t0 = performance.now();
    try {
      const figures = await b.run({ scale: quick ? 0.25 : 1, log: (l) => console.log(l) });
      for (const figure of figures) summary.push({ bench: b.name, figure });
    } catch (err) {
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      console.log(`FAILED: ${message}`);
      summary.push({ bench: b.name, error: message.split('\n')[0] ?? message });
    }
    console.log(`(${b.name} took ${fmt((performance.now() - t0) / 1000, 1)} s)`);
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

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
