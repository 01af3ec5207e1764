// The session's hook configuration as the user reviews it: settings files changed on disk (what
// changed, per file, with Apply / Revert (and Undo) — the session keeps running the hooks it started
// with until then), what the session said at start, and the problems that make hooks not run.
import { computed, signal } from '@preact/signals';
import type { SidecarClient } from '../connection/client.js';
import type { ConfigState } from '../connection/protocol.js';
import { attempt } from './attempt.js';

export class ConfigStore {
  readonly #state = signal<ConfigState | null>(null);
  readonly #busy = signal(false);
  readonly #error = signal<string | null>(null);
  /** The last Revert, while it can be undone. */
  readonly #undo = signal<{ token: string; path: string } | null>(null);

  constructor(private readonly client: SidecarClient) {
    client.on('config.changed', (state) => this.receive(state));
  }

  get state(): ConfigState | null {
    return this.#state.value;
  }
  get busy(): boolean {
    return this.#busy.value;
  }
  get error(): string | null {
    return this.#error.value;
  }

  readonly review = computed(() => this.#state.value?.review ?? []);
  readonly start = computed(() => this.#state.value?.start ?? null);

  get undo(): { token: string; path: string } | null {
    return this.#undo.value;
  }

  /** Problems that make a hook not run or fail every time (errors first), for the chat banner. */
  readonly problems = computed(() => {
    const all = this.#state.value?.problems ?? [];
    return [...all.filter((p) => p.severity === 'error'), ...all.filter((p) => p.severity === 'warning')];
  });

  receive(state: ConfigState | undefined): void {
    if (state) this.#state.value = state;
  }

  /** Applies one file's change (or every offered one): the session runs the file as it is now. */
  apply(path?: string): Promise<void> {
    return this.#act(() => this.client.request('config.apply', path ? { path } : {}));
  }

  /** Hides one file's change (or all) until the file changes again. */
  dismiss(path?: string): Promise<void> {
    return this.#act(() => this.client.request('config.dismiss', path ? { path } : {}));
  }

  /** Writes back the content the session runs over one changed file; it can be undone. */
  revert(path: string): Promise<void> {
    return this.#act(async () => {
      const r = await this.client.request('config.revert', { path });
      this.#undo.value = { token: r.undo, path };
      return r.config;
    });
  }

  /** Puts back what the last Revert replaced (the change is under review again). */
  undoRevert(): Promise<void> {
    const undo = this.#undo.value;
    if (!undo) return Promise.resolve();
    this.#undo.value = null;
    return this.#act(() => this.client.request('config.undoRevert', { token: undo.token }));
  }

  async #act(send: () => Promise<ConfigState>): Promise<void> {
    this.#busy.value = true;
    this.#error.value = null;
    try {
      await attempt(this.#error, async () => this.receive(await send()));
    } finally {
      this.#busy.value = false;
    }
  }
}
