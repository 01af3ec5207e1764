// The hooks of the tab on screen, one flat list, or the tab's empty state. The rows are plain DOM
// kept by a RowSet (rowDom.ts says why); the open menu and the Test results are components rendered
// into their rows' slots. The time from a listing's arrival to the list in the DOM is recorded as
// the User Timing measure `wave:hooks-render`, and to the next painted frame as `wave:hooks-paint`.
import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import type { HookListItem } from '../../../connection/protocol.js';
import { lang, t } from '../../../i18n/index.js';
import type { HookListing } from '../../../state/hooks/listing.js';
import { HOOKS_DATA_MARK, HOOKS_PAINT_MEASURE, HOOKS_RENDER_MEASURE, type HooksStore } from '../../../state/hooksStore.js';
import { useStores } from '../../../state/index.js';
import { Island } from '../../common/Island.js';
import { rowAction, rowWords, type RowWords } from './HookRow.js';
import { showMcpFlag, type RowParts } from './rowDom.js';
import { RowMenu } from './RowMenu.js';
import { RowSet } from './rowSet.js';
import { TestResult } from './TestResult.js';

export function HookList() {
  const { hooks, app, mcp } = useStores();
  const listing = hooks.list.listing;
  const items = hooks.list.hooks.value;
  const list = useRef<HTMLUListElement>(null);
  const set = useMemo(() => new RowSet(), []);
  const words = rowWords();
  const rows = set.sync(items, { words, narrow: app.narrow, shown: (p) => hooks.list.shown(p) }, `${lang.value} ${app.narrow}`);
  const stats = hooks.list.stats;
  const menu = hooks.menu.open;

  const targets = mcp.listing?.hookTargets ?? [];
  useLayoutEffect(() => {
    if (list.current) set.place(list.current, stats, menu, Date.now());
    for (const [id, row] of rows)
      showMcpFlag(
        row,
        targets.filter((x) => x.hookId === id),
      );
  });
  useLayoutEffect(() => {
    const mark = performance.getEntriesByName(HOOKS_DATA_MARK, 'mark').at(-1);
    if (!mark) return;
    performance.measure(HOOKS_RENDER_MEASURE, HOOKS_DATA_MARK);
    performance.clearMarks(HOOKS_DATA_MARK);
    // ...and to the next frame, once style, layout and paint of the list are done.
    requestAnimationFrame(() => setTimeout(() => performance.measure(HOOKS_PAINT_MEASURE, { start: mark.startTime })));
  }, [listing]);

  if (!listing) return null;
  if (items.length === 0) return <EmptyList list={hooks.list} projectName={listing.projectName} />;
  return (
    <>
      <ul ref={list} class="hook-list" aria-label={t(`hooks.tab.${hooks.list.tab}`)} onClick={(e) => rowAction(e, items, hooks)} />
      {islands(items, rows, hooks, words)}
    </>
  );
}

/** The components inside rows: the open menu (narrow windows) and each Test result. */
function islands(items: readonly HookListItem[], rows: ReadonlyMap<string, RowParts>, hooks: HooksStore, words: RowWords) {
  const byId = new Map(items.map((h) => [h.id, h]));
  const open = hooks.menu.open;
  const menuHook = open === null ? undefined : byId.get(open);
  const menuSlot = menuHook && rows.get(menuHook.id)?.menuSlot;
  return (
    <>
      {menuHook && menuSlot && (
        <Island key={`menu ${menuHook.id}`} into={menuSlot}>
          <RowMenu hook={menuHook} words={words} />
        </Island>
      )}
      {Object.entries(hooks.tests.all).map(([id, state]) => {
        const h = byId.get(id);
        const slot = rows.get(id)?.testSlot;
        return (
          h &&
          slot && (
            <Island key={`test ${id}`} into={slot}>
              <TestResult hook={h} state={state} />
            </Island>
          )
        );
      })}
    </>
  );
}

function EmptyList({ list, projectName }: { list: HookListing; projectName: string }) {
  // A file that cannot be parsed is shown as an error (FileProblems), never as "no hooks".
  if (list.files.value.some((f) => f.error || f.unread)) return null;
  const file = list.shown(list.files.value.find((f) => f.source === list.tab)?.path ?? '');
  const text =
    list.tab === 'user'
      ? t('hooks.empty.user', { path: file })
      : list.tab === 'project'
        ? t('hooks.empty.project', { name: projectName, path: file })
        : t('hooks.empty.plugin');
  return (
    <div class="empty-state" data-empty={list.tab}>
      <div class="empty-icon" aria-hidden="true">
        ⌁
      </div>
      <p>{text}</p>
    </div>
  );
}
