// Guard coverage at a glance (docs/hooks.md, "Guard coverage"), computed by the sidecar
// (hooks/fire/coverage.ts): how many tools have a guard, only observers, or no hook; the guards that
// would let a call through without a word (timeout below their p95, a script that cannot run, a
// matcher that matches no known tool); and the tools × tool events table, scrolled sideways in a
// narrow window. Guard events' columns are marked; each cell names its hooks.
import type { CoverageHook, CoverageLevel, CoverageRow, CoverageWarning, GuardCoverage } from '../../../connection/protocol.js';
import { t } from '../../../i18n/index.js';
import { useStores } from '../../../state/index.js';

const LEVELS: readonly CoverageLevel[] = ['guard', 'observer', 'none'];

const seconds = (ms: number) => String(Math.round(ms / 100) / 10);

function warningText(w: CoverageWarning): string {
  const base = { name: w.name, event: w.event };
  if (w.kind === 'timeout') return t('coverage.warn.timeout', { ...base, timeout: seconds(w.timeoutMs ?? 0), p95: seconds(w.p95Ms ?? 0) });
  if (w.kind === 'script') return t('coverage.warn.script', { ...base, detail: w.detail ?? '' });
  return t('coverage.warn.matchesNothing', { ...base, matcher: w.matcher ?? '' });
}

const toolName = (tool: string) => (tool === 'mcp__*' ? t('coverage.anyMcp') : tool);

function Cell({ row, event, guardEvent }: { row: CoverageRow; event: string; guardEvent: boolean }) {
  const hooks: CoverageHook[] = row.cells[event] ?? [];
  const tool = toolName(row.tool);
  const guards = hooks.filter((h) => h.guard).length;
  const label = hooks.length
    ? t('coverage.cell.hooks', { event, tool, names: hooks.map((h) => (h.guard ? t('coverage.cell.guard', { name: h.name }) : h.name)).join(', ') })
    : t('coverage.cell.none', { event, tool });
  return (
    <td class={guardEvent ? 'cov-guard-col' : ''} data-event={event} data-hooks={hooks.length} title={label} aria-label={label}>
      {hooks.length > 0 && <span class={`cov-mark ${guards ? 'cov-mark-guard' : 'cov-mark-observer'}`}>{hooks.length}</span>}
    </td>
  );
}

function Table({ c }: { c: GuardCoverage }) {
  return (
    <details class="coverage-details">
      <summary>{t('coverage.table')}</summary>
      <div class="coverage-scroll" tabIndex={0} role="region" aria-label={t('coverage.table')}>
        <table class="coverage-table">
          <thead>
            <tr>
              <th scope="col">{t('coverage.tool')}</th>
              <th scope="col">{t('coverage.level')}</th>
              {c.events.map((e) => (
                <th scope="col" class={c.guardEvents.includes(e) ? 'cov-guard-col' : ''}>
                  {e}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {c.rows.map((r) => (
              <tr data-tool={r.tool} data-level={r.level}>
                <th scope="row">
                  <code>{toolName(r.tool)}</code>
                </th>
                <td>
                  <span class={`chip cov-level cov-level-${r.level}`}>{t(`coverage.level.${r.level}`)}</span>
                </td>
                {c.events.map((e) => (
                  <Cell row={r} event={e} guardEvent={c.guardEvents.includes(e)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function Coverage() {
  const { guard } = useStores();
  const c = guard.coverage;
  if (!c) return null;
  const count = (l: CoverageLevel) => c.rows.filter((r) => r.level === l).length;
  return (
    <section class="coverage" aria-labelledby="coverage-title">
      <div class="coverage-head">
        <h3 id="coverage-title">{t('coverage.title')}</h3>
        <span class="coverage-counts">
          {LEVELS.map((l) => (
            <span class={`chip cov-level cov-level-${l}`} data-count={l}>
              {t(`coverage.count.${l}`, { n: count(l) })}
            </span>
          ))}
        </span>
      </div>
      <p class="muted coverage-intro">{t('coverage.intro')}</p>
      {c.allOff && (
        <div class="banner banner-warn" role="note">
          {t('coverage.allOff', { file: c.allOff })}
        </div>
      )}
      {c.warnings.length > 0 && (
        <div class="banner banner-warn coverage-warnings" role="note">
          <strong>{t('coverage.warnings')}</strong>
          <ul>
            {c.warnings.map((w) => (
              <li data-warning={w.kind} data-hook-id={w.hookId}>
                {warningText(w)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Table c={c} />
    </section>
  );
}
