// The run history's costs (docs/hooks.md, "History"): what appending one record costs the agent's
// path (the queueing in `HistoryWriter.append`, the write itself happens later), and how long
// `wave hooks stats` — the real command, in its own process — takes over 100,000 recorded runs.
// Goals: ≤ 0.1 ms per run on the agent's path; stats over 100,000 runs under 300 ms.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { historyLine, HistoryWriter } from '../sidecar/src/hooks/history/history.js';
import type { HookRunRecord } from '../sidecar/src/hooks/contract/types.js';
import { fmt, stats, tempDir, type Benchmark } from './lib.js';

const WAVE = fileURLToPath(new URL('../sidecar/bin/wave.js', import.meta.url));

function record(i: number): HookRunRecord {
  return {
    id: `run-${i}`,
    event: i % 3 ? 'PreToolUse' : 'PostToolUse',
    hookId: `project:/p/.wave/settings.json#PreToolUse/0/${i % 7}`,
    source: 'project',
    file: '/p/.wave/settings.json',
    name: `guard ${i % 7}`,
    matcher: 'Bash',
    command: `"$WAVE_PROJECT_DIR"/.wave/hooks/guard-${i % 7}.sh`,
    async: false,
    startedAt: new Date(Date.now() - (100_000 - i) * 1000).toISOString(),
    durationMs: 3 + (i % 50) / 10,
    exitCode: i % 11 ? 0 : 2,
    signal: null,
    timedOut: false,
    stdout: i % 5 ? '' : 'checked',
    stderr: i % 11 ? '' : 'refused: rm -rf',
    outcome: i % 11 ? 'success' : 'blocking_error',
    verdict: i % 11 ? 'ok' : 'blocked',
    kind: { kind: 'answer', decisions: i % 11 ? [] : [{ kind: 'block', reason: 'refused: rm -rf', from: 'exitCode' }] },
    reason: i % 11 ? null : 'refused: rm -rf',
    decision: i % 11 ? 'success' : 'blocked: refused: rm -rf',
    error: null,
  };
}

async function appendCost(dir: string, n: number): Promise<{ perRunMs: number; samples: number[] }> {
  const writer = new HistoryWriter(join(dir, 'append.jsonl'));
  const samples: number[] = [];
  // Batches of 100 appends, as a busy agent would produce them between two turns of the event loop.
  for (let b = 0; b < n / 100; b++) {
    const t0 = performance.now();
    for (let i = 0; i < 100; i++) writer.append(historyLine(record(b * 100 + i), 'bench-session'));
    samples.push((performance.now() - t0) / 100);
    await writer.flush();
  }
  writer.close();
  return { perRunMs: stats(samples).median, samples };
}

function statsRun(home: string): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [WAVE, 'hooks', 'stats', '--json'], { env: { ...process.env, HOME: home }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`wave hooks stats failed: ${r.stderr}`);
  return performance.now() - t0;
}

export const benchmark: Benchmark = {
  name: 'history',
  description: 'the run history: cost per record on the agent path, and wave hooks stats over 100,000 runs',
  async run({ scale, log }) {
    const dir = tempDir('history');
    try {
      const append = await appendCost(dir.path, Math.max(1000, Math.round(20_000 * scale)));
      log(`append (queue) per run: median ${fmt(append.perRunMs, 4)} ms over ${append.samples.length} batches of 100`);
      const home = join(dir.path, 'home');
      mkdirSync(join(home, '.wave'), { recursive: true });
      const lines: string[] = [];
      for (let i = 0; i < 100_000; i++) lines.push(JSON.stringify(historyLine(record(i), `s${Math.floor(i / 500)}`)));
      writeFileSync(join(home, '.wave', 'hook-runs.jsonl'), `${lines.join('\n')}\n`);
      // Process start included: what the user waits for. Also the bare Node start, for scale.
      const nodeStart = stats(
        Array.from({ length: 5 }, () => {
          const t0 = performance.now();
          spawnSync(process.execPath, ['-e', '0']);
          return performance.now() - t0;
        }),
      ).median;
      const runs = stats(Array.from({ length: Math.max(3, Math.round(7 * scale)) }, () => statsRun(home)));
      log(
        `wave hooks stats over 100,000 runs: median ${fmt(runs.median, 0)} ms (min ${fmt(runs.min, 0)}, max ${fmt(runs.max, 0)}); a bare node -e 0 takes ${fmt(nodeStart, 0)} ms`,
      );
      return [
        { name: 'history append per hook run (agent path)', value: append.perRunMs, unit: 'ms', goal: { max: 0.1 } },
        {
          name: 'wave hooks stats over 100,000 runs',
          value: runs.median,
          unit: 'ms',
          goal: { max: 300 },
          note: `whole command, node start ${fmt(nodeStart, 0)} ms included`,
        },
      ];
    } finally {
      dir.remove();
    }
  },
};
