// Child process of the flood memory benchmark (hookSpawn.ts). Each variant runs in a fresh Node
// process so that neither inherits the other's heap or malloc arenas (RSS is per process and freed
// memory is often kept by the allocator, so the order of runs in one process would skew growth).
//
//   node --expose-gc --import tsx bench/_floodChild.ts raw|engine [runs]
//   (with WAVE_HOOK_SPAWNER=off the engine's hooks are forked by this process, not by the spawner)
//
// Prints one JSON line: { variant, command, bytes, sampleEveryMs, gc, spawner, runs: [{ baselineRss, peakRss, peakArrayBuffers, ms, samples }] }.
// The first run is the cold one (the process never read a big output before); later runs are warm.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FireContext } from '../sidecar/src/hooks/fire/manager.js';
import { compiledSidecar, gc, MB, tempDir } from './lib.js';

// The compiled engine, as `wave` runs it (lib.ts, compiledSidecar).
const { HookManager } = (await import(compiledSidecar('hooks/fire/manager.js'))) as typeof import('../sidecar/src/hooks/fire/manager.js');
const { prepareHookRunner } = (await import(compiledSidecar('hooks/run/runner.js'))) as typeof import('../sidecar/src/hooks/run/runner.js');

const FLOOD_BYTES = 200 * MB; // 209715200
const FLOOD_COMMAND = `head -c ${FLOOD_BYTES} /dev/zero`;
const SAMPLE_EVERY_MS = 2;

export interface FloodRun {
  baselineRss: number;
  peakRss: number;
  peakArrayBuffers: number;
  ms: number;
  samples: number;
}

export interface FloodReport {
  variant: string;
  command: string;
  bytes: number;
  sampleEveryMs: number;
  gc: boolean;
  /** The engine's hooks were forked by the spawner process (else by this one). */
  spawner: boolean;
  runs: FloodRun[];
}

const toolInput = {
  tool_name: 'Bash',
  tool_input: { command: 'ls -la', description: 'List files' },
  tool_use_id: 'toolu_bench_0001',
};

function rawSpawn(command: string, cwd: string, input: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let bytes = 0;
    child.on('error', reject);
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.stdout.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    child.stderr.resume();
    child.on('close', () => resolve(bytes));
  });
}

async function measure(work: () => Promise<void>): Promise<FloodRun> {
  gc();
  const first = process.memoryUsage();
  const baselineRss = first.rss;
  let peakRss = baselineRss;
  let peakArrayBuffers = first.arrayBuffers;
  let samples = 0;
  const sample = () => {
    const m = process.memoryUsage();
    samples++;
    if (m.rss > peakRss) peakRss = m.rss;
    if (m.arrayBuffers > peakArrayBuffers) peakArrayBuffers = m.arrayBuffers;
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  const t0 = performance.now();
  try {
    await work();
    const ms = performance.now() - t0;
    sample();
    return { baselineRss, peakRss, peakArrayBuffers, ms, samples };
  } finally {
    clearInterval(timer);
  }
}

async function main(variant: string, runs: number): Promise<FloodReport> {
  // The spawner, when there is one, is ready before the first run (a session's hooks find it so).
  const spawner = variant === 'engine' && (await prepareHookRunner());
  const home = tempDir('flood-home');
  const work = tempDir('flood-work');
  try {
    mkdirSync(join(home.path, '.wave'), { recursive: true });
    // `Read` runs a quiet hook (warm-up: loads settings, warms the code path); `Bash` the flood.
    const settings = {
      hooks: {
        PreToolUse: [
          { matcher: 'Read', hooks: [{ type: 'command', command: 'true' }] },
          { matcher: 'Bash', hooks: [{ type: 'command', command: FLOOD_COMMAND }] },
        ],
      },
    };
    writeFileSync(join(home.path, '.wave', 'settings.json'), JSON.stringify(settings));
    const manager = new HookManager({ workdir: work.path, homeDir: home.path });
    const ctx: FireContext = {
      sessionId: 'bench-session',
      transcriptPath: join(home.path, '.wave', 'sessions', 'bench-session.jsonl'),
      cwd: work.path,
      permissionMode: 'default',
    };
    const input = `${JSON.stringify(manager.payload('PreToolUse', toolInput, ctx))}\n`;
    for (let i = 0; i < 3; i++) {
      await manager.fire('PreToolUse', { ...toolInput, tool_name: 'Read' }, ctx);
      await rawSpawn('true', work.path, input);
    }

    const job =
      variant === 'raw'
        ? async () => {
            const bytes = await rawSpawn(FLOOD_COMMAND, work.path, input);
            if (bytes !== FLOOD_BYTES) throw new Error(`raw flood read ${bytes} bytes`);
          }
        : variant === 'engine'
          ? async () => {
              const r = await manager.fire('PreToolUse', toolInput, ctx);
              const run = r.runs[0];
              if (!run || run.exitCode !== 0) throw new Error(`engine flood run failed: ${JSON.stringify(run)}`);
              if (!run.stdout.includes(`${FLOOD_BYTES - 64 * 1024} more bytes dropped`)) {
                throw new Error(`engine flood: unexpected stdout tail ${JSON.stringify(run.stdout.slice(-120))}`);
              }
            }
          : null;
    if (!job) throw new Error(`unknown variant ${variant}`);
    const out: FloodRun[] = [];
    for (let i = 0; i < runs; i++) out.push(await measure(job));
    return { variant, command: FLOOD_COMMAND, bytes: FLOOD_BYTES, sampleEveryMs: SAMPLE_EVERY_MS, gc: typeof (globalThis as { gc?: unknown }).gc === 'function', spawner, runs: out };
  } finally {
    home.remove();
    work.remove();
  }
}

const variant = process.argv[2] ?? '';
const runs = Number(process.argv[3] ?? 3);
main(variant, runs).then(
  (report) => {
    process.stdout.write(`${JSON.stringify(report)}\n`);
  },
  (err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
