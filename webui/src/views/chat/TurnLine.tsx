// The thin line that ends a turn: "hooks: 9 runs, 4.8 s — slowest: Slow security scan 4.0 s"
// (state/turnSummary.ts counts it).
import { t } from '../../i18n/index.js';
import type { TurnSummary } from '../../state/turnSummary.js';
import { formatDuration } from './HookRunCard.js';

export function TurnLine({ summary: s }: { summary: TurnSummary }) {
  const words = { n: s.runs, total: formatDuration(s.totalMs), name: s.slowest.name, slowest: formatDuration(s.slowest.durationMs) };
  return (
    <div class="turn-line" role="note" data-runs={s.runs}>
      <span>{t(s.runs === 1 ? 'turn.hooks.one' : 'turn.hooks.many', words)}</span>
    </div>
  );
}
