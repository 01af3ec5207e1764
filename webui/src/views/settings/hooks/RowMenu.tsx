// The actions of one hook as a menu (narrow windows, where they do not fit in the row): Test, Open
// file, Edit, Delete. WAI-ARIA menu button: the first item takes the focus, arrows move, Escape
// and a click outside close it and give the focus back to its button. It opens in the top layer
// next to its button (above it near the bottom of the window), so no other row covers an item.
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { HookListItem } from '../../../connection/protocol.js';
import { useStores } from '../../../state/index.js';
import { followAnchor, hideFromTop, showOnTop } from '../../common/topLayer.js';
import type { RowWords } from './HookRow.js';

/** Arrows, Home and End move between the items; Escape and Tab close the menu. */
function menuKey(e: KeyboardEvent, menu: HTMLElement | null, close: () => void): void {
  const items = [...(menu?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
  const i = items.indexOf(document.activeElement as HTMLElement);
  const next = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : null;
  if (e.key === 'Escape' || e.key === 'Tab') {
    e.preventDefault();
    close();
  } else if (next !== null) {
    e.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  }
}

export function RowMenu({ hook: h, words: w }: { hook: HookListItem; words: RowWords }) {
  const { hooks } = useStores();
  const ref = useRef<HTMLDivElement>(null);
  const close = (focusButton = true) => {
    hooks.menu.close();
    if (focusButton) document.getElementById(`more-${h.id}`)?.focus();
  };
  // A layout effect: placed before it is painted (never seen at its place in the row, off the window),
  // and the focus on its first item from then on, so a key pressed at once (Escape) reaches the menu.
  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    showOnTop(menu);
    const stop = followAnchor(menu, () => document.getElementById(`more-${h.id}`));
    menu.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    return () => {
      stop();
      hideFromTop(menu);
    };
  }, []);
  useEffect(() => {
    const outside = (e: MouseEvent) => {
      const button = document.getElementById(`more-${h.id}`);
      if (!ref.current?.contains(e.target as Node) && !button?.contains(e.target as Node)) hooks.menu.close();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, []);
  const onKeyDown = (e: KeyboardEvent) => menuKey(e, ref.current, close);
  const item = (label: string, run: () => void, cls = '') => (
    <button type="button" role="menuitem" class={`menu-item ${cls}`} tabIndex={-1} onClick={run}>
      {label}
    </button>
  );
  return (
    <div class="row-menu" role="menu" ref={ref} aria-labelledby={`more-${h.id}`} onKeyDown={onKeyDown}>
      {item(w.test, () => void hooks.tests.run(h))}
      {item(w.open, () => void hooks.edits.openFile(h))}
      {h.editable && item(w.edit, () => void hooks.authoring.editHook(h))}
      {h.editable &&
        item(
          w.delete,
          () => {
            close(false);
            hooks.deletes.ask(h);
          },
          'danger-text',
        )}
    </div>
  );
}
