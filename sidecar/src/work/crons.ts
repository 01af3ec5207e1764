// Session cron jobs (README's tools: CronCreate, CronList, CronDelete; docs/hooks.md, Stop: the payload's
// `session_crons`). A job is a prompt on a cron schedule (5 fields, or 6 with seconds first); when
// it is due, `onDue` hands it to the agent, which sends the prompt as a user turn once idle. A
// one-shot job fires once at its next match and is removed; a recurring one stays until deleted.
// Timers are unref'd: the scheduler never keeps the process alive by itself.
import { Cron } from 'croner';
import type { SessionCron } from '../hooks/contract/events.js';
import { messageOf } from '../util/errors.js';

export interface CronJob {
  id: string;
  schedule: string;
  prompt: string;
  recurring: boolean;
  /** When the job was created (ms since the epoch). */
  createdAt: number;
  /** The next time the job fires, null when it never will again. */
  nextRun: Date | null;
}

export interface CronSchedulerOptions {
  /** Called when a job is due (for a one-shot job, after it was removed from the list). */
  onDue: (job: CronJob) => void;
  /** The clock used to compute next run times shown to the model (firing uses the real clock). */
  now?: () => Date;
}

export interface CronCreateInput {
  schedule: string;
  prompt: string;
  recurring: boolean;
}

interface Entry {
  id: string;
  schedule: string;
  prompt: string;
  recurring: boolean;
  createdAt: number;
  cron: Cron;
}

const SYNTAX_HELP = 'Use 5 fields "minute hour day-of-month month day-of-week" (e.g. "*/5 * * * *") or 6 with seconds first (e.g. "*/30 * * * * *").';

export class CronScheduler {
  private readonly jobs = new Map<string, Entry>();
  private counter = 0;
  private readonly onDue: (job: CronJob) => void;
  private readonly now: () => Date;

  constructor(opts: CronSchedulerOptions) {
    this.onDue = opts.onDue;
    this.now = opts.now ?? (() => new Date());
  }

  /** Schedules a job; throws an Error naming the expression when it is not valid cron syntax. */
  create(input: CronCreateInput): CronJob {
    const schedule = input.schedule.trim().replace(/\s+/g, ' ');
    if (!schedule) throw new Error(`Invalid cron expression "${input.schedule}": it is empty. ${SYNTAX_HELP}`);
    if (!input.prompt.trim()) throw new Error('A cron job needs a prompt to send when it is due.');
    const id = `cron_${++this.counter}`;
    let cron: Cron;
    try {
      cron = new Cron(schedule, { mode: '5-or-6-parts', unref: true, paused: true, ...(input.recurring ? {} : { maxRuns: 1 }) }, () => this.fire(id));
    } catch (err) {
      this.counter--;
      const why = messageOf(err).replace(/^CronPattern:\s*/, '');
      throw new Error(`Invalid cron expression "${input.schedule}": ${why}. ${SYNTAX_HELP}`, { cause: err });
    }
    if (cron.nextRun() === null) {
      cron.stop();
      this.counter--;
      throw new Error(`Invalid cron expression "${input.schedule}": it never matches a future time.`);
    }
    const entry: Entry = { id, schedule, prompt: input.prompt, recurring: input.recurring, createdAt: Date.now(), cron };
    this.jobs.set(id, entry);
    cron.resume();
    return this.view(entry);
  }

  get(id: string): CronJob | undefined {
    const e = this.jobs.get(id);
    return e ? this.view(e) : undefined;
  }

  list(): CronJob[] {
    return [...this.jobs.values()].map((e) => this.view(e));
  }

  delete(id: string): boolean {
    const e = this.jobs.get(id);
    if (!e) return false;
    e.cron.stop();
    this.jobs.delete(id);
    return true;
  }

  /** The Stop payload's `session_crons`. */
  snapshot(): SessionCron[] {
    return [...this.jobs.values()].map((e) => ({ id: e.id, schedule: e.schedule, recurring: e.recurring, prompt: e.prompt }));
  }

  /** Stops every job (the session ends). */
  stop(): void {
    for (const e of this.jobs.values()) e.cron.stop();
    this.jobs.clear();
  }

  private fire(id: string): void {
    const e = this.jobs.get(id);
    if (!e) return;
    if (!e.recurring) {
      e.cron.stop();
      this.jobs.delete(id);
    }
    const job = this.view(e);
    try {
      this.onDue(job);
    } catch {
      // The agent's queueing failed; the schedule itself goes on.
    }
  }

  private view(e: Entry): CronJob {
    const alive = this.jobs.has(e.id);
    return {
      id: e.id,
      schedule: e.schedule,
      prompt: e.prompt,
      recurring: e.recurring,
      createdAt: e.createdAt,
      nextRun: alive ? e.cron.nextRun(this.now()) : null,
    };
  }
}
