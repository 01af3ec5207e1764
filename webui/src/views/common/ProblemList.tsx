// The one list of settings problems (docs/hooks.md, "Validation"): each with its file and line (and
// column where the view wants it), its JSON path and what is wrong; past `shown` they are counted,
// not listed (`wave hooks validate` lists them all). The chat's banner, the Hooks tab and the MCP
// section show their problems with it.
import type { ConfigProblem } from '../../connection/protocol.js';
import { t } from '../../i18n/index.js';

export interface ProblemListProps {
  problems: readonly ConfigProblem[];
  /** How many are listed; the rest are counted (default: all). */
  shown?: number;
  /** Also the column after the line. */
  columns?: boolean;
  /** How a file is written (default: as given). */
  showFile?: (path: string) => string;
  class?: string;
  role?: 'alert';
}

export function ProblemList({ problems, shown = problems.length, columns = false, showFile = (f) => f, class: cls, role }: ProblemListProps) {
  return (
    <ul class={cls} role={role}>
      {problems.slice(0, shown).map((p) => (
        <li class={`problem problem-${p.severity}`}>
          <code>
            {showFile(p.file)}
            {p.line ? `:${p.line}` : ''}
            {columns && p.column ? `:${p.column}` : ''}
          </code>
          {p.path && <code class="json-path">{p.path}</code>}
          <span>{p.message}</span>
        </li>
      ))}
      {problems.length > shown && <li class="muted">{t('problems.more', { n: problems.length - shown })}</li>}
    </ul>
  );
}
