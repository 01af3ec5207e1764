// The run history's writer (hooks/history/history.ts): lines land in order, the file is rotated once it
// passes the limit (one generation kept), also when another session made it big, and a history
// that cannot be written is one warning, never an exception.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HistoryWriter, rotatedPath, type StoredLine } from '../../src/hooks/history/history.js';

const line = (i: number) => ({ startedAt: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`, sessionId: 's', n: i }) as unknown as StoredLine;
const lines = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : []);

describe('HistoryWriter', () => {
  it('appends in order and rotates past the limit, keeping one generation', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'wave-history-')), 'h', 'hook-runs.jsonl');
    const w = new HistoryWriter(path, () => undefined, 2000);
    for (let i = 0; i < 200; i++) {
      w.append(line(i));
      if (i % 10 === 9) await w.flush();
    }
    await w.flush();
    w.close();
    const all = [...lines(rotatedPath(path)), ...lines(path)].map((l) => (JSON.parse(l) as { n: number }).n);
    expect(all.at(-1)).toBe(199);
    expect(all).toEqual([...all].sort((a, b) => a - b)); // in order, across the two generations
    expect(statSync(path).size).toBeLessThan(2000 + 1000);
    expect(existsSync(rotatedPath(path))).toBe(true);
  });

  it('a file another session made big is rotated at this writer’s first write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wave-history-'));
    const path = join(dir, 'hook-runs.jsonl');
    writeFileSync(path, 'x'.repeat(5000) + '\n');
    const w = new HistoryWriter(path, () => undefined, 2000);
    w.append(line(1));
    await w.flush();
    w.close();
    expect(lines(path)).toHaveLength(1);
    expect(readFileSync(rotatedPath(path), 'utf8')).toHaveLength(5001);
  });

  it('a history that cannot be written warns once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wave-history-'));
    mkdirSync(join(dir, 'hook-runs.jsonl')); // a folder in its place
    const warnings: string[] = [];
    const w = new HistoryWriter(join(dir, 'hook-runs.jsonl'), (m) => warnings.push(m));
    w.append(line(1));
    await w.flush();
    w.append(line(2));
    await w.flush();
    w.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('cannot be written');
  });

  it('many writers add one exit listener, and what is queued at exit is still written', () => {
    const before = process.listenerCount('exit');
    const dir = mkdtempSync(join(tmpdir(), 'wave-history-'));
    for (let i = 0; i < 30; i++) new HistoryWriter(join(dir, `h${i}.jsonl`)); // never closed, as a session's manager is not
    expect(process.listenerCount('exit') - before).toBeLessThanOrEqual(1);
    // A process that queues a line and exits at once: the exit handler writes it.
    const path = join(dir, 'exit.jsonl');
    const url = new URL('../../src/hooks/history/history.ts', import.meta.url).href;
    const code = `const { HistoryWriter } = await import(${JSON.stringify(url)}); new HistoryWriter(${JSON.stringify(path)}).append({ n: 1 }); process.exit(0);`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(lines(path)).toEqual(['{"n":1}']);
  });
});
