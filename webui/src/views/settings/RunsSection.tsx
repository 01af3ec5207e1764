// The Runs view (docs/hooks.md, "The settings page"): the recent runs of the run history
// (~/.wave/hook-runs.jsonl), newest first, filtered by event and outcome — what `wave hooks runs`
// prints. Each run expands to its output and decision.
import { useEffect } from 'preact/hooks';
import type { HookHistoryRun } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { kindLines, VERDICT_KEY, verdictTone } from '../../state/runWords.js';
import { OUTCOME_FILTERS, type OutcomeFilter } from '../../state/runsStore.js';
import { formatDuration } from '../chat/HookRunCard.js';
import { formatAgo } from '../common/time.js';
import { ProjectFilter, RunReplay } from './RunReplay.js';

function status(r: HookHistoryRun): string {
  if (r.timedOut) return t('run.timeout');
  if (r.signal) return t('run.signal', { signal: r.signal });
  return r.exitCode === null ? '' : t('run.exit', { code: r.exitCode });
}

/** What the run did, in the UI's words from its kind; a line written before runs had a kind shows its English words as they are. */
function RunDecision({ run: r }: { run: HookHistoryRun }) {
  const lines = kindLines(r);
  return (
    <>
      {!lines && r.error && (
        <p class="run-error" lang="en">
          {r.error}
        </p>
      )}
      <div class="kv-label">{t('run.decision')}</div>
      {lines ? (
        <ul class={`run-decision-lines ${r.kind?.kind === 'answer' ? '' : 'run-error'}`}>
          {lines.map((l) => (
            <li>{l}</li>
          ))}
        </ul>
      ) : (
        <pre lang="en">{r.decision}</pre>
      )}
    </>
  );
}

function RunRow({ run: r, now }: { run: HookHistoryRun; now: number }) {
  const { app } = useStores();
  return (
    <li class="history-run" data-event={r.event} data-verdict={r.verdict} data-run-id={r.id}>
      <details>
        <summary>
          <time class="history-time" dateTime={r.startedAt} title={r.startedAt}>
            {formatAgo(r.startedAt, now)}
          </time>
          <span class="event">{r.event}</span>
          {r.project && (
            <span class="history-project" title={r.project}>
              {app.shown(r.project)}
            </span>
          )}
          {r.test && <span class="chip history-test">{t('runs.test')}</span>}
          <span class="history-name" title={`${r.name}\n${r.command}`}>
            {r.name}
          </span>
          <span class={`run-badge tone-${verdictTone(r.verdict)}`} data-verdict={r.verdict}>
            {t(VERDICT_KEY[r.verdict])}
          </span>
          <span class="history-facts">
            {status(r)} · {formatDuration(r.durationMs)}
          </span>
        </summary>
        <div class="card-body">
          <div class="kv-label">{t('run.command')}</div>
          <pre>{r.command}</pre>
          <RunDecision run={r} />
          {r.stdout && (
            <>
              <div class="kv-label">stdout</div>
              <pre class="run-stdout">{r.stdout}</pre>
            </>
          )}
          {r.stderr && (
            <>
              <div class="kv-label">stderr</div>
              <pre class="run-stderr">{r.stderr}</pre>
            </>
          )}
          <RunReplay run={r} />
        </div>
      </details>
    </li>
  );
}

export function RunsSection() {
  const { runs, app } = useStores();
  useEffect(() => {
    runs.show(true);
    return () => runs.show(false);
  }, []);
  const now = Date.now();
  return (
    <div class="runs-section section">
      <header class="section-head">
        <h2>{t('runs.title')}</h2>
        <p class="muted" title={runs.file}>
          {t('runs.intro', { file: app.shown(runs.file) })}
        </p>
      </header>
      <div class="runs-filters">
        <label>
          <span>{t('runs.event')}</span>
          <select value={runs.event} onChange={(e) => runs.setFilter({ event: e.currentTarget.value })}>
            <option value="">{t('runs.all')}</option>
            {runs.events.value.map((ev) => (
              <option value={ev}>{ev}</option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('runs.outcome')}</span>
          <select value={runs.outcome} onChange={(e) => runs.setFilter({ outcome: e.currentTarget.value as OutcomeFilter | '' })}>
            <option value="">{t('runs.all')}</option>
            {OUTCOME_FILTERS.map((o) => (
              <option value={o}>{t(`runs.outcome.${o}`)}</option>
            ))}
          </select>
        </label>
        <ProjectFilter />
        <button type="button" class="button small" onClick={() => void runs.load()}>
          {t('runs.refresh')}
        </button>
      </div>
      {runs.error && (
        <div class="banner banner-error" role="alert">
          {runs.error}
        </div>
      )}
      {runs.runs.length === 0 && !runs.loading ? (
        <p class="empty-state">{runs.event || runs.outcome || runs.project ? t('runs.noneMatch') : t('runs.none')}</p>
      ) : (
        <ul class="history-list" aria-label={t('runs.title')}>
          {runs.runs.map((r, i) => (
            <RunRow key={r.id ?? `${r.startedAt}-${i}`} run={r} now={now} />
          ))}
        </ul>
      )}
    </div>
  );
}
