// The review of settings changed on disk (docs/hooks.md, "Changes during a session"): the session
// keeps running the hooks it started with; this says what changed in each file — hooks added,
// removed (still running until applied), changed, disableAllHooks, other keys, the trust store —
// with Apply / Revert (Revert writes back what the session runs, with Undo). A change an earlier
// session left unreviewed says when it was made. What the session said at start is shown too.
// The banner is one line ("3 settings files changed — Review"); Review opens the drawer with all
// of it (ReviewDrawer.tsx), so a 400 px tool window keeps its room for the chat.
import { useRef, useState } from 'preact/hooks';
import { t, tn } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { ReviewDrawer } from './ReviewDrawer.js';
import { RevertNote } from './ReviewFiles.js';

/** What the session said at start: every hook off, fewer hooks than the project's last session. */
function StartNotes() {
  const { config } = useStores();
  const start = config.start.value;
  const notes = [
    ...(start?.allHooksOff != null ? [t('start.allHooksOff', { file: start.allHooksOff })] : []),
    ...(start?.fewerHooks ? [tn('start.fewerHooks', start.fewerHooks.now, { before: start.fewerHooks.before })] : []),
  ];
  if (!notes.length) return null;
  return (
    <section class="banner banner-warn start-banner" role="status">
      {notes.map((n) => (
        <p>{n}</p>
      ))}
    </section>
  );
}

/** One line: how many files changed and Review (the drawer); after a Revert, its Undo. */
export function ReviewBanner() {
  const { config } = useStores();
  const review = config.review.value;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // With nothing to review the banner goes (the drawer keeps its open state for the next change).
  if (!review.length && !config.undo) return <StartNotes />;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <StartNotes />
      <section class={`banner ${review.length ? 'banner-warn' : ''} review-banner`} role="region" aria-label={t('review.title')}>
        <div class="review-line">
          {review.length > 0 && (
            <>
              <strong class="review-count">{tn('review.files', review.length)}</strong>
              <button
                ref={button}
                type="button"
                class="link-button review-open"
                aria-expanded={open}
                aria-controls="review-drawer"
                onClick={() => (open ? close() : setOpen(true))}
              >
                {t('review.open')}
              </button>
            </>
          )}
          {!open && <RevertNote />}
          {!open && config.error && <p class="review-error">{config.error}</p>}
        </div>
        <ReviewDrawer open={open} review={review} anchor={() => button.current?.closest('.review-banner') ?? null} onClose={close} />
      </section>
    </>
  );
}
