// The rows of the hook list on screen, kept across renders: a row is built once and rebuilt only
// when its hook or the view changed (so the focus stays on a button while figures, Test results
// and menus come and go), then placed in the list in the listing's order.
import type { HookFigures, HookListItem } from '../../../connection/protocol.js';
import { buildRow, rowTemplate, showFigures, type RowParts, type RowView } from './rowDom.js';

/** A row and the key it was built for (the view and its hook's JSON). */
interface Kept extends RowParts {
  key: string;
}

export class RowSet {
  #rows = new Map<string, Kept>();
  #items: readonly HookListItem[] | null = null;
  #viewKey = '';
  #template: HTMLLIElement | null = null;

  /** The rows of `items`, built where missing or changed; `viewKey` names what `view` depends on. */
  sync(items: readonly HookListItem[], view: RowView, viewKey: string): ReadonlyMap<string, RowParts> {
    if (items !== this.#items || viewKey !== this.#viewKey) {
      if (viewKey !== this.#viewKey || !this.#template) this.#template = rowTemplate(view);
      const template = this.#template;
      const next = new Map<string, Kept>();
      for (const h of items) {
        const key = `${viewKey}\n${JSON.stringify(h)}`;
        const kept = this.#rows.get(h.id);
        next.set(h.id, kept?.key === key ? kept : { key, ...buildRow(h, view, template) });
      }
      this.#rows = next;
      this.#items = items;
      this.#viewKey = viewKey;
    }
    return this.#rows;
  }

  /** Puts the rows in `list` in order (moving only what moved), with their figures and menu state. */
  place(list: HTMLUListElement, stats: Readonly<Record<string, HookFigures>>, menu: string | null, now: number): void {
    const focused = focusedAction(list);
    let cursor = list.firstChild;
    for (const [id, row] of this.#rows) {
      showFigures(row, stats[id], now);
      row.more?.setAttribute('aria-expanded', String(menu === id));
      if (row.li === cursor) cursor = cursor.nextSibling;
      else list.insertBefore(row.li, cursor);
    }
    while (cursor) {
      const next: ChildNode | null = cursor.nextSibling;
      cursor.remove();
      cursor = next;
    }
    if (focused && !focused.element.isConnected) this.#rows.get(focused.id)?.li.querySelector<HTMLElement>(`[data-action="${focused.action}"]`)?.focus();
  }
}

/** The button of the list that has the focus: its row's hook and its action. */
function focusedAction(list: HTMLElement): { element: Element; id: string; action: string } | null {
  const element = document.activeElement;
  if (!element || !list.contains(element)) return null;
  const id = element.closest<HTMLElement>('[data-hook-id]')?.dataset.hookId;
  const action = (element as HTMLElement).dataset.action;
  return id !== undefined && action !== undefined ? { element, id, action } : null;
}
