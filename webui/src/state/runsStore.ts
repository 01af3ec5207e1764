// The Runs view of the settings page (docs/hooks.md, "The settings page"): the recent runs of the
// run history, newest first (`wave hooks runs`), filtered by event and outcome, fetched again when
// the history changes while the view is open.
import { batch, computed, signal } from '@preact/signals';
import type { SidecarClient } from '../connection/client.js';
import type { HookHistoryRun, Params } from '../connection/protocol.js';
import { attempt } from './attempt.js';

export type OutcomeFilter = NonNullable<Params<'hooks.runs'>['outcome']>;
export const OUTCOME_FILTERS: readonly OutcomeFilter[] = ['ok', 'blocked', 'error', 'timeout'];

export class RunsStore {
  readonly #runs = signal<HookHistoryRun[]>([]);
  readonly #file = signal('');
  readonly #event = signal<string>('');
  readonly #outcome = signal<OutcomeFilter | ''>('');
  readonly #loading = signal(false);
  readonly #error = signal<string | null>(null);
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

  /** The view is on screen: it loads now and again whenever the history changes. */
  show(open: boolean): void {
    this.#open = open;
    if (open) void this.load();
  }

  setFilter(filter: { event?: string; outcome?: OutcomeFilter | '' }): void {
    batch(() => {
      if (filter.event !== undefined) this.#event.value = filter.event;
      if (filter.outcome !== undefined) this.#outcome.value = filter.outcome;
    });
    void this.load();
  }

  async load(): Promise<void> {
    this.#loading.value = true;
    const event = this.#event.value;
    const outcome = this.#outcome.value;
    try {
      await attempt(this.#error, async () => {
        const r = await this.client.request('hooks.runs', { ...(event ? { event } : {}), ...(outcome ? { outcome } : {}), limit: 200 });
        batch(() => {
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
