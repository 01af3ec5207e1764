// Settings problems in the chat (docs/hooks.md, "Validation"): a guard that does not run must never
// go unnoticed, so hooks that could not be read and scripts that cannot run are named here, with
// file and line, until the settings are fixed.
import { t, tn } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';

/** More than this many problems are counted, not listed (`wave hooks validate` lists them all). */
const SHOWN = 20;

export function ConfigProblems() {
  const { config } = useStores();
  const problems = config.problems.value;
  const unread = config.state?.unread ?? null;
  if (!problems.length) return null;
  const errors = problems.filter((p) => p.severity === 'error').length;
  return (
    <details class={`banner ${errors ? 'banner-error' : 'banner-warn'} config-problems`} role="alert" open={errors > 0}>
      <summary>
        <strong>{unread ?? tn('problems.summary', problems.length)}</strong>
      </summary>
      <ul class="config-problem-list">
        {problems.slice(0, SHOWN).map((p) => (
          <li class={`problem problem-${p.severity}`}>
            <code>
              {p.file}
              {p.line ? `:${p.line}` : ''}
              {p.column ? `:${p.column}` : ''}
            </code>
            {p.path && <code class="json-path">{p.path}</code>}
            <span>{p.message}</span>
          </li>
        ))}
        {problems.length > SHOWN && <li class="muted">{t('problems.more', { n: problems.length - SHOWN })}</li>}
      </ul>
    </details>
  );
}
