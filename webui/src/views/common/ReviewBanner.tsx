// The review of settings changed on disk (docs/hooks.md, "Changes during a session"): the session
// keeps running the hooks it started with; this says what changed in each file — hooks added,
// removed (still running until applied), changed, disableAllHooks, other keys — with Apply / Dismiss.
import type { FileReview, ReviewHook } from '../../host/protocol.js';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';

function hookLine(h: ReviewHook): string {
  return `${h.event}${h.matcher ? ` (${h.matcher})` : ''} · ${h.name}`;
}

function FileChange({ change }: { change: FileReview }) {
  const { config } = useStores();
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
  return (
    <li class="review-file" data-file={change.path}>
      <div class="review-file-head">
        <code class="review-path" title={change.path}>
          {change.path}
        </code>
        <span class="review-actions">
          <button type="button" class="button small primary" disabled={config.busy} onClick={() => void config.apply(change.path)}>
            {t('review.apply')}
          </button>
          <button type="button" class="button small" disabled={config.busy} onClick={() => void config.dismiss(change.path)}>
            {t('common.dismiss')}
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

export function ReviewBanner() {
  const { config } = useStores();
  const review = config.review.value;
  if (!review.length) return null;
  return (
    <section class="banner banner-warn review-banner" role="region" aria-label={t('review.title')}>
      <div class="review-body">
        <strong>{t('review.title')}</strong>
        <p class="muted">{t('review.body')}</p>
        <ul class="review-files">
          {review.map((c) => (
            <FileChange key={c.path} change={c} />
          ))}
        </ul>
        {config.error && <p class="review-error">{config.error}</p>}
      </div>
    </section>
  );
}
