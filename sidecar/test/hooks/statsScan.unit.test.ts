// `wave hooks stats` reads the figures by position; it must give what parsing every line gives,
// for non-ASCII commands, lines of another shape, lines cut by a crash, the rotated file and --since.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { historyLine, readHistory, rotatedPath } from '../../src/hooks/history/history.js';
import { hookStats } from '../../src/hooks/history/stats.js';
import { historyFigures, historyStats } from '../../src/hooks/history/statsScan.js';
import type { HookRunRecord } from '../../src/hooks/contract/types.js';

function run(i: number, over: Partial<HookRunRecord> = {}): HookRunRecord {
  return {
    id: `r${i}`,
    event: i % 2 ? 'PreToolUse' : 'Stop',
    hookId: 'h',
    source: 'user',
    file: '/home/u/.wave/settings.json',
    name: 'guard',
    matcher: i % 2 ? 'Bash' : null,
    command: i % 3 ? 'echo "héllo — 世界"' : 'true',
    async: i % 5 === 0,
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    durationMs: i * 1.5,
    exitCode: 0,
    signal: null,
    timedOut: i % 7 === 0,
    stdout: '',
    stderr: '',
    outcome: 'success',
    verdict: i % 4 === 0 ? 'blocked' : i % 7 === 0 ? 'timeout' : 'ok',
    kind: { kind: 'answer', decisions: [] },
    reason: null,
    decision: 'success',
    error: null,
    ...over,
  };
}

describe('historyStats', () => {
  it('gives the figures parsing every line gives, over both generations, skipping broken lines, with --since', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wave-stats-'));
    const path = join(dir, 'hook-runs.jsonl');
    const lines = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => JSON.stringify(historyLine(run(from + k), 's')));
    const reordered = JSON.stringify({
      verdict: 'error',
      event: 'Stop',
      command: 'true',
      startedAt: '2026-01-01T01:00:00.000Z',
      durationMs: 9,
      source: 'user',
      file: '/home/u/.wave/settings.json',
      matcher: null,
    });
    // Starts like the engine's lines, but the file comes before the event: the identity is not where the scan looks.
    const fileFirst = JSON.stringify({
      startedAt: '2026-01-01T01:30:00.000Z',
      sessionId: 's',
      source: 'user',
      file: '/other/settings.json',
      event: 'Stop',
      matcher: null,
      command: 'true',
      name: 'x',
      durationMs: 4,
      verdict: 'ok',
      exitCode: 0,
      decision: 'ok',
    });
    writeFileSync(rotatedPath(path), `${lines(0, 40).join('\n')}\n`);
    writeFileSync(path, `${lines(40, 90).join('\n')}\n${reordered}\n${fileFirst}\n{"startedAt":"2026-01-01T02:00:00.000Z","sessionId":"s","event":"Sto\n`);
    expect(historyStats(path)).toEqual(hookStats(readHistory(path)));
    const since = Date.UTC(2026, 0, 1, 0, 1, 0);
    expect(historyStats(path, since)).toEqual(hookStats(readHistory(path), since));
    expect(historyStats(path).find((h) => h.command.includes('世界'))?.runs).toBeGreaterThan(0);
    expect(historyStats(path).find((h) => h.file === '/other/settings.json')?.runs).toBe(1);
    expect(historyStats(join(dir, 'missing.jsonl'))).toEqual([]);
  });

  it("counts test runs (wave hooks test, the page's Test) apart: they are marked in the line and in none of the real figures", () => {
    const dir = mkdtempSync(join(tmpdir(), 'wave-stats-'));
    const path = join(dir, 'hook-runs.jsonl');
    const real = [1, 3, 5].map((i) => historyLine(run(i, { verdict: 'ok', timedOut: false, durationMs: 10, command: 'x', async: false }), 's'));
    const tests = [7, 9].map((i) =>
      historyLine(run(i, { verdict: 'blocked', timedOut: false, durationMs: 5000, command: 'x', async: false }), { sessionId: 'hooks-test', test: true }),
    );
    expect(Object.keys(tests[0]!).slice(0, 4)).toEqual(['startedAt', 'sessionId', 'test', 'event']);
    expect(real[0]).not.toHaveProperty('test');
    // A test line parsed whole (keys in another order) is a test run too.
    const { test: _test, verdict: _verdict, ...rest } = tests[1]!;
    const reordered = JSON.stringify({ verdict: 'ok', ...rest, startedAt: '2026-01-01T03:00:00.000Z', test: true });
    writeFileSync(path, `${[...real, ...tests].map((l) => JSON.stringify(l)).join('\n')}\n${reordered}\n`);
    const { hooks, tests: counted } = historyFigures(path);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ event: 'PreToolUse', runs: 3, blocks: 0, p95_ms: 10 });
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({ event: 'PreToolUse', runs: 3, blocks: 2 });
    expect(historyStats(path)).toEqual(hooks);
    expect(hookStats(readHistory(path))).toEqual(hooks);
  });
});
