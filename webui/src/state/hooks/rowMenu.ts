// The action menu of one hook's row (narrow windows): which row's menu is open. Every row verb
// closes it.
import { signal } from '@preact/signals';

export class HookRowMenu {
  readonly #open = signal<string | null>(null);

  /** The hook whose action menu is open. */
  get open(): string | null {
    return this.#open.value;
  }
  toggle(id: string | null): void {
    this.#open.value = this.#open.value === id ? null : id;
  }
  close(): void {
    this.#open.value = null;
  }
}
