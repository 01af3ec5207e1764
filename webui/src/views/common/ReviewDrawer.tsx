// The drawer of the review banner (ReviewBanner.tsx): what changed in each settings file, with
// Apply and Revert named for their file, Apply all, the last Revert's Undo and what went wrong. It
// opens in the top layer under the banner (topLayer.ts) and scrolls when it is taller than the room
// below; Escape and Close shut it and give the focus back to Review. Shut, it stays in the DOM, hidden.
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { FileReview } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { FileChange, RevertNote } from './ReviewFiles.js';
import { followAnchor, hideFromTop, showOnTop } from './topLayer.js';

interface DrawerProps {
  open: boolean;
  review: readonly FileReview[];
  anchor: () => Element | null;
  onClose: () => void;
}

export function ReviewDrawer({ open, review, anchor, onClose }: DrawerProps) {
  const { config } = useStores();
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const drawer = ref.current;
    if (!drawer || !open) return;
    showOnTop(drawer);
    const stop = followAnchor(drawer, anchor, 'stretch');
    drawer.querySelector<HTMLElement>('button')?.focus();
    return () => {
      stop();
      hideFromTop(drawer);
    };
  }, [open]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    onClose();
  };
  return (
    <div id="review-drawer" class="review-drawer" ref={ref} hidden={!open} role="group" aria-label={t('review.title')} onKeyDown={onKeyDown}>
      <div class="review-drawer-head">
        <strong>{t('review.title')}</strong>
        <span class="review-actions">
          {review.length > 0 && (
            <button type="button" class="button small primary review-apply-all" disabled={config.busy} onClick={() => void config.apply()}>
              {t('review.applyAll')}
            </button>
          )}
          <button type="button" class="button small" onClick={onClose}>
            {t('common.close')}
          </button>
        </span>
      </div>
      <p class="muted">{t('review.body')}</p>
      <ul class="review-files">
        {review.map((c) => (
          <FileChange key={c.path} change={c} />
        ))}
      </ul>
      {open && <RevertNote />}
      {open && config.error && <p class="review-error">{config.error}</p>}
    </div>
  );
}
