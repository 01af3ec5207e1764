// New and Edit of a hook go through the AI (docs/hooks.md, "The settings page"): settings close, the
// chat shows prefilled with a prompt naming the hook; with no model, the settings file opens instead
// and the notice says so (a prompt nobody can answer would be a dead end).
import type { HookListItem } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { attempt } from '../attempt.js';
import type { HookSection } from './section.js';

export class HookAuthoring {
  constructor(private readonly s: HookSection) {}

  /** The prefilled prompt for a new hook of the tab on screen. */
  newHookPrompt(): string {
    if (this.s.list.tab === 'user') return t('hooks.prompt.user');
    return t('hooks.prompt.project', { project: this.s.list.projectName });
  }

  editHookPrompt(h: HookListItem): string {
    return t('hooks.prompt.edit', {
      name: h.description,
      event: h.event,
      matcher: h.matcher ? t('hooks.prompt.matcher', { matcher: h.matcher }) : '',
      command: h.command,
      where: h.file ? t('hooks.prompt.where', { file: h.file }) : '',
    });
  }

  /** Closes settings, shows the chat and prefills it (the server tells the IDE, in that order); with no model, opens the file. */
  async createHook(): Promise<void> {
    const source = this.s.list.tab === 'user' ? 'user' : 'project';
    await this.#viaChat(() => this.s.client.request('hooks.create', { prefill: this.newHookPrompt(), source }));
  }

  /** Opens the hook's file (strictly first), closes settings, shows the chat prefilled (with no model, only the file). */
  async editHook(h: HookListItem): Promise<void> {
    this.s.menu.close();
    await this.#viaChat(() => this.s.client.request('hooks.edit', { id: h.id, prefill: this.editHookPrompt(h) }));
  }

  async #viaChat(send: () => Promise<{ opened: string | null }>): Promise<void> {
    this.s.notice.dismiss();
    await attempt(this.s.notice.showError, async () => {
      const { opened } = await send();
      if (opened === null) return this.s.app.showPage('chat');
      const where = this.s.app.mode === 'browser' ? t('hooks.noModel.where', { path: opened }) : t('hooks.noModel.opened', { path: opened });
      this.s.notice.show({ kind: 'info', text: `${t('hooks.noModel.why')} ${where}` });
    });
  }
}
