// A tool call with its hook runs in causal order: the PreToolUse and PermissionRequest runs above
// it, PostToolUse below. The card: name, the gist of its input, its state (waiting / running / done /
// failed — or blocked / denied by a hook, which is not a failure of the tool), and, expanded, the
// whole input (and the input hooks rewrote it to) and the result.
import type { ToolBlock } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { decisionDetail } from '../../state/runWords.js';
import type { ToolItem } from '../../state/timeline.js';
import { Icon } from '../common/icons.js';
import { useRovingGroup } from '../common/keyboard.js';
import { RunItems } from './RunItems.js';
import { recordsOf, ToolWhy } from './ToolWhy.js';

/** The hook whose answer replaced the input the call ran with, when one did. */
function rewriter(item: ToolItem): string | null {
  if (!item.block.effectiveParameters) return null;
  const runs = recordsOf(item.before);
  return (runs.findLast((r) => r.rewroteInput) ?? runs.findLast((r) => r.verdict === 'rewrote'))?.name ?? null;
}

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

type State = 'pending' | 'running' | 'ok' | 'failed' | 'blocked';

function stateOf(item: ToolItem): State {
  const b = item.block;
  if (b.stage !== 'done') return b.stage;
  if (item.stoppedBy) return 'blocked';
  return b.success === false ? 'failed' : 'ok';
}

function StateIcon({ state }: { state: State }) {
  if (state === 'ok') return <Icon name="check" />;
  if (state === 'failed') return <Icon name="cross" />;
  if (state === 'blocked') return <Icon name="shield" />;
  return <span class="spinner" />;
}

function Body({ block: b, blocked }: { block: ToolBlock; blocked: boolean }) {
  const result = b.error ?? b.result;
  return (
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
          <div class="kv-label">{blocked ? t('tool.toldModel') : t('tool.result')}</div>
          <pre class={`tool-result ${b.success === false && !blocked ? 'is-error' : ''}`}>{result}</pre>
        </>
      )}
    </div>
  );
}

export function ToolCard({ item }: { item: ToolItem }) {
  const b = item.block;
  const state = stateOf(item);
  const by = item.stoppedBy;
  const label = by ? t(by.verdict === 'denied' ? 'tool.deniedBy' : 'tool.blockedBy', { name: by.name }) : t(`tool.${state as Exclude<State, 'blocked'>}`);
  const reason = by ? decisionDetail(by) : null;
  const rewrittenBy = rewriter(item);
  const roving = useRovingGroup<HTMLDivElement>();
  return (
    // The call and its hook runs: one Tab stop, the arrow keys inside (common/keyboard.ts).
    <div class="tool-group" ref={roving.ref} onKeyDown={roving.onKeyDown}>
      <RunItems items={item.before} />
      <details data-main class={`tool-card state-${state}`} data-tool={b.name} data-state={state} open={state === 'failed'}>
        <summary>
          <span class="tool-icon" aria-hidden="true">
            <StateIcon state={state} />
          </span>
          <span class="tool-name">{b.name}</span>
          <code class="tool-gist" title={rewrittenBy ? t('tool.rewrittenFrom', { text: gist(b.parameters) }) : gist(b.parameters)}>
            {gist(b.effectiveParameters ?? b.parameters)}
          </code>
          {rewrittenBy && <span class="tool-rewritten chip">{t('tool.rewrittenBy', { name: rewrittenBy })}</span>}
          <span class={`tool-state state-${state}`} title={label}>
            {label}
          </span>
          {reason && (
            <span class="tool-blocked-reason" title={reason}>
              {reason}
            </span>
          )}
        </summary>
        <Body block={b} blocked={by !== null} />
      </details>
      <ToolWhy item={item} />
      <RunItems items={item.after} />
    </div>
  );
}
