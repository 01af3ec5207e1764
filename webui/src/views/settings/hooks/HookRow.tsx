// What the rows of the hook list share: the source badge (also in the delete dialog), the words
// every row uses, and the list's one click handler (rowAction), which serves every row's buttons.
// The rows themselves are built as plain DOM (rowDom.ts).
import type { HookListItem, HookState } from '../../../connection/protocol.js';
import { t, type Key } from '../../../i18n/index.js';
import type { HooksStore } from '../../../state/hooksStore.js';

const BADGE: Record<HookListItem['source'], Key> = {
  user: 'hooks.badge.user',
  project: 'hooks.badge.project',
  projectLocal: 'hooks.badge.projectLocal',
  plugin: 'hooks.badge.plugin',
};

/** The badge's text: the source, and the plugin's name for a plugin hook. */
export function badgeText(source: HookListItem['source'], plugin?: string | null): string {
  return plugin ? `${t(BADGE[source])} · ${plugin}` : t(BADGE[source]);
}

export function sourceBadge(source: HookListItem['source'], plugin?: string | null) {
  return (
    <span class={`badge badge-${source}`} data-badge={source}>
      {badgeText(source, plugin)}
    </span>
  );
}

/** The words every row uses, translated once per render of the list. */
export interface RowWords {
  edit: string;
  delete: string;
  test: string;
  open: string;
  more: string;
  async: string;
  jsonl: { label: string; title: string };
  onFailure: { label: string; title: string };
  parallel: { on: { label: string; title: string }; off: { label: string; title: string } };
  changed: { label: string; approve: string };
  state: Record<Exclude<HookState, 'active'>, { label: string; title: string }>;
}

export function rowWords(): RowWords {
  const state = (k: Exclude<HookState, 'active'>) => ({ label: t(`hooks.state.${k}`), title: t(`hooks.state.${k}.title`) });
  return {
    edit: t('hooks.edit'),
    delete: t('hooks.delete'),
    test: t('hooks.test'),
    open: t('hooks.openFile'),
    more: t('hooks.actions'),
    async: t('hooks.async'),
    jsonl: { label: t('hooks.transcript'), title: t('hooks.transcript.title') },
    onFailure: { label: t('hooks.onFailure'), title: t('hooks.onFailure.title') },
    parallel: {
      on: { label: t('hooks.parallel'), title: t('hooks.parallel.title') },
      off: { label: t('hooks.sequential'), title: t('hooks.sequential.title') },
    },
    changed: { label: t('hooks.changedTargets'), approve: t('hooks.approveTargets') },
    state: { pending: state('pending'), inactive: state('inactive'), untrusted: state('untrusted') },
  };
}

/** The list's one click handler: the action of the button clicked, for the hook of its row. */
export function rowAction(e: MouseEvent, items: readonly HookListItem[], hooks: HooksStore): void {
  const button = (e.target as Element | null)?.closest<HTMLElement>('button[data-action]');
  const id = button?.closest<HTMLElement>('[data-hook-id]')?.dataset.hookId;
  const h = id === undefined ? undefined : items.find((x) => x.id === id);
  if (!button || !h) return;
  const action = button.dataset.action;
  if (action === 'test') void hooks.tests.run(h);
  else if (action === 'open') void hooks.edits.openFile(h);
  else if (action === 'edit') void hooks.authoring.editHook(h);
  else if (action === 'delete') hooks.deletes.ask(h);
  else if (action === 'more') hooks.menu.toggle(h.id);
  else if (action === 'approve') void hooks.edits.approveTargets();
  else if (action === 'parallel') void hooks.edits.setParallel(h, !h.parallel);
}
