// A tool call: name, the gist of its input, its state (waiting / running / done / failed), and,
// expanded, the whole input (and the input hooks rewrote it to) and the result.
import type { ToolBlock } from '../../host/protocol.js';
import { t } from '../../i18n/index.js';
import { Icon } from '../common/icons.js';

/** The one input field that says what a call does. */
export function gist(input: Record<string, unknown>): string {
  for (const k of ['command', 'file_path', 'path', 'pattern', 'url', 'description']) {
    const v = input[k];
    if (typeof v === 'string' && v) return v;
  }
  const s = JSON.stringify(input);
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

export function ToolCard({ block: b }: { block: ToolBlock }) {
  const state = b.stage !== 'done' ? b.stage : b.success === false ? 'failed' : 'ok';
  const result = b.error ?? b.result;
  return (
    <details class={`tool-card state-${state}`} data-tool={b.name} data-state={state} open={state === 'failed'}>
      <summary>
        <span class="tool-icon" aria-hidden="true">
          {state === 'ok' ? <Icon name="check" /> : state === 'failed' ? <Icon name="cross" /> : <span class="spinner" />}
        </span>
        <span class="tool-name">{b.name}</span>
        <code class="tool-gist">{gist(b.parameters)}</code>
        <span class={`tool-state state-${state}`}>{t(`tool.${state}`)}</span>
      </summary>
      <div class="card-body">
        <div class="kv-label">{t('tool.input')}</div>
        <pre class="tool-input">{json(b.parameters)}</pre>
        {b.effectiveParameters && (
          <>
            <div class="kv-label">{t('tool.effectiveInput')}</div>
            <pre class="tool-input">{json(b.effectiveParameters)}</pre>
          </>
        )}
        {result !== undefined && (
          <>
            <div class="kv-label">{t('tool.result')}</div>
            <pre class={`tool-result ${b.success === false ? 'is-error' : ''}`}>{result}</pre>
          </>
        )}
      </div>
    </details>
  );
}
