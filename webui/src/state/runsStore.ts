// The Runs view of the settings page (docs/hooks.md, "The settings page"): the recent runs of the
// run history, newest first (`wave hooks runs`), filtered by event and outcome, fetched again when
// the history changes while the view is open; filtered by project too, and each run's Re-run with
// this input (the recorded stdin against the hook as it is on disk now) with its result.
import { batch, computed, signal } from '@preact/signals';
import type { SidecarClient } from '../connection/client.js';
import type { HookHistoryRun, HookRerunResult, Params } from '../connection/protocol.js';
import { attempt, messageOf } from './attempt.js';

export type OutcomeFilter = NonNullable<Params<'hooks.runs'>['outcome']>;
export const OUTCOME_FILTERS: readonly OutcomeFilter[] = ['ok', 'blocked', 'error', 'timeout'];

export class RunsStore {
  readonly #runs = signal<HookHistoryRun[]>([]);
  readonly #file = signal('');
  readonly #event = signal<string>('');
  readonly #outcome = signal<OutcomeFilter | ''>('');
  readonly #loading = signal(false);
  readonly #error = signal<string | null>(null);
  readonly #project = signal('');
  readonly #projects = signal<string[]>([]);
  /** The chat's session: its runs open in the chat. */
  readonly #session = signal<string | null>(null);
  /** Re-runs by run id: running (null) or done. */
  readonly #reruns = signal<ReadonlyMap<string, HookRerunResult | null>>(new Map());
  readonly #rerunError = signal<{ id: string; message: string } | null>(null);
  /** Every event seen in the history so far (the event filter's choices). */
  readonly #events = signal<string[]>([]);
  #open = false;

  constructor(private readonly client: SidecarClient) {
    client.on('hooks.stats', () => {
      if (this.#open) void this.load();
    });
  }

  get runs(): HookHistoryRun[] {
    return this.#runs.value;
  }
  get file(): string {
    return this.#file.value;
  }
  get event(): string {
    return this.#event.value;
  }
  get outcome(): OutcomeFilter | '' {
    return this.#outcome.value;
  }
  get loading(): boolean {
    return this.#loading.value;
  }
  get error(): string | null {
    return this.#error.value;
  }
  readonly events = computed(() => this.#events.value);
  get project(): string {
    return this.#project.value;
  }
  get projects(): string[] {
    return this.#projects.value;
  }
  get session(): string | null {
    return this.#session.value;
  }
  /** The Re-run of a run: undefined (none), null (running) or its result. */
  rerunOf(id: string): HookRerunResult | null | undefined {
    return this.#reruns.value.get(id);
  }
  rerunError(id: string): string | null {
    const e = this.#rerunError.value;
    return e && e.id === id ? e.message : null;
  }

  /** Re-run with this input: the run's recorded stdin against its hook as it is on disk now (a test run). */
  async rerun(id: string): Promise<void> {
    const set = (v: HookRerunResult | null) => (this.#reruns.value = new Map([...this.#reruns.value, [id, v]]));
    set(null);
    this.#rerunError.value = null;
    try {
      set(await this.client.request('hooks.rerun', { id }));
    } catch (err) {
      const next = new Map(this.#reruns.value);
      next.delete(id);
      batch(() => {
        this.#reruns.value = next;
        this.#rerunError.value = { id, message: messageOf(err) };
      });
    }
  }

  /** The view is on screen: it loads now and again whenever the history changes. */
  show(open: boolean): void {
    this.#open = open;
    if (open) void this.load();
  }

  setFilter(filter: { event?: string; outcome?: OutcomeFilter | ''; project?: string }): void {
    batch(() => {
      if (filter.project !== undefined) this.#project.value = filter.project;
      if (filter.event !== undefined) this.#event.value = filter.event;
      if (filter.outcome !== undefined) this.#outcome.value = filter.outcome;
    });
    void this.load();
  }

  async load(): Promise<void> {
    this.#loading.value = true;
    const event = this.#event.value;
    const outcome = this.#outcome.value;
    const project = this.#project.value;
    try {
      const q = { ...(event ? { event } : {}), ...(outcome ? { outcome } : {}), ...(project ? { project } : {}) };
      await attempt(this.#error, async () => {
        const r = await this.client.request('hooks.runs', { ...q, limit: 200 });
        batch(() => {
          this.#projects.value = r.projects;
          this.#session.value = r.session;
          this.#runs.value = r.runs;
          this.#file.value = r.file;
          this.#error.value = null;
          const seen = new Set([...this.#events.value, ...r.runs.map((x) => x.event)]);
          this.#events.value = [...seen].sort();
        });
      });
    } finally {
      this.#loading.value = false;
    }
  }
}
