// The words of a refused request (sidecar/src/protocol/refusal.ts: a settings change, an Undo, a Re-run,
// a review, the model form, an import, a test's own input) in the UI's language, built from the
// refusal's data: the sidecar's English `message` is shown only when a request failed without one.
import type { Refusal } from '../connection/protocol.js';
import { t, type Key } from '../i18n/index.js';

const CAUSES = new Set(['ENOSPC', 'EACCES', 'EPERM', 'EROFS', 'ENOENT', 'EDQUOT', 'EISDIR']);

/** A system error code in words (the code itself when it is not one the UI knows). */
function causeText(cause: string | null, detail = ''): string {
  if (cause && CAUSES.has(cause)) return t(`refusal.cause.${cause}` as Key);
  return cause ?? detail;
}

function whyText(r: Refusal): string {
  switch (r.kind) {
    case 'pluginReadOnly':
    case 'readOnly':
    case 'changedWhile':
    case 'replacedSave':
      return t(`refusal.${r.kind}`, { file: r.file });
    case 'changedSinceListed':
      return t(`refusal.changedSinceListed.${r.now}`, { file: r.file });
    case 'invalidJson':
      return t('refusal.invalidJson', { file: r.file, line: r.line, column: r.column, detail: r.detail });
    case 'duplicateKey':
      return t('refusal.duplicateKey', { file: r.file, key: r.key, path: r.path, first: r.lines[0], second: r.lines[1] });
    case 'hookGone':
      return t('refusal.hookGone');
    case 'untrusted':
      return t('refusal.untrusted');
    case 'unreadable':
      return t('refusal.unreadable', { file: r.file, cause: causeText(r.cause) });
    case 'cannotWrite':
      return t('refusal.cannotWrite', { file: r.file, cause: causeText(r.cause, r.detail) });
    case 'savedMeanwhile':
      return t(r.kept ? 'refusal.savedMeanwhile.kept' : 'refusal.savedMeanwhile.lost', { file: r.file });
    default:
      return laterWhyText(r);
  }
}

/** The refusals of the page's other verbs: Undo, Re-run, review, the model form, import, a test's input. */
type OtherVerbs = Extract<
  Refusal,
  { kind: 'notParallel' | 'undoExpired' | 'runGone' | 'noSession' | 'notUnderReview' | 'untrustedImport' | 'switchRefused' | 'badBaseUrl' | 'badTestInput' }
>;

function laterWhyText(r: OtherVerbs): string {
  switch (r.kind) {
    case 'notParallel':
      return t('refusal.notParallel', { event: r.event });
    case 'undoExpired':
      return t(`refusal.undoExpired.${r.of}`);
    case 'runGone':
    case 'noSession':
      return t(`refusal.${r.kind}`);
    case 'notUnderReview':
    case 'untrustedImport':
      return t(`refusal.${r.kind}`, { file: r.file });
    case 'switchRefused':
      return t('refusal.switchRefused', { from: r.from, to: r.to, reason: r.reason });
    case 'badBaseUrl':
      return t('refusal.badBaseUrl', { value: r.value });
    case 'badTestInput':
      return t(`refusal.badTestInput.${r.must}`, { field: r.field, expected: r.expected.join(', ') });
  }
}

/** The refusal as one sentence: why, then what was left undone. */
export function refusalText(r: Refusal): string {
  const why = whyText(r);
  const said = r.undone ? t('refusal.then', { why, undone: t(`refusal.undone.${r.undone}`) }) : why;
  return r.imported?.length ? t('refusal.then', { why: said, undone: t('refusal.importedBefore', { files: r.imported.join(', ') }) }) : said;
}
