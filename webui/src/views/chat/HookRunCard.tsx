// A hook run in the timeline: event, hook name, duration, exit code or timeout, the badge of what it
// decided (blocked, denied, asked, context added, error, timed out…) and the decision in the UI's
// words, from the record's kind and the hook's reason; expanded: the command, stdout and stderr (and
// what went wrong, for errors). Runs that
// changed nothing are folded per event (RunFold); a hook still running has a live card (LiveRunCard).
import type { HookRunRecord } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { kindProblem, runWords, verdictTone } from '../../state/runWords.js';
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

/** The command, the output and what went wrong: the inside of a run card (the settings page's Test shows it too). */
export function RunDetails({ run: r }: { run: HookRunRecord }) {
  const problem = kindProblem(r);
  return (
    <div class="card-body">
      {problem && (
        <div class="run-error">
          <span class="kv-label">{t('run.error')}</span> {problem}
        </div>
      )}
      <div class="kv-label">{t('run.command')}</div>
      <pre class="run-command">{r.command}</pre>
      <Output label="stdout" text={r.stdout} />
      <Output label="stderr" text={r.stderr} />
    </div>
  );
}

/** The one-line facts of a run: duration, exit, badge. */
export function RunFacts({ run: r }: { run: HookRunRecord }) {
  const words = runWords(r);
  return (
    <span class="run-facts">
      <span class="run-duration">{formatDuration(r.durationMs)}</span>
      <span class={`run-exit ${r.timedOut || (r.exitCode ?? 0) !== 0 ? 'is-error' : ''}`}>{exitText(r)}</span>
      <span class={`run-badge tone-${verdictTone(r.verdict)}`} data-verdict={r.verdict}>
        {words.badge}
      </span>
    </span>
  );
}

export function HookRunCard({ run: r }: { run: HookRunRecord }) {
  const words = runWords(r);
  const line = words.detail ? `${t(`verdict.${r.verdict}.line`)}: ${words.detail}` : t(`verdict.${r.verdict}.line`);
  return (
    <details class={`run-card tone-${verdictTone(r.verdict)}`} data-run-id={r.id} data-event={r.event} data-outcome={r.outcome} data-verdict={r.verdict}>
      <summary>
        <span class="run-icon" aria-hidden="true">
          <Icon name="bolt" />
        </span>
        <span class="run-event">{t('run.title', { event: r.event })}</span>
        <span class="run-name" title={`${r.name}\n${r.command}`}>
          {r.name}
        </span>
        {r.async && <span class="chip">{t('run.async')}</span>}
        <RunFacts run={r} />
        <span class="run-decision" title={line}>
          <span class="visually-hidden">{t('run.decision')}: </span>
          {line}
        </span>
      </summary>
      <RunDetails run={r} />
    </details>
  );
}
