// One changed settings file of the review (docs/hooks.md, "Changes during a session"): hooks added,
// removed (still running until applied), changed, disableAllHooks, other keys, the trust store, a
// change an earlier session left unreviewed — with Apply and Revert named for the file; and the
// last Revert's Undo.
import type { FileReview, ReviewHook } from '../../host/protocol.js';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { displayPath } from '../../state/paths.js';

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

export function FileChange({ change }: { change: FileReview }) {
  const { config, app } = useStores();
  const lines = changeLines(change);
  const file = displayPath(change.path, app.hello);
  return (
    <li class="review-file" data-file={change.path} data-kind={change.kind}>
      <div class="review-file-head">
        <code class="review-path" title={change.path}>
          {change.path}
        </code>
        <span class="review-actions">
          <button type="button" class="button small primary" disabled={config.busy} title={change.path} onClick={() => void config.apply(change.path)}>
            {t('review.applyFile', { file })}
          </button>
          <button type="button" class="button small" disabled={config.busy} title={change.path} onClick={() => void config.revert(change.path)}>
            {t('review.revertFile', { file })}
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
export function RevertNote() {
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
