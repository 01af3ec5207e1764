// A hook run in the timeline: event, hook name, duration, exit code or timeout, and the decision;
// expanded: the command, stdout and stderr (and what went wrong, for errors).
import type { HookRunRecord } from '../../host/protocol.js';
import { t } from '../../i18n/index.js';
import { Icon } from '../common/icons.js';

function exitText(r: HookRunRecord): string {
  if (r.timedOut) return t('run.timeout');
  if (r.signal) return t('run.signal', { signal: r.signal });
  return r.exitCode === null ? '' : t('run.exit', { code: r.exitCode });
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function Output({ label, text }: { label: string; text: string }) {
  return (
    <>
      <div class="kv-label">{label}</div>
      <pre class={`run-output run-${label}`}>{text === '' ? <span class="muted">{t('run.empty')}</span> : text}</pre>
    </>
  );
}

export function HookRunCard({ run: r }: { run: HookRunRecord }) {
  return (
    <details class={`run-card outcome-${r.outcome}`} data-run-id={r.id} data-event={r.event} data-outcome={r.outcome}>
      <summary>
        <span class="run-icon" aria-hidden="true">
          <Icon name="bolt" />
        </span>
        <span class="run-event">{t('run.title', { event: r.event })}</span>
        <span class="run-name" title={r.command}>
          {r.name}
        </span>
        {r.async && <span class="chip">{t('run.async')}</span>}
        <span class="run-facts">
          <span class="run-duration">{formatDuration(r.durationMs)}</span>
          <span class={`run-exit ${r.timedOut || (r.exitCode ?? 0) !== 0 ? 'is-error' : ''}`}>{exitText(r)}</span>
          <span class={`run-outcome outcome-${r.outcome}`}>{t(`run.outcome.${r.outcome}`)}</span>
        </span>
        <span class="run-decision" title={r.decision}>
          <span class="visually-hidden">{t('run.decision')}: </span>
          {r.decision}
        </span>
      </summary>
      <div class="card-body">
        {r.error && (
          <div class="run-error">
            <span class="kv-label">{t('run.error')}</span> {r.error}
          </div>
        )}
        <div class="kv-label">{t('run.command')}</div>
        <pre class="run-command">{r.command}</pre>
        <Output label="stdout" text={r.stdout} />
        <Output label="stderr" text={r.stderr} />
      </div>
    </details>
  );
}
