// Shared pieces of the benchmarks: what a benchmark module exports, statistics, temp dirs and table
// printing. Not a benchmark itself (run.ts skips files that do not export `benchmark`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** One line of the summary: a measured figure, optionally checked against a goal. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The goal, if any: `value <= max` (or `value >= min`). */
  goal?: { max?: number; min?: number };
  /** Extra words shown after the figure (e.g. the raw numbers a ratio comes from). */
  note?: string;
}

export interface Benchmark {
  name: string;
  description: string;
  run(opts: BenchOptions): Promise<Figure[]>;
}

export interface BenchOptions {
  /** Scale factor for iteration counts (`--quick` sets 0.25). */
  scale: number;
  log: (line: string) => void;
}

export function goalMet(f: Figure): boolean | null {
  if (!f.goal) return null;
  if (f.goal.max !== undefined && !(f.value <= f.goal.max)) return false;
  if (f.goal.min !== undefined && !(f.value >= f.goal.min)) return false;
  return true;
}

export function goalText(f: Figure): string {
  if (!f.goal) return '';
  const parts: string[] = [];
  if (f.goal.max !== undefined) parts.push(`≤ ${f.goal.max}`);
  if (f.goal.min !== undefined) parts.push(`≥ ${f.goal.min}`);
  return parts.join(', ');
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  // Nearest-rank on the sorted sample, linear between neighbours.
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  return a + (b - a) * (pos - lo);
}

export interface Stats {
  n: number;
  median: number;
  p90: number;
  min: number;
  max: number;
  mean: number;
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    median: quantile(s, 0.5),
    p90: quantile(s, 0.9),
    min: s[0] ?? NaN,
    max: s[s.length - 1] ?? NaN,
    mean: s.reduce((a, b) => a + b, 0) / (s.length || 1),
  };
}

export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `wave-bench-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function fmt(n: number, digits = 2): string {
  return Number.isFinite(n) ? n.toFixed(digits) : String(n);
}

/** A plain text table with aligned columns (first column left, the rest right aligned). */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function gc(): boolean {
  const g = (globalThis as { gc?: () => void }).gc;
  if (typeof g !== 'function') return false;
  g();
  g();
  return true;
}

export const MB = 1024 * 1024;

/**
 * The raw baseline of every hook figure: `child_process.spawn('sh', ['-c', command])` with three
 * pipes, `input` written and ended, stdout counted, stderr drained, timed until 'close'.
 */
export function rawSpawn(command: string, cwd: string, input: string): Promise<{ ms: number; code: number | null; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('sh', ['-c', command], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let bytes = 0;
    child.on('error', reject);
    child.stdin.on('error', () => {}); // EPIPE when the command exits without reading stdin
    child.stdin.end(input);
    child.stdout.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    child.stderr.resume();
    child.on('close', (code) => resolve({ ms: performance.now() - t0, code, bytes }));
  });
}

/**
 * Runs a benchmark's child program in a fresh Node process (`node --expose-gc --import tsx <file>
 * <args>`, the file beside this one; a `.mjs` file without `--import tsx`) and resolves with the JSON report it prints as its last line.
 * `spawner: false` sets WAVE_HOOK_SPAWNER=off (hooks forked by the child itself).
 */
export function childReport<T>(file: string, args: string[], o: { label: string; spawner?: boolean }): Promise<T> {
  const script = fileURLToPath(new URL(file, import.meta.url));
  const env = { ...process.env, ...(o.spawner === false ? { WAVE_HOOK_SPAWNER: 'off' } : {}) };
  // A JavaScript child runs without the TypeScript loader (its memory is then its own).
  const loader = script.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', ...loader, script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${o.label} child exited ${code}: ${err.trim().slice(-2000)}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as T);
      } catch {
        reject(new Error(`${o.label} child printed no report: ${out.slice(-500)}${err.slice(-500)}`));
      }
    });
  });
}

const SIDECAR = fileURLToPath(new URL('../sidecar', import.meta.url));

/**
 * The URL of a module of the compiled sidecar (`sidecar/dist/<path>`), as `wave` runs it. The hook
 * benchmarks load the engine from there: from the sources, the hook spawner process would run its
 * TypeScript through tsx, whose loader thread makes each of its forks ≈ 0.5 ms dearer than the
 * compiled spawner's (measured; docs/benchmarks.md). run.ts builds sidecar/dist when it is stale.
 */
export function compiledSidecar(path: string): string {
  return pathToFileURL(join(SIDECAR, 'dist', path)).href;
}

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    t = Math.max(t, st.isDirectory() ? newest(p) : st.mtimeMs);
  }
  return t;
}

/** Whether sidecar/dist or sidecar/bundle (which `wave` runs) is missing or older than some file of sidecar/src. */
export function compiledSidecarStale(): boolean {
  const src = newest(join(SIDECAR, 'src'));
  return [join(SIDECAR, 'dist', 'cli', 'main.js'), join(SIDECAR, 'bundle', 'bin', 'wave.js')].some((f) => !existsSync(f) || src > statSync(f).mtimeMs);
}
