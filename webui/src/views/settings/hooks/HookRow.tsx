// One hook: event (+ matcher), description, command, source badge, its file (a link that opens it:
// Open file) and its figures from the run history (runs, failures, p95, last run). Actions: Test for
// every hook, Edit and Delete for user and project hooks (plugin hooks are read-only). In a narrow
// window the actions move into one menu (with Open file). Rows are plain elements built by a function (no component instance per row)
// and their icons are CSS masks (no SVG elements), so a list of hundreds renders fast; only the row
// with an open menu or a test result gets a component for it, and one click handler on the list
// serves every button (rowAction).
import type { HookFigures, HookListItem, HookState } from '../../../host/protocol.js';
import { t, type Key } from '../../../i18n/index.js';
import type { HooksStore, TestState } from '../../../state/hooksStore.js';
import { formatAgo } from '../../common/time.js';
import { RowMenu } from './RowMenu.js';
import { TestResult } from './TestResult.js';

const BADGE: Record<HookListItem['source'], Key> = {
  user: 'hooks.badge.user',
  project: 'hooks.badge.project',
  projectLocal: 'hooks.badge.projectLocal',
  plugin: 'hooks.badge.plugin',
};

export function sourceBadge(source: HookListItem['source'], plugin?: string | null) {
  return (
    <span class={`badge badge-${source}`} data-badge={source}>
      {plugin ? `${t(BADGE[source])} · ${plugin}` : t(BADGE[source])}
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
    state: { pending: state('pending'), inactive: state('inactive'), untrusted: state('untrusted') },
  };
}

function figures(f: HookFigures | undefined, now: number) {
  if (!f) return null;
  const failed = f.failures > 0;
  return (
    <span class="figures" data-field="figures" title={t('hooks.fig.title', { last: f.lastRun })}>
      <span data-fig="runs">{t(f.runs === 1 ? 'hooks.fig.run' : 'hooks.fig.runs', { n: f.runs })}</span>
      {f.blocks > 0 && <span data-fig="blocks">{t('hooks.fig.blocks', { n: f.blocks })}</span>}
      <span data-fig="failures" class={failed ? 'fig-bad' : ''}>
        {t('hooks.fig.failures', { n: f.failures })}
      </span>
      <span data-fig="p95">{t('hooks.fig.p95', { ms: Math.round(f.p95Ms) })}</span>
      <span data-fig="last">{t('hooks.fig.last', { ago: formatAgo(f.lastRun, now) })}</span>
    </span>
  );
}

function actions(h: HookListItem, w: RowWords, hooks: HooksStore, narrow: boolean) {
  const name = h.description;
  if (narrow) {
    return (
      <div class="hook-actions">
        <button
          type="button"
          class="button small more-actions"
          id={`more-${h.id}`}
          aria-haspopup="menu"
          aria-expanded={hooks.menu === h.id}
          aria-label={`${w.more} ${name}`}
          title={w.more}
          data-action="more"
        >
          ⋯
        </button>
        {hooks.menu === h.id && <RowMenu hook={h} words={w} />}
      </div>
    );
  }
  return (
    <div class="hook-actions">
      <button type="button" class="button small" aria-label={`${w.test} ${name}`} data-action="test">
        {w.test}
      </button>
      {h.editable && (
        <>
          <button type="button" class="button small with-icon icon-edit" aria-label={`${w.edit} ${name}`} data-action="edit">
            {w.edit}
          </button>
          <button type="button" class="button small danger-text with-icon icon-trash" aria-label={`${w.delete} ${name}`} data-action="delete">
            {w.delete}
          </button>
        </>
      )}
    </div>
  );
}

/** What every row of one render shares, read once for the whole list. */
export interface RowContext {
  words: RowWords;
  hooks: HooksStore;
  now: number;
  narrow: boolean;
  stats: Readonly<Record<string, HookFigures>>;
  tests: Readonly<Record<string, TestState>>;
  shown: (path: string) => string;
}

export function hookRow(h: HookListItem, { words, hooks, now, narrow, stats, tests, shown }: RowContext) {
  const test = tests[h.id];
  const file = shown(h.file);
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
          <span class="description" data-field="description" title={h.description}>
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
          {h.transcript === 'jsonl' && (
            <span class="chip" data-field="transcript" title={words.jsonl.title}>
              {words.jsonl.label}
            </span>
          )}
          {!h.editable && (
            <span class="readonly with-icon icon-lock" title={h.file}>
              {t('hooks.readOnly', { name: h.pluginName ?? '' })}
            </span>
          )}
          <button
            type="button"
            class="file file-link"
            title={`${words.open}: ${h.file}`}
            aria-label={`${words.open} ${h.description}: ${file}`}
            data-action="open"
          >
            {h.line !== null ? `${file}:${h.line}` : file}
          </button>
          {figures(stats[h.id], now)}
        </div>
      </div>
      {actions(h, words, hooks, narrow)}
      {test && <TestResult hook={h} state={test} />}
    </li>
  );
}

/** The list's one click handler: the action of the button clicked, for the hook of its row. */
export function rowAction(e: MouseEvent, items: readonly HookListItem[], hooks: HooksStore): void {
  const button = (e.target as Element | null)?.closest<HTMLElement>('button[data-action]');
  const id = button?.closest<HTMLElement>('[data-hook-id]')?.dataset.hookId;
  const h = id === undefined ? undefined : items.find((x) => x.id === id);
  if (!button || !h) return;
  const action = button.dataset.action;
  if (action === 'test') void hooks.testHook(h);
  else if (action === 'open') void hooks.openFile(h);
  else if (action === 'edit') void hooks.editHook(h);
  else if (action === 'delete') hooks.askDelete(h);
  else if (action === 'more') hooks.toggleMenu(h.id);
}
