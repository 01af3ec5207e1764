// The hooks of the tab on screen, one flat list, or the tab's empty state. The time from a listing's
// arrival to the list in the DOM is recorded as the User Timing measure `wave:hooks-render`, and
// to the next painted frame as `wave:hooks-paint`.
import { useLayoutEffect } from 'preact/hooks';
import { t } from '../../../i18n/index.js';
import { HOOKS_DATA_MARK, HOOKS_PAINT_MEASURE, HOOKS_RENDER_MEASURE } from '../../../state/hooksStore.js';
import { useStores } from '../../../state/index.js';
import { hookRow, rowAction, rowWords } from './HookRow.js';

export function HookList() {
  const { hooks, app } = useStores();
  const listing = hooks.listing;
  const items = hooks.hooks.value;

  useLayoutEffect(() => {
    const mark = performance.getEntriesByName(HOOKS_DATA_MARK, 'mark').at(-1);
    if (!mark) return;
    performance.measure(HOOKS_RENDER_MEASURE, HOOKS_DATA_MARK);
    performance.clearMarks(HOOKS_DATA_MARK);
    // ...and to the next frame, once style, layout and paint of the list are done.
    requestAnimationFrame(() => setTimeout(() => performance.measure(HOOKS_PAINT_MEASURE, { start: mark.startTime })));
  }, [listing]);

  if (!listing) return null;
  if (items.length === 0) {
    // A file that cannot be parsed is shown as an error (FileProblems), never as "no hooks".
    if (hooks.files.value.some((f) => f.error)) return null;
    const file = hooks.shown(hooks.files.value.find((f) => f.source === hooks.tab)?.path ?? '');
    const text =
      hooks.tab === 'user'
        ? t('hooks.empty.user', { path: file })
        : hooks.tab === 'project'
          ? t('hooks.empty.project', { name: listing.projectName, path: file })
          : t('hooks.empty.plugin');
    return (
      <div class="empty-state" data-empty={hooks.tab}>
        <div class="empty-icon" aria-hidden="true">
          ⌁
        </div>
        <p>{text}</p>
      </div>
    );
  }
  const ctx = { words: rowWords(), hooks, now: Date.now(), narrow: app.narrow, stats: hooks.stats, tests: hooks.tests, shown: (p: string) => hooks.shown(p) };
  return (
    <ul class="hook-list" aria-label={t(`hooks.tab.${hooks.tab}`)} onClick={(e) => rowAction(e, items, hooks)}>
      {items.map((h) => hookRow(h, ctx))}
    </ul>
  );
}
