// Delete of a hook (docs/hooks.md, "The settings page"): directly through the sidecar (no AI), after
// a confirmation that remembers the version of the file the user saw; a refusal is shown and the
// list stays as it was (a file that broke keeps its last rows, greyed: heldRows.ts); Undo puts the exact bytes back.
import { batch, signal } from '@preact/signals';
import type { HookListItem } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { attempt } from '../attempt.js';
import type { HookSection } from './section.js';

/** A delete waiting for the user's confirmation, with the file version the user saw. */
export interface PendingDelete {
  hook: HookListItem;
  version: string;
}

export class HookDeletes {
  readonly #pending = signal<PendingDelete | null>(null);
  readonly #deleting = signal(false);

  constructor(private readonly s: HookSection) {}

  get pending(): PendingDelete | null {
    return this.#pending.value;
  }
  get deleting(): boolean {
    return this.#deleting.value;
  }

  /** Opens the confirmation for a hook, remembering the version of its file the user is looking at. */
  ask(hook: HookListItem): void {
    batch(() => {
      this.s.notice.dismiss();
      this.#pending.value = { hook, version: this.s.list.versionOf(hook.file) ?? 'missing' };
    });
  }

  cancel(): void {
    if (!this.#deleting.value) this.#pending.value = null;
  }

  async confirm(): Promise<void> {
    const p = this.#pending.value;
    if (!p || this.#deleting.value) return;
    await this.delete(p.hook.id, p.version);
  }

  /** Deletes through the sidecar (no AI). A refusal is shown and the list stays as it was; the listing is read again (a file that cannot be read keeps its last rows, greyed). */
  async delete(id: string, version?: string): Promise<boolean> {
    const hook = this.s.list.listing?.hooks.find((h) => h.id === id) ?? this.#pending.value?.hook;
    const v = version ?? this.s.list.versionOf(hook?.file);
    if (!hook || !v) return false;
    this.#deleting.value = true;
    try {
      return await attempt(
        (message) => {
          this.s.notice.show({ kind: 'error', text: t('hooks.deleteFailed', { message }) });
          this.s.list.refresh();
        },
        async () => {
          const { undo, ...listing } = await this.s.client.request('hooks.delete', { id, version: v });
          batch(() => {
            this.s.list.receive(listing);
            this.s.notice.show({ kind: 'success', text: t('hooks.deleted', { name: hook.description }), undo });
          });
        },
      );
    } finally {
      batch(() => {
        this.#deleting.value = false;
        this.#pending.value = null;
      });
    }
  }

  /** Puts the deleted hook back: the file gets its exact bytes again (refused when it changed since). */
  async undo(token: string): Promise<void> {
    await attempt(
      (message) => this.s.notice.show({ kind: 'error', text: t('hooks.undoFailed', { message }) }),
      async () => {
        const listing = await this.s.client.request('hooks.undoDelete', { undo: token });
        batch(() => {
          this.s.list.receive(listing);
          this.s.notice.show({ kind: 'success', text: t('hooks.restored') });
        });
      },
    );
  }
}
