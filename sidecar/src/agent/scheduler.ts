// When the main agent works (docs/architecture.md): one piece of work at a time — a user turn, a
// cycle started by finished background work, a due cron prompt — each with its own abort signal,
// prompt id and hook budget; queued work starts as soon as the agent is idle; `settle` waits until
// nothing runs or waits any more (what `wave -p` does before it reports). All state is private.
import { randomUUID } from 'node:crypto';
import type { TurnBudget } from '../hooks/fire/budget.js';
import { deferred } from '../process/deferred.js';
import type { WorkPort } from './workPort.js';

export interface Turn {
  budget: TurnBudget;
  promptId: string;
  abort: AbortController;
}

/** A piece of work the scheduler runs with the agent marked busy. */
export type Job<T> = () => Promise<T>;

export interface SchedulerOptions {
  newBudget: () => TurnBudget;
  /** The agent became busy or idle. */
  onBusy: (busy: boolean) => void;
  /** Runs after every piece of work, before the agent is idle again. */
  afterWork: () => void;
  /** The next queued piece of work, or null when nothing waits (asked whenever the agent is idle). */
  next: () => Job<unknown> | null;
  /** A queued piece of work failed on its own (nobody awaits it): tell the user. */
  onBackgroundFailure: (err: Error) => void;
  work: Pick<WorkPort, 'hasPending' | 'runningCount' | 'idle'>;
}

const NEVER = new AbortController().signal;

export class TurnScheduler {
  private turn: Turn | null = null;
  private running: Promise<unknown> | null = null;
  private closed = false;
  /** Resolved (and replaced) whenever a piece of work starts or ends. */
  private changed = deferred();

  constructor(private readonly opts: SchedulerOptions) {}

  get busy(): boolean {
    return this.turn !== null;
  }
  /** The running piece of work: its prompt id and hook budget. */
  get current(): Turn | null {
    return this.turn;
  }
  /** Aborted when the user stops the running work. */
  get signal(): AbortSignal {
    return this.turn?.abort.signal ?? NEVER;
  }

  private notify(): void {
    this.changed.resolve();
    this.changed = deferred();
  }

  /** Runs one piece of work with the agent marked busy; afterwards, queued work gets its turn. */
  async exclusive<T>(job: Job<T>): Promise<T> {
    if (this.turn) throw new Error('the agent is already working on a turn');
    this.turn = { budget: this.opts.newBudget(), promptId: randomUUID(), abort: new AbortController() };
    this.opts.onBusy(true);
    const p = job();
    this.running = p;
    this.notify();
    try {
      return await p;
    } finally {
      this.turn = null;
      this.running = null;
      this.opts.afterWork();
      this.opts.onBusy(false);
      this.notify();
      setImmediate(() => this.wake());
    }
  }

  /** Starts queued work when idle. */
  wake(): void {
    if (this.turn || this.closed) return;
    const job = this.opts.next();
    if (job) void this.exclusive(job).catch((err: Error) => this.opts.onBackgroundFailure(err));
  }

  /**
   * Resolves once the agent is idle with no background work running and nothing queued, or after
   * `limitMs`. Returns false when the limit was reached. Waits on events, not on time.
   */
  async settle(limitMs: number): Promise<boolean> {
    const deadline = Date.now() + limitMs;
    const limit = () => new Promise<void>((ok) => setTimeout(ok, Math.max(0, deadline - Date.now())).unref());
    const { work } = this.opts;
    for (;;) {
      // The running work's own failure was reported by whoever started it.
      if (this.running) await this.running.catch(() => undefined);
      if (work.runningCount()) await Promise.race([work.idle(), limit()]);
      await new Promise((ok) => setImmediate(ok)); // wake() runs in a setImmediate after work ends
      if (!this.turn && !this.running && !work.hasPending() && !work.runningCount()) return true;
      if (Date.now() >= deadline || this.closed) return false;
      if (!this.running && !work.runningCount()) await Promise.race([this.changed.promise, limit()]);
    }
  }

  /** Stops the running work: its model request is cancelled and no further tool runs. */
  abort(): void {
    this.turn?.abort.abort();
  }

  /** No more work starts; the running one is aborted (`stopped` resolves when it has ended). */
  close(): void {
    this.closed = true;
    this.abort();
  }

  async stopped(): Promise<void> {
    if (this.running) await this.running.catch(() => undefined); // its failure was reported where it started
  }
}
