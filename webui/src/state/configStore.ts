// The session's hook configuration as the user reviews it: settings files changed on disk (what
// changed, per file, with Apply / Dismiss — the session keeps running the hooks it started with
// until then), and the problems that make hooks not run (shown as a banner in the chat).
import { computed, signal } from '@preact/signals';
import type { HostClient } from '../host/client.js';
import type { ConfigState } from '../host/protocol.js';

export class ConfigStore {
  readonly #state = signal<ConfigState | null>(null);
  readonly #busy = signal(false);
  readonly #error = signal<string | null>(null);

  constructor(private readonly client: HostClient) {
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

  async #act(send: () => Promise<ConfigState>): Promise<void> {
    this.#busy.value = true;
    this.#error.value = null;
    try {
      this.receive(await send());
    } catch (err) {
      this.#error.value = (err as Error).message;
    } finally {
      this.#busy.value = false;
    }
  }
}
