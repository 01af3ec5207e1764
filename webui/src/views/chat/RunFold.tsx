// Hook runs that changed nothing, folded into one line per event ("PreToolUse · 3 hooks ran · ok"),
// expandable to their cards.
import type { HookRunRecord } from '../../host/protocol.js';
import { t, tn } from '../../i18n/index.js';
import { HookRunCard } from './HookRunCard.js';

export function RunFold({ event, runs }: { event: string; runs: HookRunRecord[] }) {
  const names = runs.map((r) => r.name).join(', ');
  return (
    <details class="run-fold" data-event={event} data-count={runs.length}>
      <summary title={names}>
        <span class="run-fold-text">{tn('fold.ran', runs.length, { event })}</span>
        <span class="run-badge tone-quiet" data-verdict="ok">
          {t('verdict.ok')}
        </span>
      </summary>
      <div class="run-fold-body">
        {runs.map((r) => (
          <HookRunCard key={r.id} run={r} />
        ))}
      </div>
    </details>
  );
}
