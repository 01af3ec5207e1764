// The rows of a settings file that cannot be read now, as it was last read (state/heldRows.ts): under
// the file's error, greyed, inert (no action can be clicked or reached with Tab) and marked
// aria-disabled, until the file can be read again. Built like the live rows (rowDom.ts).
import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import type { HookListItem } from '../../../connection/protocol.js';
import { lang, t } from '../../../i18n/index.js';
import { useStores } from '../../../state/index.js';
import { rowWords } from './HookRow.js';
import { RowSet } from './rowSet.js';

function HeldFile({ file, hooks: items }: { file: string; hooks: readonly HookListItem[] }) {
  const { hooks, app } = useStores();
  const list = useRef<HTMLUListElement>(null);
  const set = useMemo(() => new RowSet(), []);
  const rows = set.sync(items, { words: rowWords(), narrow: app.narrow, shown: (p) => hooks.list.shown(p) }, `${lang.value} ${app.narrow}`);
  useLayoutEffect(() => {
    if (!list.current) return;
    set.place(list.current, hooks.list.stats, null, Date.now());
    for (const row of rows.values()) {
      row.li.classList.add('held');
      row.li.setAttribute('aria-disabled', 'true');
    }
  });
  return (
    <section class="held-rows" data-file={file}>
      <p class="muted held-caption">{t('hooks.held', { file: hooks.list.shown(file) })}</p>
      <ul ref={list} class="held-list" aria-disabled="true" inert aria-label={t('hooks.held', { file: hooks.list.shown(file) })} />
    </section>
  );
}

/** Every file of the tab on screen that cannot be read now and had rows when it was last read. */
export function HeldRows() {
  const { hooks } = useStores();
  return (
    <>
      {hooks.list.held.value.map((h) => (
        <HeldFile key={h.file} file={h.file} hooks={h.hooks} />
      ))}
    </>
  );
}
