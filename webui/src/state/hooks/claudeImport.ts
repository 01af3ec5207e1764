// Import of Claude Code hooks (docs/hooks.md, "Coming from Claude Code"): one `.claude/` file, or
// every one listed, into its Wave file; the tab of the (first) file shows, and the notice says what
// was added, what waits for Apply, what was not imported and the problems of the Wave file.
import { batch, signal } from '@preact/signals';
import type { ClaudeHooksFile } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { attempt } from '../attempt.js';
import { importNotice } from '../importWords.js';
import type { HookSection } from './section.js';

export class HookImport {
  /** The Claude Code file being imported (its `from`). */
  readonly #importing = signal<ClaudeHooksFile['from'] | 'all' | null>(null);

  constructor(private readonly s: HookSection) {}

  get importing(): ClaudeHooksFile['from'] | 'all' | null {
    return this.#importing.value;
  }

  async importClaude(from: ClaudeHooksFile['from'] | 'all'): Promise<void> {
    if (this.#importing.value) return;
    this.#importing.value = from;
    await attempt(
      (message) => this.s.notice.show({ kind: 'error', text: t('claude.importFailed', { message }) }),
      async () => {
        const { imported, ...listing } = await this.s.client.request('hooks.import', from === 'all' ? {} : { from });
        const first = imported[0]?.from ?? from;
        batch(() => {
          this.s.list.receive(listing);
          this.s.list.selectTab(first === 'user' ? 'user' : 'project');
          this.s.notice.show(importNotice(imported, listing, (p) => this.s.list.shown(p)));
        });
      },
    );
    this.#importing.value = null;
  }
}
