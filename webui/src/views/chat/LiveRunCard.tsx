// A synchronous hook that has run for more than LIVE_AFTER_MS: its statusMessage (else its name),
// the time it has run so far, and Stop, which kills it (it then ends as an error card). For a hook
// that guards a call (PreToolUse, PermissionRequest) Stop asks what happens to the call: "Stop the
// hook and cancel the call" (the default, focused) or "Stop the hook, let the call run"
// (docs/hooks.md, "Safety"); Escape keeps the hook running.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { HookRunStart, StopChoice } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { Icon } from '../common/icons.js';
import { formatDuration } from './HookRunCard.js';

function StopChoices({ run: r, onChoose, onKeep }: { run: HookRunStart; onChoose: (then: StopChoice) => void; onKeep: () => void }) {
  const first = useRef<HTMLButtonElement>(null);
  // The focus moves with the choices' first paint: an Escape pressed at once reaches them.
  useLayoutEffect(() => first.current?.focus(), []);
  return (
    <div
      class="live-run-choices"
      role="group"
      aria-label={t('run.stopChoice', { name: r.name })}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onKeep();
      }}
    >
      <button type="button" ref={first} class="button small primary stop-cancel" onClick={() => onChoose('cancelCall')}>
        {t('run.stopCancelCall')}
      </button>
      <button type="button" class="button small stop-let-run" onClick={() => onChoose('letRun')}>
        {t('run.stopLetRun')}
      </button>
    </div>
  );
}

export function LiveRunCard({ run: r }: { run: HookRunStart }) {
  const { chat } = useStores();
  const [stopping, setStopping] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const elapsed = Math.max(0, chat.now - Date.parse(r.startedAt));
  const label = r.statusMessage ?? r.name;
  const stop = (then?: StopChoice) => {
    setChoosing(false);
    setStopping(true);
    void chat.stopHook(r.id, then);
  };
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
          disabled={stopping || choosing}
          aria-label={t('run.stopNamed', { name: r.name })}
          aria-expanded={r.guardsCall ? choosing : undefined}
          onClick={() => (r.guardsCall ? setChoosing(true) : stop())}
        >
          <Icon name="stop" />
          {t('run.stop')}
        </button>
      </div>
      {choosing && <StopChoices run={r} onChoose={stop} onKeep={() => setChoosing(false)} />}
    </div>
  );
}
