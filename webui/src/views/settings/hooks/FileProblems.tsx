// The settings files of the tab that cannot be read (not valid JSON: file, line, column, reason),
// and entries the sidecar skipped or warns about. Shown in place of an empty list. A trailing comma
// is named as such; "Open at line N" opens the file there (in a browser: says where it is).
import { t } from '../../../i18n/index.js';
import { useStores } from '../../../state/index.js';
import { ProblemList } from '../../common/ProblemList.js';

/** More than this many problems are counted, not listed (`wave hooks validate` lists them all). */
const SHOWN = 50;

export function FileProblems() {
  const { hooks } = useStores();
  const broken = hooks.list.files.value.filter((f) => f.error);
  const problems = hooks.list.problems.value.filter((p) => p.path !== '' || !broken.some((f) => f.path === p.file));
  if (broken.length === 0 && problems.length === 0) return null;
  return (
    <div class="file-problems">
      {broken.map((f) => {
        const e = f.error!;
        const words = { file: f.path, line: e.line, column: e.column, message: e.message };
        return (
          <div class="banner banner-error parse-error" role="alert" data-file={f.path}>
            <div>
              <strong>{t(e.trailingComma ? 'hooks.parseError.trailingComma' : 'hooks.parseError', words)}</strong>
              <div class="muted">{t('hooks.parseErrorHint')}</div>
            </div>
            <button type="button" class="button small open-at" onClick={() => void hooks.edits.openAt(f.path, e.line)}>
              {t('hooks.openAtLine', { line: e.line })}
            </button>
          </div>
        );
      })}
      {problems.length > 0 && (
        <details class="problems" open={problems.some((p) => p.severity === 'error')}>
          <summary>
            {t('hooks.problems')} <span class="count">{problems.length}</span>
          </summary>
          <ProblemList problems={problems} shown={SHOWN} />
        </details>
      )}
    </div>
  );
}
