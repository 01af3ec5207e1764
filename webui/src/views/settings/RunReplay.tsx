// The Runs view's answer to "what was blocked?" (docs/hooks.md, "The settings page"): a run's stdin as
// the hook got it (cut at 16 KiB in the history), Open conversation (the chat at the run's card, for
// a run of the chat's session), and Re-run with this input — the recorded stdin against the hook as
// it is on disk now, the decision then next to the decision now (a test run), or why it cannot run;
// and the view's project filter.
import type { HookHistoryRun, HookRerunResult, RunVerdict } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { VERDICT_KEY, verdictTone } from '../../state/runWords.js';
import { formatDuration } from '../chat/HookRunCard.js';

function Side({ label, verdict, ms, detail }: { label: string; verdict: RunVerdict; ms: number; detail: string }) {
  return (
    <div class="rerun-side" data-side={label} data-verdict={verdict}>
      <div class="kv-label">{label}</div>
      <span class={`run-badge tone-${verdictTone(verdict)}`}>{t(VERDICT_KEY[verdict])}</span> <span class="muted">{formatDuration(ms)}</span>
      {detail && <pre lang="en">{detail}</pre>}
    </div>
  );
}

function RerunResult({ result: r }: { result: HookRerunResult }) {
  if (r.refused) {
    return (
      <p class="rerun-refused" role="status" data-refused={r.refused}>
        {t(`runs.refused.${r.refused}`, { detail: r.detail ?? '' })}
      </p>
    );
  }
  const after = r.after!;
  return (
    <div class="rerun-compare" role="status">
      <Side label={t('runs.before')} verdict={r.before.verdict} ms={r.before.durationMs} detail={r.before.stderr || r.before.decision} />
      <Side label={t('runs.after')} verdict={after.verdict} ms={after.durationMs} detail={after.stderr || after.decision} />
    </div>
  );
}

export function RunReplay({ run: r }: { run: HookHistoryRun }) {
  const { runs, chat } = useStores();
  const id = r.id;
  const result = id ? runs.rerunOf(id) : undefined;
  const error = id ? runs.rerunError(id) : null;
  const ours = r.sessionId === runs.session;
  return (
    <>
      <div class="kv-label">{t('runs.stdin')}</div>
      {r.stdin ? (
        <pre class="history-stdin">
          {r.stdin}
          {r.stdinCut ? <span class="muted">{`\n${t('runs.stdinCut', { n: r.stdinCut })}`}</span> : null}
        </pre>
      ) : (
        <p class="muted">{t(r.stdinErased ? 'runs.stdinErased' : 'runs.noStdin')}</p>
      )}
      {id && (
        <div class="rerun-row">
          <button type="button" class="button small rerun" disabled={result === null} onClick={() => void runs.rerun(id)}>
            {result === null ? t('runs.rerunning') : t('runs.rerun')}
          </button>
          {ours ? (
            <button type="button" class="button small open-conversation" onClick={() => chat.openRun(id)}>
              {t('runs.openConversation')}
            </button>
          ) : (
            <span class="muted other-session">{t('runs.otherSession', { id: r.sessionId })}</span>
          )}
          <span class="muted rerun-note">{t('runs.rerunNote')}</span>
        </div>
      )}
      {error && (
        <p class="run-error" role="alert">
          {error}
        </p>
      )}
      {result && <RerunResult result={result} />}
    </>
  );
}

/** The Runs view's project filter: the projects of the history's sessions. */
export function ProjectFilter() {
  const { runs, app } = useStores();
  return (
    <label>
      <span>{t('runs.project')}</span>
      <select class="runs-project" value={runs.project} onChange={(e) => runs.setFilter({ project: e.currentTarget.value })}>
        <option value="">{t('runs.all')}</option>
        {runs.projects.map((p) => (
          <option value={p} title={p}>
            {app.shown(p)}
          </option>
        ))}
      </select>
    </label>
  );
}
