// The one notice above the Hooks list: what the last verb of any section did (deleted with its
// Undo, imported, approved, opened outside the IDE) or why it failed.
import { signal } from '@preact/signals';
import type { Notice } from '../importWords.js';

export class HookNotice {
  readonly #notice = signal<Notice | null>(null);

  get current(): Notice | null {
    return this.#notice.value;
  }
  show(notice: Notice | null): void {
    this.#notice.value = notice;
  }
  /** A failed verb's message, as the notice. */
  readonly showError = (text: string): void => {
    this.#notice.value = { kind: 'error', text };
  };
  dismiss(): void {
    this.#notice.value = null;
  }
}
