// A synchronous hook that has run for more than LIVE_AFTER_MS: its statusMessage (else its name),
// the time it has run so far, and Stop, which kills it (it then ends as an error card).
import { useState } from 'preact/hooks';
import type { HookRunStart } from '../../host/protocol.js';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { Icon } from '../common/icons.js';
import { formatDuration } from './HookRunCard.js';

export function LiveRunCard({ run: r }: { run: HookRunStart }) {
  const { chat } = useStores();
  const [stopping, setStopping] = useState(false);
  const elapsed = Math.max(0, chat.now - Date.parse(r.startedAt));
  const label = r.statusMessage ?? r.name;
  return (
    <div class="run-card live-run" data-run-id={r.id} data-event={r.event} role="status">
      <div class="live-run-line">
        <span class="spinner" aria-hidden="true" />
        <span class="run-event">{t('run.title', { event: r.event })}</span>
        <span class="live-run-label" title={r.statusMessage ? `${r.statusMessage}\n${r.name}` : r.name}>
          {label}
        </span>
        <span class="live-run-elapsed" aria-label={t('run.elapsed')}>
          {formatDuration(elapsed)}
        </span>
        <button
          type="button"
          class="button small stop-hook"
          disabled={stopping}
          aria-label={t('run.stopNamed', { name: r.name })}
          onClick={() => {
            setStopping(true);
            void chat.stopHook(r.id);
          }}
        >
          <Icon name="stop" />
          {t('run.stop')}
        </button>
      </div>
    </div>
  );
}
