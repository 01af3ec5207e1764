// The result of a Test, in the hook's row: what the combined decision amounts to, the run (exit,
// duration, stdout / stderr), the decision in the words of `wave hooks test`, the stdin the hook got,
// and the user's own stdin to run it with (TestInput.tsx). No model is involved.
import type { HookListItem } from '../../../connection/protocol.js';
import { t } from '../../../i18n/index.js';
import type { TestState } from '../../../state/hooksStore.js';
import { useStores } from '../../../state/index.js';
import { RunDetails, RunFacts } from '../../chat/HookRunCard.js';
import { TestInput } from './TestInput.js';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function TestResult({ hook: h, state }: { hook: HookListItem; state: TestState }) {
  const { hooks } = useStores();
  const close = (
    <button type="button" class="link-button" onClick={() => hooks.tests.close(h.id)}>
      {t('common.close')}
    </button>
  );
  if ('running' in state) {
    return (
      <div class="test-result" role="status" data-test="running">
        <span class="spinner" aria-hidden="true" /> {t('test.running', { name: h.description })}
      </div>
    );
  }
  if ('error' in state) {
    return (
      <div class="test-result banner-error" role="alert" data-test="error">
        <span>{t('test.failed', { message: state.error })}</span>
        {close}
      </div>
    );
  }
  const r = state.result;
  return (
    <section class="test-result" aria-label={t('test.title', { name: h.description })} data-test="done" data-summary={r.summary}>
      <header class="test-head">
        <strong>{t(`test.summary.${r.summary}`)}</strong>
        {close}
      </header>
      {r.notRun && <p class="muted">{t('test.notRun', { why: r.notRun })}</p>}
      {r.runs.map((run) => (
        <div class="test-run" data-run-id={run.id}>
          <RunFacts run={run} />
          <RunDetails run={run} />
        </div>
      ))}
      <div class="kv-label">{t('test.decision')}</div>
      <ul class="test-decision" lang="en">
        {r.decision.map((line) => (
          <li>{line}</li>
        ))}
      </ul>
      <details class="test-payload">
        <summary>{t(sameJson(r.payload, r.presets[0]?.stdin) ? 'test.payload' : 'test.payloadGiven')}</summary>
        <pre>{JSON.stringify(r.payload, null, 2)}</pre>
      </details>
      <TestInput hook={h} result={r} />
    </section>
  );
}
