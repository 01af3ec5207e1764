// When the main agent works (agent/scheduler.ts; docs/architecture.md): one piece of work at a time,
// each with its own budget, prompt id and abort signal; queued work starts once the agent is idle;
// `settle` waits on events (work ending, background work going idle) and returns false only at its
// limit or once closed. Background work here is a promise the test resolves: no process, no clock.
import { describe, expect, it } from 'vitest';
import { TurnBudget } from '../../src/hooks/fire/budget.js';
import { TurnScheduler, type Job, type SchedulerOptions } from '../../src/agent/scheduler.js';
import { deferred } from '../../src/process/deferred.js';

/** Background work the test drives: `start()` one task, `finish()` them all. */
function background(queue: ReadonlyArray<unknown>) {
  let running = 0;
  let idle = deferred();
  return {
    hasPending: () => queue.length > 0,
    runningCount: () => running,
    idle: () => idle.promise,
    start: () => void running++,
    finish: () => {
      running = 0;
      idle.resolve();
      idle = deferred();
    },
  };
}

function scheduler(over: Partial<SchedulerOptions> = {}) {
  const queue: Array<Job<unknown>> = [];
  const busy: boolean[] = [];
  const failures: string[] = [];
  let afterWork = 0;
  const work = background(queue);
  const s = new TurnScheduler({
    newBudget: () => new TurnBudget(600),
    onBusy: (b) => busy.push(b),
    afterWork: () => void afterWork++,
    next: () => queue.shift() ?? null,
    onBackgroundFailure: (e) => failures.push(e.message),
    work,
    ...over,
  });
  return { s, queue, busy, failures, work, afterWorkCount: () => afterWork };
}

describe('TurnScheduler', () => {
  it('runs one piece of work marked busy, with its own budget, prompt id and signal', async () => {
    const { s, busy, afterWorkCount } = scheduler();
    expect(s.busy).toBe(false);
    const seen: Array<{ promptId: string; budget: TurnBudget }> = [];
    const one = await s.exclusive(async () => {
      expect(s.busy).toBe(true);
      seen.push({ promptId: s.current!.promptId, budget: s.current!.budget });
      return 1;
    });
    await s.exclusive(async () => seen.push({ promptId: s.current!.promptId, budget: s.current!.budget }));
    expect(one).toBe(1);
    expect(busy).toEqual([true, false, true, false]);
    expect(afterWorkCount()).toBe(2);
    expect(seen[0]!.promptId).not.toBe(seen[1]!.promptId);
    expect(seen[0]!.budget).not.toBe(seen[1]!.budget);
    expect(s.current).toBeNull();
  });

  it('refuses a second piece of work while one runs', async () => {
    const { s } = scheduler();
    const gate = deferred();
    const first = s.exclusive(() => gate.promise);
    await expect(s.exclusive(async () => 2)).rejects.toThrow(/already working/);
    gate.resolve();
    await first;
  });

  it('abort() aborts the running work’s signal only', async () => {
    const { s } = scheduler();
    expect(s.signal.aborted).toBe(false);
    const gate = deferred();
    let signal: AbortSignal | null = null;
    const run = s.exclusive(async () => {
      signal = s.signal;
      await gate.promise;
    });
    s.abort();
    expect(signal!.aborted).toBe(true);
    gate.resolve();
    await run;
    expect(s.signal.aborted).toBe(false); // the next work gets a fresh signal
  });

  it('queued work starts once the agent is idle; its failure is reported, not thrown', async () => {
    const { s, queue, failures } = scheduler();
    const ran: string[] = [];
    queue.push(async () => void ran.push('queued'));
    queue.push(async () => {
      throw new Error('cron prompt failed');
    });
    await s.exclusive(async () => void ran.push('turn'));
    expect(await s.settle(60_000)).toBe(true);
    expect(ran).toEqual(['turn', 'queued']);
    expect(failures).toEqual(['cron prompt failed']);
  });

  it('settle waits for background work to end, then for the work it queued', async () => {
    const { s, queue, work } = scheduler();
    work.start();
    let settled: boolean | null = null;
    const p = s.settle(3_600_000).then((v) => (settled = v));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBeNull();
    const ran: string[] = [];
    queue.push(async () => void ran.push('notified cycle'));
    work.finish();
    s.wake();
    expect(await p).toBe(true);
    expect(ran).toEqual(['notified cycle']);
  });

  it('settle returns false at its limit while background work still runs', async () => {
    const { s, work } = scheduler();
    work.start();
    expect(await s.settle(0)).toBe(false);
    work.finish();
    expect(await s.settle(0)).toBe(true);
  });

  it('close(): the running work is aborted, nothing queued starts, settle stops waiting', async () => {
    const { s, queue } = scheduler();
    const gate = deferred();
    let signal: AbortSignal | null = null;
    const run = s.exclusive(async () => {
      signal = s.signal;
      await gate.promise;
    });
    const ran: string[] = [];
    queue.push(async () => void ran.push('queued'));
    s.close();
    expect(signal!.aborted).toBe(true);
    gate.resolve();
    await run;
    await s.stopped();
    s.wake();
    expect(await s.settle(3_600_000)).toBe(false); // work is queued, but none starts any more
    expect(ran).toEqual([]);
  });
});
