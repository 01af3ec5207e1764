// The row verbs that touch a hook's file without the AI (docs/hooks.md, "Parallel groups", "The
// settings page"): the group's `"parallel": true` switch, approving the scripts the session's hooks
// run now, and opening the file in the IDE (outside it, the notice says where the file is).
import { batch } from '@preact/signals';
import type { HookListItem } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { attempt } from '../attempt.js';
import type { HookSection } from './section.js';

export class HookFileEdits {
  constructor(private readonly s: HookSection) {}

  /** Sets or removes `"parallel": true` on the hook's matcher group (its file as listed; refused when it changed). */
  async setParallel(hook: HookListItem, parallel: boolean): Promise<void> {
    const version = this.s.list.versionOf(hook.file) ?? 'missing';
    this.s.notice.dismiss();
    await attempt(
      (message) => this.s.notice.show({ kind: 'error', text: t('hooks.parallelFailed', { message }) }),
      async () => this.s.list.receive(await this.s.client.request('hooks.setParallel', { id: hook.id, parallel, version })),
    );
  }

  /** Approves what the session's hooks run now (a changed script or program): a held guard runs again. */
  async approveTargets(): Promise<void> {
    await attempt(this.s.notice.showError, async () => {
      const listing = await this.s.client.request('hooks.approveTargets', {});
      batch(() => {
        this.s.list.receive(listing);
        this.s.notice.show({ kind: 'success', text: t('hooks.targetsApproved') });
      });
    });
  }

  /** Opens the hook's settings file in the IDE (outside it, says where the file is). */
  openFile(h: HookListItem): Promise<void> {
    return this.openAt(h.file);
  }

  /** Opens a file in the IDE, at a line when given (outside it, says where the file and line are). */
  async openAt(path: string, line?: number): Promise<void> {
    this.s.menu.close();
    await attempt(this.s.notice.showError, async () => {
      await this.s.client.request('host.openFile', line ? { path, line } : { path });
      const where = line ? `${path}:${line}` : path;
      this.s.notice.show(this.s.app.mode === 'browser' ? { kind: 'info', text: t('hooks.openedBrowser', { path: where }) } : null);
    });
  }
}
