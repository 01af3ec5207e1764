// What the page shows about guards (docs/hooks.md, "Guard coverage", "Test with your own input",
// "Project hooks need a trusted workspace"): the tools × events coverage computed by the sidecar
// (fetched again whenever the listing or the run figures change), the stdin the user writes to test
// a hook (per hook, kept across runs, checked as JSON before it is sent), and the project scripts the
// trust dialog opens.
import { signal } from '@preact/signals';
import type { SidecarClient } from '../connection/client.js';
import type { GuardCoverage, HookTestResult, ProjectHookDetail, TestPreset } from '../connection/protocol.js';
import type { AppStore } from './appStore.js';

/** The stdin a user is writing for one hook's test, and the preset it started from. */
export interface TestInput {
  text: string;
  preset: number;
}

/** The stdin checked: the object to send, or where and why it is not valid JSON (1-based line and column). */
export type CheckedInput =
  { ok: true; value: Record<string, unknown> } | { ok: false; line: number | null; column: number | null; message: string; notObject?: boolean };

/** Line and column of a JSON.parse error, from its "position N" (V8's words), when it gives one. */
function where(text: string, message: string): { line: number | null; column: number | null } {
  const m = /position (\d+)/.exec(message);
  if (!m) return { line: null, column: null };
  const before = text.slice(0, Number(m[1]));
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}

/** Checks the stdin a user wrote: a JSON object, else where it goes wrong. */
export function checkInput(text: string): CheckedInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message.replace(/\s*\(line \d+ column \d+\)$/, '').replace(/ in JSON at position \d+$/, '');
    return { ok: false, ...where(text, (err as Error).message), message };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, line: null, column: null, message: '', notObject: true };
  return { ok: true, value: value as Record<string, unknown> };
}

export const stdinText = (p: TestPreset | undefined) => (p ? JSON.stringify(p.stdin, null, 2) : '{}');

export class GuardStore {
  readonly #coverage = signal<GuardCoverage | null>(null);
  readonly #inputs = signal<Record<string, TestInput>>({});
  /** A script the trust dialog opened in a plain browser: the page says where it is. */
  readonly #opened = signal<string | null>(null);
  /** The project hooks whole, for the trust dialog (null until it asked). */
  readonly #trustHooks = signal<ProjectHookDetail[] | null>(null);
  #loading = false;
  #again = false;

  constructor(
    private readonly client: SidecarClient,
    private readonly app: AppStore,
  ) {
    client.on('hooks.changed', () => {
      void this.load();
      if (this.#trustHooks.value) void this.loadTrustHooks();
    });
    client.on('hooks.stats', () => void this.load());
  }

  get coverage(): GuardCoverage | null {
    return this.#coverage.value;
  }
  get opened(): string | null {
    return this.#opened.value;
  }
  get trustHooks(): ProjectHookDetail[] | null {
    return this.#trustHooks.value;
  }

  /** The project hooks whole (the dialog shows the short list until they arrive). */
  async loadTrustHooks(): Promise<void> {
    try {
      this.#trustHooks.value = (await this.client.request('trust.hooks', {})).hooks;
    } catch {
      // the dialog keeps the list it has (every command, whole)
    }
  }

  /** Fetches the coverage (one request at a time; a change during one fetches once more). */
  async load(): Promise<void> {
    if (this.#loading) return void (this.#again = true);
    this.#loading = true;
    try {
      do {
        this.#again = false;
        this.#coverage.value = await this.client.request('hooks.coverage', {});
      } while (this.#again);
    } catch {
      // the coverage is a view of the listing: the listing's own error is shown
    } finally {
      this.#loading = false;
    }
  }

  /** The stdin being written for a hook's test (the sample of its last result until the user writes). */
  input(id: string, result: HookTestResult): TestInput {
    return this.#inputs.value[id] ?? { text: stdinText(result.presets[0]), preset: 0 };
  }

  setText(id: string, text: string, preset: number): void {
    this.#inputs.value = { ...this.#inputs.value, [id]: { text, preset } };
  }

  choosePreset(id: string, result: HookTestResult, index: number): void {
    this.setText(id, stdinText(result.presets[index]), index);
  }

  /** Opens a file in the IDE; outside it, the page says where the file is. */
  async openFile(path: string): Promise<void> {
    await this.client.request('host.openFile', { path });
    this.#opened.value = this.app.mode === 'browser' ? path : null;
  }
}
