// One hook: event (+ matcher), description, command, source badge, file; Edit and Delete for user
// and project hooks, nothing but a read-only note for plugin hooks. Rows are plain elements built
// by a function (no component instance per row) and their icons are CSS masks (no SVG elements),
// so a list of hundreds renders fast.
import type { HookListItem, HookState } from '../../../host/protocol.js';
import { t, type Key } from '../../../i18n/index.js';
import type { HooksStore } from '../../../state/hooksStore.js';

const BADGE: Record<HookListItem['source'], Key> = {
  user: 'hooks.badge.user',
  project: 'hooks.badge.project',
  projectLocal: 'hooks.badge.projectLocal',
  plugin: 'hooks.badge.plugin',
};

/** The last two segments of a path, enough to tell settings.json from settings.local.json. */
export function shortPath(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.length > 2 ? `…/${parts.slice(-2).join('/')}` : path;
}

export function sourceBadge(source: HookListItem['source'], plugin?: string | null) {
  return (
    <span class={`badge badge-${source}`} data-badge={source}>
      {t(BADGE[source])}
      {plugin ? ` · ${plugin}` : ''}
    </span>
  );
}

/** The words every row uses, translated once per render of the list. */
export interface RowWords {
  edit: string;
  delete: string;
  async: string;
  state: Record<Exclude<HookState, 'active'>, { label: string; title: string }>;
}

export function rowWords(): RowWords {
  const state = (k: Exclude<HookState, 'active'>) => ({ label: t(`hooks.state.${k}`), title: t(`hooks.state.${k}.title`) });
  return {
    edit: t('hooks.edit'),
    delete: t('hooks.delete'),
    async: t('hooks.async'),
    state: { pending: state('pending'), inactive: state('inactive'), untrusted: state('untrusted') },
  };
}

export function hookRow(h: HookListItem, words: RowWords, hooks: HooksStore) {
  return (
    <li key={h.id} class={`hook-row state-${h.state}`} data-hook-id={h.id} data-source={h.source} data-state={h.state}>
      <div class="hook-main">
        <div class="hook-head">
          <span class="event" data-field="event">
            {h.event}
          </span>
          {h.matcher && (
            <span class="matcher" title={h.matcher}>
              {h.matcher}
            </span>
          )}
          <span class="description" data-field="description">
            {h.description}
          </span>
        </div>
        <code class="command" data-field="command" title={h.command}>
          {h.command}
        </code>
        <div class="hook-meta">
          {sourceBadge(h.source, h.pluginName)}
          {h.state !== 'active' && (
            <span class={`chip state-chip state-chip-${h.state}`} title={words.state[h.state].title}>
              {words.state[h.state].label}
            </span>
          )}
          {h.timeout !== null && <span class="chip">{t('hooks.timeout', { n: h.timeout })}</span>}
          {h.async && <span class="chip">{words.async}</span>}
          <span class="file" title={h.file}>
            {shortPath(h.file)}
            {h.line !== null ? `:${h.line}` : ''}
          </span>
        </div>
      </div>
      <div class="hook-actions">
        {h.editable ? (
          <>
            <button type="button" class="button small with-icon icon-edit" aria-label={`${words.edit} ${h.description}`} onClick={() => void hooks.editHook(h)}>
              {words.edit}
            </button>
            <button
              type="button"
              class="button small danger-text with-icon icon-trash"
              aria-label={`${words.delete} ${h.description}`}
              onClick={() => hooks.askDelete(h)}
            >
              {words.delete}
            </button>
          </>
        ) : (
          <span class="readonly with-icon icon-lock" title={h.file}>
            {t('hooks.readOnly', { name: h.pluginName ?? '' })}
          </span>
        )}
      </div>
    </li>
  );
}
