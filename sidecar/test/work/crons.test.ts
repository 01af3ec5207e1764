// Session cron jobs and the cron tools with the real croner scheduler and real time: nothing of
// crons.ts / cronTools.ts is mocked.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Tool, ToolOutcome } from '../../src/agent/tools/types.js';
import { createCronTools } from '../../src/work/cronTools.js';
import { CronScheduler, type CronJob } from '../../src/work/crons.js';
import { HANG_MS } from '../../../test/limits.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = join(HERE, '..', '..', '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tools(s: CronScheduler) {
  const list = createCronTools(s) as unknown as Tool<Record<string, unknown>>[];
  const byName = (n: string) => list.find((t) => t.name === n)!;
  const call = (name: string, input: Record<string, unknown>): Promise<ToolOutcome> => {
    const t = byName(name);
    return t.run(t.schema.parse(input), { cwd: REPO_ROOT, env: {} });
  };
  return { list, byName, call };
}

describe.concurrent('CronScheduler', () => {
  it('creates, lists, deletes; ids cron_1, cron_2 …; snapshot has the Stop payload shape', () => {
    const s = new CronScheduler({ onDue: () => {} });
    const a = s.create({ schedule: '*/5 * * * *', prompt: 'check the build', recurring: true });
    const b = s.create({ schedule: '0 9 * * 1-5', prompt: 'standup notes', recurring: false });
    expect(a.id).toBe('cron_1');
    expect(b.id).toBe('cron_2');
    expect(a.nextRun).toBeInstanceOf(Date);
    expect(a.nextRun!.getTime()).toBeGreaterThan(Date.now());
    expect(s.list().map((j) => j.id)).toEqual(['cron_1', 'cron_2']);
    expect(s.snapshot()).toEqual([
      { id: 'cron_1', schedule: '*/5 * * * *', recurring: true, prompt: 'check the build' },
      { id: 'cron_2', schedule: '0 9 * * 1-5', recurring: false, prompt: 'standup notes' },
    ]);
    expect(s.delete('cron_1')).toBe(true);
    expect(s.delete('cron_1')).toBe(false);
    expect(s.list().map((j) => j.id)).toEqual(['cron_2']);
    s.stop();
    expect(s.list()).toEqual([]);
    expect(s.snapshot()).toEqual([]);
  });

  it('rejects an invalid expression with an error naming it', () => {
    const s = new CronScheduler({ onDue: () => {} });
    for (const bad of ['every minute', '61 * * * *', '* * * * * * *', '0 0 30 2 *', '']) {
      expect(() => s.create({ schedule: bad, prompt: 'x', recurring: true })).toThrow(`Invalid cron expression "${bad}"`);
    }
    expect(() => s.create({ schedule: 'nope', prompt: 'x', recurring: true })).toThrow(/5 fields/);
    expect(s.list()).toEqual([]);
    // A failed create does not use up an id.
    expect(s.create({ schedule: '* * * * *', prompt: 'x', recurring: true }).id).toBe('cron_1');
    s.stop();
  });

  it('computes next runs with the injected clock', () => {
    const now = new Date(2030, 0, 1, 0, 0, 0); // local time, like cron
    const s = new CronScheduler({ onDue: () => {}, now: () => now });
    const j = s.create({ schedule: '30 9 * * *', prompt: 'x', recurring: true });
    expect(j.nextRun).toEqual(new Date(2030, 0, 1, 9, 30, 0));
    expect(s.list()[0]!.nextRun).toEqual(new Date(2030, 0, 1, 9, 30, 0));
    s.stop();
  });

  it('a recurring every-second job keeps firing; a one-shot fires once and disappears', async () => {
    const fired: CronJob[] = [];
    const s = new CronScheduler({ onDue: (j) => fired.push(j) });
    s.create({ schedule: '* * * * * *', prompt: 'tick', recurring: true });
    s.create({ schedule: '* * * * * *', prompt: 'once', recurring: false });
    const t0 = Date.now();
    while (fired.filter((j) => j.prompt === 'tick').length < 3 && Date.now() - t0 < HANG_MS) await sleep(25);
    s.stop();
    expect(fired.filter((j) => j.prompt === 'tick').length).toBeGreaterThanOrEqual(3);
    const once = fired.filter((j) => j.prompt === 'once');
    expect(once).toHaveLength(1);
    expect(once[0]).toMatchObject({ id: 'cron_2', recurring: false, nextRun: null });
    expect(fired.find((j) => j.prompt === 'tick')).toMatchObject({ id: 'cron_1', schedule: '* * * * * *', recurring: true });
  });

  it('the one-shot leaves the list when it fires', async () => {
    let due = 0;
    const s = new CronScheduler({ onDue: () => due++ });
    s.create({ schedule: '* * * * * *', prompt: 'once', recurring: false });
    expect(s.list()).toHaveLength(1);
    const t0 = Date.now();
    while (due === 0 && Date.now() - t0 < HANG_MS) await sleep(20);
    expect(due).toBe(1);
    expect(s.list()).toEqual([]);
    expect(s.snapshot()).toEqual([]);
    s.stop();
  });

  it('does not keep the process alive by itself', () => {
    const code = [
      "import { CronScheduler } from './sidecar/src/work/crons.ts';",
      "const s = new CronScheduler({ onDue: () => console.log('due') });",
      "s.create({ schedule: '* * * * * *', prompt: 'x', recurring: true });",
      "console.log('created');",
    ].join('\n');
    // The process ends by itself: a timer that held it would make it print "due" every second until
    // the hang limit killed it (execFileSync then throws). One "due" before it ends is possible on a
    // busy machine (the TypeScript loader's shutdown can outlast a second), so only the first line counts.
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: HANG_MS,
    });
    expect(out.split('\n')[0]).toBe('created');
  });
});

