// The Model section of the settings page (README, "Settings keys"): the model the chat uses and
// whether its endpoint answers (probed at start and after each change), a form that writes provider,
// base URL, model and API key into the user settings file and applies them at once, and Test
// connection (a real request against the endpoint of the form).
import { batch, signal } from '@preact/signals';
import type { SidecarClient } from '../connection/client.js';
import type { ModelProbe, ModelProvider, ModelState } from '../connection/protocol.js';
import { attempt } from './attempt.js';

export interface ModelForm {
  provider: ModelProvider;
  baseURL: string;
  model: string;
  /** Empty: keep the saved key. */
  apiKey: string;
}

export class ModelStore {
  readonly #state = signal<ModelState | null>(null);
  readonly #form = signal<ModelForm>({ provider: 'openai', baseURL: '', model: '', apiKey: '' });
  /** The form was edited since it was filled from the file. */
  readonly #dirty = signal(false);
  readonly #busy = signal<'save' | 'test' | null>(null);
  readonly #probe = signal<ModelProbe | null>(null);
  readonly #error = signal<string | null>(null);
  readonly #saved = signal(false);

  constructor(private readonly client: SidecarClient) {
    client.on('model.changed', (state) => this.receive(state));
  }

  get state(): ModelState | null {
    return this.#state.value;
  }
  get form(): ModelForm {
    return this.#form.value;
  }
  get busy(): 'save' | 'test' | null {
    return this.#busy.value;
  }
  get probe(): ModelProbe | null {
    return this.#probe.value;
  }
  get error(): string | null {
    return this.#error.value;
  }
  get saved(): boolean {
    return this.#saved.value;
  }

  /** A new state from the sidecar; the form follows the file unless the user is editing it. */
  receive(state: ModelState | undefined): void {
    if (!state) return;
    batch(() => {
      this.#state.value = state;
      if (this.#dirty.value) return;
      const s = state.saved;
      this.#form.value = { provider: s.provider === 'anthropic' ? 'anthropic' : 'openai', baseURL: s.baseURL ?? '', model: s.model ?? '', apiKey: '' };
    });
  }

  edit(change: Partial<ModelForm>): void {
    batch(() => {
      this.#form.value = { ...this.#form.value, ...change };
      this.#dirty.value = true;
      this.#saved.value = false;
    });
  }

  async save(): Promise<void> {
    const f = this.#form.value;
    await this.#act('save', async () => {
      const state = await this.client.request('model.save', {
        provider: f.provider,
        baseURL: f.baseURL,
        model: f.model,
        ...(f.apiKey ? { apiKey: f.apiKey } : {}),
      });
      batch(() => {
        this.#dirty.value = false;
        this.#saved.value = true;
        this.#probe.value = null;
        this.receive(state);
      });
    });
  }

  /** Tests the form's endpoint (its key left empty: the saved one) without saving. */
  async test(): Promise<void> {
    const f = this.#form.value;
    await this.#act('test', async () => {
      this.#probe.value = await this.client.request('model.test', {
        provider: f.provider,
        baseURL: f.baseURL,
        model: f.model,
        ...(f.apiKey ? { apiKey: f.apiKey } : {}),
      });
    });
  }

  async #act(what: 'save' | 'test', run: () => Promise<void>): Promise<void> {
    batch(() => {
      this.#busy.value = what;
      this.#error.value = null;
    });
    try {
      await attempt(this.#error, run);
    } finally {
      this.#busy.value = null;
    }
  }
}
