// Test of one hook (docs/hooks.md, "The settings page"): runs it for real against its event's
// sample payload or the user's own stdin; the result (or why it could not run) shows in its row.
import { signal } from '@preact/signals';
import type { HookListItem, HookTestResult } from '../../connection/protocol.js';
import { messageOf } from '../attempt.js';
import type { HookSection } from './section.js';

/** A Test of one hook: running, its result, or why it could not run. */
export type TestState = { running: true } | { result: HookTestResult } | { error: string };

export class HookTests {
  readonly #tests = signal<Record<string, TestState>>({});

  constructor(private readonly s: Pick<HookSection, 'client' | 'menu'>) {}

  /** Every test shown (read once per render of the list). */
  get all(): Readonly<Record<string, TestState>> {
    return this.#tests.value;
  }
  of(id: string): TestState | undefined {
    return this.#tests.value[id];
  }

  /** Runs that one hook against its event's sample payload, or the user's `input` (no model); the result shows in its row. */
  async run(h: HookListItem, input?: Record<string, unknown>): Promise<void> {
    this.s.menu.close();
    this.#set(h.id, { running: true });
    try {
      this.#set(h.id, { result: await this.s.client.request('hooks.test', { id: h.id, ...(input ? { input } : {}) }) });
    } catch (err) {
      this.#set(h.id, { error: messageOf(err) });
    }
  }

  close(id: string): void {
    this.#set(id, undefined);
  }

  #set(id: string, state: TestState | undefined): void {
    const next = { ...this.#tests.value };
    if (state) next[id] = state;
    else delete next[id];
    this.#tests.value = next;
  }
}