describe.concurrent('cron tools', () => {
  it('CronCreate (recurring by default), CronList, CronDelete', async () => {
    const s = new CronScheduler({ onDue: () => {} });
    const t = tools(s);
    expect(t.list.map((x) => [x.name, x.access])).toEqual([
      ['CronCreate', 'other'],
      ['CronList', 'other'],
      ['CronDelete', 'other'],
    ]);
    const empty = await t.call('CronList', {});
    expect(empty.result).toBe('No scheduled cron jobs.');

    const c = await t.call('CronCreate', { schedule: '*/10 * * * *', prompt: 'run the tests' });
    expect(c.success).toBe(true);
    expect(c.result).toMatch(/^Scheduled cron_1 \(recurring, "\*\/10 \* \* \* \*"\): next run at \d{4}-\d\d-\d\dT/);
    expect(c.response).toMatchObject({ id: 'cron_1', schedule: '*/10 * * * *', recurring: true, prompt: 'run the tests', success: true });
    const once = await t.call('CronCreate', { schedule: '0 12 * * *', prompt: 'lunch', recurring: false });
    expect(once.result).toMatch(/^Scheduled cron_2 \(one-shot, /);

    const l = await t.call('CronList', {});
    expect(l.result.split('\n')).toHaveLength(2);
    expect(l.result).toContain('cron_1');
    expect(l.result).toContain('prompt: run the tests');
    expect((l.response.jobs as unknown[]).length).toBe(2);

    const d = await t.call('CronDelete', { id: 'cron_1' });
    expect(d.success).toBe(true);
    expect(d.result).toBe('Deleted cron job cron_1.');
    const d2 = await t.call('CronDelete', { id: 'cron_1' });
    expect(d2.success).toBe(false);
    expect(d2.result).toBe('No cron job with ID "cron_1". Scheduled jobs: cron_2.');
    s.stop();
  });

  it('CronCreate with an invalid expression fails with the reason', async () => {
    const s = new CronScheduler({ onDue: () => {} });
    const r = await tools(s).call('CronCreate', { schedule: '99 * * * *', prompt: 'x' });
    expect(r.success).toBe(false);
    expect(r.result).toMatch(/^Invalid cron expression "99 \* \* \* \*": .*minute/);
    expect(s.list()).toEqual([]);
  });
});
