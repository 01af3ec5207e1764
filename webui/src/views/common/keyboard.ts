// Keyboard paths of the chat (README, "The chat from the keyboard"): "/" (outside a text field) and the skip link
// take the focus to the composer; a tool call with its hook runs is one Tab stop, and the arrow keys
// move between its parts (the hook run cards above it, the call itself, the ones below).
import { useEffect, useRef } from 'preact/hooks';

/** The composer's textarea. */
export const COMPOSER_ID = 'composer-input';

/** Focuses the composer; false when there is none on screen. */
export function focusComposer(): boolean {
  const el = document.getElementById(COMPOSER_ID);
  if (!(el instanceof HTMLTextAreaElement) || el.disabled) return false;
  el.focus();
  return true;
}

const typing = (el: Element | null) =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLElement && el.isContentEditable);

/** "/" anywhere but in a text field takes the focus to the composer. */
export function useComposerShortcut(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || typing(document.activeElement)) return;
      if (focusComposer()) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** Every summary of a group's cards, shown or not. */
const summariesOf = (group: HTMLElement) => [...group.querySelectorAll<HTMLElement>('summary')];

/** A summary on screen: every card of the group it is inside (but its own) is open — the run cards of a closed fold cannot take the focus. */
function shown(summary: HTMLElement, group: HTMLElement): boolean {
  for (let d = summary.parentElement?.parentElement?.closest('details'); d && group.contains(d); d = d.parentElement?.closest('details'))
    if (!d.open) return false;
  return true;
}

/** The parts of a group that take the focus: the summaries of its cards on screen. */
const partsOf = (group: HTMLElement) => summariesOf(group).filter((s) => shown(s, group));

const MOVES: Record<string, (i: number, n: number) => number> = {
  ArrowDown: (i, n) => Math.min(i + 1, n - 1),
  ArrowRight: (i, n) => Math.min(i + 1, n - 1),
  ArrowUp: (i) => Math.max(i - 1, 0),
  ArrowLeft: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * One Tab stop for a group of cards (roving tabindex): the part that last had the focus keeps
 * tabindex 0 (at first the group's main card, `[data-main]`), the others -1; the arrow keys, Home
 * and End move between them. Enter and Space still open a card (the summary's own behaviour).
 */
export function useRovingGroup<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const group = ref.current;
    if (!group) return;
    const parts = partsOf(group);
    const current = parts.find((p) => p.tabIndex === 0 && p.dataset.roving === 'on') ?? group.querySelector<HTMLElement>('[data-main] > summary') ?? parts[0];
    // Hidden ones too: a fold opened later adds no Tab stop of its own.
    for (const p of summariesOf(group)) {
      p.tabIndex = p === current ? 0 : -1;
      p.dataset.roving = 'on';
    }
  });
  const onKeyDown = (e: KeyboardEvent) => {
    const group = ref.current;
    const move = MOVES[e.key];
    if (!group || !move || !(e.target instanceof HTMLElement) || e.target.tagName !== 'SUMMARY') return;
    const parts = partsOf(group);
    const i = parts.indexOf(e.target);
    if (i < 0) return;
    const next = parts[move(i, parts.length)]!;
    e.preventDefault();
    for (const p of summariesOf(group)) p.tabIndex = p === next ? 0 : -1;
    next.focus();
  };
  return { ref, onKeyDown };
}
