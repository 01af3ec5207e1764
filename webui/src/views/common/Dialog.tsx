// A modal dialog operable from the keyboard: focus moves in on open (to `[data-autofocus]`, else
// the first control), Tab and Shift+Tab cycle inside, Escape closes, and on close the focus returns
// to the element that opened it (or to `[data-focus-fallback]` when that element is gone). It is
// shown in the top layer (topLayer.ts), over every menu, banner and scroller of the page.
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../../i18n/index.js';
import { showOnTop } from './topLayer.js';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let ids = 0;
/** Open dialogs, innermost last: only that one handles keys. */
const stack: Array<(e: KeyboardEvent) => void> = [];
document.addEventListener('keydown', (e) => stack[stack.length - 1]?.(e), true);

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  /** The buttons row. */
  actions: ComponentChildren;
  /** `alertdialog` for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  class?: string;
}

/** Tab and Shift+Tab cycle through the dialog's controls and never leave it. */
function trapTab(e: KeyboardEvent, box: HTMLElement): void {
  const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !box.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !box.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

export function Dialog({ title, onClose, children, actions, role = 'dialog', class: cls }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const id = useRef(`dlg-${++ids}`).current;
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = ref.current;
    if (backdrop.current) showOnTop(backdrop.current);
    const first = box?.querySelector<HTMLElement>('[data-autofocus]') ?? box?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const handler = (e: KeyboardEvent) => onKeyDown(e);
    stack.push(handler);
    return () => {
      stack.splice(stack.indexOf(handler), 1);
      const back = opener?.isConnected ? opener : document.querySelector<HTMLElement>('[data-focus-fallback]');
      back?.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close.current();
    } else if (e.key === 'Tab' && ref.current) trapTab(e, ref.current);
  };

  return (
    <div ref={backdrop} class="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close.current()}>
      <div ref={ref} class={`dialog ${cls ?? ''}`} role={role} aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
        <header class="dialog-head">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" class="icon-button" aria-label={t('common.close')} title={t('common.close')} onClick={() => close.current()}>
            ×
          </button>
        </header>
        <div class="dialog-body" id={`${id}-body`}>
          {children}
        </div>
        <footer class="dialog-actions">{actions}</footer>
      </div>
    </div>
  );
}
