// Loading a settings file with many hooks (docs/reliability.md): `loadSources` — read,
// parse with positions, check every group and handler, give each hook its line — on a project file
// with 1,000, 2,000, 4,000 and 8,000 hooks (one matcher group each, pretty-printed as
// JSON.stringify(…, null, 2) does, about 160 bytes per hook). Linear loading keeps the time per
// hook flat; the goal is the issue's: 8,000 hooks in under 0.5 s (quadratic loading took 6–7 s).
// The largest file is also run through `wave hooks validate` (the real executable, process start
// included) for the figure a user sees.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSources } from '../sidecar/src/hooks/config/compose.js';
import { fmt, gc, stats, table, tempDir, type Benchmark, type BenchOptions, type Figure } from './lib.js';

const WAVE = fileURLToPath(new URL('../sidecar/bin/wave.js', import.meta.url));
const SIZES = [1000, 2000, 4000, 8000];

function settingsText(hooks: number): string {
  const groups = Array.from({ length: hooks }, (_, i) => ({ matcher: 'Bash', hooks: [{ type: 'command', command: `echo hook ${i}`, timeout: 30 }] }));
  return `${JSON.stringify({ hooks: { PreToolUse: groups } }, null, 2)}\n`;
}

async function run(opts: BenchOptions): Promise<Figure[]> {
  const runs = Math.max(3, Math.round(10 * opts.scale));
  const dir = tempDir('settings-load');
  try {
    const home = join(dir.path, 'home');
    const workdir = join(dir.path, 'ws');
    mkdirSync(home, { recursive: true });
    mkdirSync(join(workdir, '.wave'), { recursive: true });
    const rows: string[][] = [];
    let median8000 = NaN;
    for (const n of SIZES) {
      const text = settingsText(n);
      writeFileSync(join(workdir, '.wave', 'settings.json'), text);
      const load = () => loadSources({ workdir, homeDir: home, trustProject: true });
      if (load().hooks.length !== n) throw new Error(`expected ${n} hooks`);
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        gc();
        const t0 = performance.now();
        load();
        samples.push(performance.now() - t0);
      }
      const s = stats(samples);
      if (n === 8000) median8000 = s.median;
      rows.push([String(n), fmt(text.length / 1024 / 1024, 2), fmt(s.median, 1), fmt(s.p90, 1), fmt((s.median / n) * 1000, 1)]);
    }
    opts.log(`loadSources of one project file, ${runs} runs per size (after one warm-up load)`);
    opts.log(table(['hooks', 'file MB', 'median ms', 'p90 ms', 'µs per hook'], rows));
    const t0 = performance.now();
    const cli = spawnSync(process.execPath, [WAVE, 'hooks', 'validate', '--workdir', workdir], { env: { ...process.env, HOME: home }, encoding: 'utf8' });
    const cliMs = performance.now() - t0;
    if (cli.status !== 0) throw new Error(`wave hooks validate failed: ${cli.stdout}${cli.stderr}`);
    opts.log(`wave hooks validate with 8,000 hooks (process start included): ${fmt(cliMs, 0)} ms — ${cli.stdout.trim()}`);
    return [
      { name: 'load 8,000 hooks (loadSources), median', value: median8000, unit: 'ms', goal: { max: 500 } },
      { name: 'wave hooks validate, 8,000 hooks (one run)', value: cliMs, unit: 'ms' },
    ];
  } finally {
    dir.remove();
  }
}

export const benchmark: Benchmark = {
  name: 'settingsLoad',
  description: 'loading a settings file with 1,000–8,000 hooks (linear, 8,000 under 0.5 s)',
  run,
};
