// The "why" of a tool call (docs/hooks.md, "Why a hook did or did not run"), under its card: the
// hooks of its tool events that ran — their answer, time, and the one that decided — and those that
// did not, with the reason the engine gives as data (matcher, `if`, once, trust, disableAllHooks, …;
// a hook the turn's budget skipped has a run of its own, "skipped").
import type { HookNotRun, HookRunRecord } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';
import { VERDICT_KEY, verdictTone } from '../../state/runWords.js';
import type { RunItem, ToolItem } from '../../state/timeline.js';
import { formatDuration } from './HookRunCard.js';

/** The finished runs of a list of run items (folds opened). */
export function recordsOf(items: readonly RunItem[]): HookRunRecord[] {
  return items.flatMap((i) => (i.kind === 'run' ? [i.run] : i.kind === 'fold' ? i.runs : []));
}

const DECIDING = ['blocked', 'denied', 'stopped', 'asked', 'allowed', 'rewrote'] as const;

/** The run whose answer decided the call: what stopped it, else the strongest answer (deny > ask > allow > rewrite). */
function decider(item: ToolItem, runs: readonly HookRunRecord[]): HookRunRecord | null {
  if (item.stoppedBy) return item.stoppedBy;
  for (const v of DECIDING) {
    const r = runs.find((x) => x.verdict === v || (v === 'rewrote' && x.rewroteInput));
    if (r) return r;
  }
  return null;
}

function notRunWords(k: HookNotRun): string {
  return t(`why.kind.${k.kind}`, { detail: k.detail ?? '', value: k.value ?? '' });
}

function RanRow({ run: r, decided }: { run: HookRunRecord; decided: boolean }) {
  return (
    <li class="why-ran" data-event={r.event} data-verdict={r.verdict} data-decided={decided ? 'true' : undefined}>
      <span class="why-event">{r.event}</span>
      <span class="why-name" title={r.command}>
        {r.name}
      </span>
      <span class={`run-badge tone-${verdictTone(r.verdict)}`}>{t(VERDICT_KEY[r.verdict])}</span>
      <span class="why-time">{formatDuration(r.durationMs)}</span>
      {decided && <span class="why-decided chip">{t('why.decided')}</span>}
    </li>
  );
}

export function ToolWhy({ item }: { item: ToolItem }) {
  const runs = [...recordsOf(item.before), ...recordsOf(item.after)];
  const notRun = item.block.hooksNotRun ?? [];
  if (!runs.length && !notRun.length) return null;
  const by = decider(item, runs);
  return (
    <details class="tool-why" data-tool-id={item.block.id}>
      <summary>{t('why.summary', { ran: runs.length, notRun: notRun.length })}</summary>
      {runs.length > 0 && (
        <>
          <div class="kv-label">{t('why.ran')}</div>
          <ul class="why-list">
            {runs.map((r) => (
              <RanRow key={r.id} run={r} decided={r === by} />
            ))}
          </ul>
        </>
      )}
      {notRun.length > 0 && (
        <>
          <div class="kv-label">{t('why.notRun')}</div>
          <ul class="why-list">
            {notRun.map((k, i) => (
              <li key={i} class="why-not" data-event={k.event} data-kind={k.kind}>
                <span class="why-event">{k.event}</span>
                <span class="why-name">{k.name}</span>
                <span class="why-reason">{notRunWords(k)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
}
