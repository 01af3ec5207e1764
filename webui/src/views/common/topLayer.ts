// Menus, drawers and dialogs over the page: shown in the top layer (the Popover API), so no row,
// scroller or stacking context of the page can cover or clip them, and placed next to what opened
// them — below it, or above it when there is more room there (a row near the bottom of a 400 px
// tool window), always inside the window.

const GAP = 4;

/** Puts `el` in the top layer (a browser without the Popover API keeps it fixed on top by CSS). */
export function showOnTop(el: HTMLElement): void {
  if (typeof el.showPopover !== 'function') return el.classList.add('on-top');
  if (!el.hasAttribute('popover')) el.setAttribute('popover', 'manual');
  if (!el.matches(':popover-open')) el.showPopover();
}

/** Takes `el` out of the top layer (it stays in the DOM, hidden). */
export function hideFromTop(el: HTMLElement): void {
  if (typeof el.hidePopover === 'function' && el.matches(':popover-open')) el.hidePopover();
  el.classList.remove('on-top');
}

/**
 * Places a fixed `el` under `anchor`, right edges aligned (`align: 'stretch'`: as wide as the
 * window), or above it when it does not fit below and there is more room above; it never leaves the
 * window (taller than the room: it scrolls).
 */
export function placeNear(el: HTMLElement, anchor: Element, align: 'end' | 'stretch' = 'end'): void {
  const a = anchor.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  // Its whole height, also when it scrolls now (its own scroll position is kept).
  const height = el.scrollHeight + el.offsetHeight - el.clientHeight;
  const below = vh - a.bottom - 2 * GAP;
  const above = a.top - 2 * GAP;
  const up = height > below && above > below;
  const room = up ? above : below;
  el.style.maxHeight = `${Math.max(room, 48)}px`;
  const shown = Math.min(height, Math.max(room, 48));
  el.style.top = `${up ? Math.max(GAP, a.top - GAP - shown) : a.bottom + GAP}px`;
  if (align === 'stretch') {
    el.style.left = `${GAP}px`;
    el.style.width = `${vw - 2 * GAP}px`;
  } else {
    const width = el.getBoundingClientRect().width;
    el.style.left = `${Math.min(Math.max(GAP, a.right - width), vw - width - GAP)}px`;
  }
  el.dataset.placement = up ? 'above' : 'below';
}

/** Keeps `el` next to `anchor` while the page scrolls or the window changes size; returns the stop. */
export function followAnchor(el: HTMLElement, anchor: () => Element | null, align: 'end' | 'stretch' = 'end'): () => void {
  const place = (e?: Event) => {
    if (e?.target instanceof Node && el.contains(e.target)) return;
    const a = anchor();
    if (a) placeNear(el, a, align);
  };
  place();
  window.addEventListener('resize', place);
  document.addEventListener('scroll', place, true);
  return () => {
    window.removeEventListener('resize', place);
    document.removeEventListener('scroll', place, true);
  };
}
