// The review of settings changed on disk (docs/hooks.md, "Changes during a session"): the session
// keeps running the hooks it started with; this says what changed in each file — hooks added,
// removed (still running until applied), changed, disableAllHooks, other keys, the trust store —
// with Apply / Revert (Revert writes back what the session runs, with Undo). A change an earlier
// session left unreviewed says when it was made. What the session said at start is shown too.
import type { FileReview, ReviewHook } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';

function hookLine(h: ReviewHook): string {
  return `${h.event}${h.matcher ? ` (${h.matcher})` : ''} · ${h.name}`;
}

const trustWord = (s: string) => t(`review.trustState.${s}` as 'review.trustState.trusted');

function changeLines(change: FileReview): Array<{ kind: string; text: string }> {
  const lines: Array<{ kind: string; text: string }> = [
    ...change.added.map((h) => ({ kind: 'added', text: t('review.added', { hook: hookLine(h) }) })),
    ...change.removed.map((h) => ({ kind: 'removed', text: t('review.removed', { hook: hookLine(h) }) })),
    ...change.changed.map((c) => ({ kind: 'changed', text: t('review.changed', { hook: hookLine(c.after) }) })),
  ];
  if (change.disableAllHooks !== null) lines.push({ kind: 'switch', text: t(change.disableAllHooks ? 'review.disableOn' : 'review.disableOff') });
  const keys = change.keys.filter((k) => k !== 'disableAllHooks');
  if (keys.length) lines.push({ kind: 'keys', text: t('review.keys', { keys: keys.join(', ') }) });
  if (change.deleted) lines.push({ kind: 'removed', text: t('review.deleted') });
  if (change.parseError) lines.push({ kind: 'broken', text: t('review.broken', { line: change.parseError.line, message: change.parseError.message }) });
  if (change.trust) {
    const { before, after, others } = change.trust;
    if (before !== after) lines.push({ kind: 'switch', text: t('review.trust', { before: trustWord(before), after: trustWord(after) }) });
    if (others.length) lines.push({ kind: 'keys', text: t('review.trustOthers', { dirs: others.join(', ') }) });
  }
  if (change.since) lines.unshift({ kind: 'since', text: t('review.since', { when: new Date(change.since).toLocaleString() }) });
  return lines;
}

function FileChange({ change }: { change: FileReview }) {
  const { config } = useStores();
  const lines = changeLines(change);
  return (
    <li class="review-file" data-file={change.path} data-kind={change.kind}>
      <div class="review-file-head">
        <code class="review-path" title={change.path}>
          {change.path}
        </code>
        <span class="review-actions">
          <button type="button" class="button small primary" disabled={config.busy} onClick={() => void config.apply(change.path)}>
            {t('review.apply')}
          </button>
          <button type="button" class="button small" disabled={config.busy} onClick={() => void config.revert(change.path)}>
            {t('review.revert')}
          </button>
        </span>
      </div>
      <ul class="review-lines">
        {lines.map((l) => (
          <li class={`review-${l.kind}`}>{l.text}</li>
        ))}
      </ul>
    </li>
  );
}

/** "Reverted FILE. Undo", while the last Revert can be undone. */
function RevertNote() {
  const { config } = useStores();
  const undo = config.undo;
  if (!undo) return null;
  return (
    <p class="review-reverted" role="status">
      {t('review.reverted', { path: undo.path })}{' '}
      <button type="button" class="link-button" disabled={config.busy} onClick={() => void config.undoRevert()}>
        {t('hooks.undo')}
      </button>
    </p>
  );
}

/** What the session said at start: every hook off, fewer hooks than the project's last session. */
function StartNotes() {
  const { config } = useStores();
  const start = config.start.value;
  const notes = [
    ...(start?.allHooksOff != null ? [t('start.allHooksOff', { file: start.allHooksOff })] : []),
    ...(start?.fewerHooks ? [t('start.fewerHooks', { now: start.fewerHooks.now, before: start.fewerHooks.before })] : []),
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

export function ReviewBanner() {
  const { config } = useStores();
  const review = config.review.value;
  return (
    <>
      <StartNotes />
      {review.length > 0 ? (
        <section class="banner banner-warn review-banner" role="region" aria-label={t('review.title')}>
          <div class="review-body">
            <strong>{t('review.title')}</strong>
            <p class="muted">{t('review.body')}</p>
            <ul class="review-files">
              {review.map((c) => (
                <FileChange key={c.path} change={c} />
              ))}
            </ul>
            <RevertNote />
            {config.error && <p class="review-error">{config.error}</p>}
          </div>
        </section>
      ) : (
        config.undo && (
          <section class="banner review-banner review-undo" role="region" aria-label={t('review.title')}>
            <RevertNote />
            {config.error && <p class="review-error">{config.error}</p>}
          </section>
        )
      )}
    </>
  );
}
