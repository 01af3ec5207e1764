// The Claude Code hooks Wave does not run (docs/hooks.md, "Coming from Claude Code"): ONE notice for
// every `.claude/` settings file whose hooks are not in its Wave file yet ("Claude Code hooks in 3
// files", Import all), and under it one line per file naming the file, how many hooks, the Wave file
// the import adds them to, the hooks themselves and what is left out, with its own Import (they run
// at once). A project file in a workspace that is not trusted says so; the workspace is trusted
// with the one trust switch of the page (the Project tab), never from here.
import type { ClaudeHooksFile } from '../../../connection/protocol.js';
import { t, tn } from '../../../i18n/index.js';
import { claudeHookLine, claudeSettingLine, notImportedLines, type HooksStore } from '../../../state/hooksStore.js';
import { useStores } from '../../../state/index.js';

/** Imports; the notice and its button then go, so the focus moves to the list that shows the result. */
async function importFiles(hooks: HooksStore, from: ClaudeHooksFile['from'] | 'all'): Promise<void> {
  await hooks.imports.importClaude(from);
  // After the render that removed the button (Preact renders in a microtask).
  setTimeout(() => {
    if (!document.activeElement || document.activeElement === document.body) document.querySelector<HTMLElement>('[data-focus-fallback]')?.focus();
  });
}

function ClaudeFile({ file }: { file: ClaudeHooksFile }) {
  const { hooks } = useStores();
  const n = file.hooks.length;
  const from = hooks.list.shown(file.file);
  const to = hooks.list.shown(file.to);
  const busy = hooks.imports.importing !== null;
  return (
    <li class="claude-file" data-from={file.from} data-count={n}>
      <div class="claude-file-head">
        <span class="claude-text">
          <span title={file.file}>{tn(file.from === 'user' ? 'claude.user' : 'claude.project', n, { file: from })}</span>{' '}
          <span class="muted" title={file.to}>
            {file.importable ? tn('claude.target', n, { to }) : t('claude.untrusted')}
          </span>
          {file.settings.length > 0 && <span class="claude-settings"> {t('claude.settings', { n: file.settings.length })}</span>}
        </span>
        {file.importable && (
          <button
            type="button"
            class="button small claude-import"
            disabled={busy}
            aria-label={tn('claude.importLabel', n, { file: from, to })}
            onClick={() => void importFiles(hooks, file.from)}
          >
            {hooks.imports.importing === file.from ? t('claude.importing') : t('claude.import')}
          </button>
        )}
      </div>
      <details class="claude-hooks">
        <summary>{t('claude.show')}</summary>
        <ul>
          {file.hooks.map((h) => (
            <li>
              <code>{claudeHookLine(h)}</code>
            </li>
          ))}
          {file.settings.map((s) => (
            <li data-kind="setting">
              <code>{claudeSettingLine(s)}</code>
            </li>
          ))}
        </ul>
        {file.notImported.length > 0 && (
          <ul class="claude-left">
            {notImportedLines(file.notImported).map((line, i) => (i === 0 ? <li class="muted">{line}</li> : <li data-kind="not-imported">{line}</li>))}
          </ul>
        )}
      </details>
    </li>
  );
}

export function ClaudeImport() {
  const { hooks } = useStores();
  const files = hooks.list.claude.value;
  if (!files.length) return null;
  const importable = files.filter((f) => f.importable);
  const busy = hooks.imports.importing !== null;
  return (
    <section class="banner banner-info notice claude-notice" aria-label={tn('claude.summary', files.length)} data-count={files.length}>
      <div class="claude-summary">
        <strong>{tn('claude.summary', files.length)}</strong>
        {importable.length > 1 && importable.length === files.length && (
          <button type="button" class="button small primary claude-import-all" disabled={busy} onClick={() => void importFiles(hooks, 'all')}>
            {hooks.imports.importing === 'all' ? t('claude.importing') : t('claude.importAll')}
          </button>
        )}
      </div>
      <ul class="claude-files">
        {files.map((f) => (
          <ClaudeFile key={f.from} file={f} />
        ))}
      </ul>
    </section>
  );
}
