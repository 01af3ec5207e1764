// The Claude Code hooks Wave does not run (docs/hooks.md, "Coming from Claude Code"): one notice per
// `.claude/` settings file whose hooks are not in its Wave file yet, naming the file, how many hooks,
// the Wave file the import adds them to, and the hooks themselves; **Import** adds them (they run at
// once). A project file in a workspace that is not trusted offers to trust it instead.
import type { ClaudeHooksFile } from '../../../connection/protocol.js';
import { t } from '../../../i18n/index.js';
import { claudeHookLine, claudeSettingLine, notImportedLines, type HooksStore } from '../../../state/hooksStore.js';
import { useStores } from '../../../state/index.js';

/** Imports; the notice and its button then go, so the focus moves to the list that shows the result. */
async function importFile(hooks: HooksStore, file: ClaudeHooksFile): Promise<void> {
  await hooks.importClaude(file);
  // After the render that removed the button (Preact renders in a microtask).
  setTimeout(() => {
    if (!document.activeElement || document.activeElement === document.body) document.querySelector<HTMLElement>('[data-focus-fallback]')?.focus();
  });
}

function ClaudeFile({ file }: { file: ClaudeHooksFile }) {
  const { hooks, app } = useStores();
  const n = file.hooks.length;
  const one = n === 1;
  const from = hooks.shown(file.file);
  const to = hooks.shown(file.to);
  const what = file.from === 'user' ? (one ? 'claude.user.one' : 'claude.user.many') : one ? 'claude.project.one' : 'claude.project.many';
  const busy = hooks.importing !== null;
  return (
    <div class="banner banner-info notice claude-notice" role="note" data-from={file.from} data-count={n}>
      <div class="notice-text claude-text">
        <span title={file.file}>{t(what, { n, file: from })}</span>{' '}
        <span class="muted" title={file.to}>
          {file.importable ? t(one ? 'claude.target.one' : 'claude.target.many', { to }) : t('claude.untrusted')}
        </span>
        {file.settings.length > 0 && <span class="claude-settings"> {t('claude.settings', { n: file.settings.length })}</span>}
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
      </div>
      <span class="notice-actions">
        {file.importable ? (
          <button
            type="button"
            class="button small primary claude-import"
            disabled={busy}
            aria-label={t('claude.importLabel', { n, file: from, to })}
            onClick={() => void importFile(hooks, file)}
          >
            {hooks.importing === file.from ? t('claude.importing') : t('claude.import')}
          </button>
        ) : (
          <button type="button" class="link-button" onClick={() => void app.setTrust(true)}>
            {t('hooks.trustNow')}
          </button>
        )}
      </span>
    </div>
  );
}

export function ClaudeImport() {
  const { hooks } = useStores();
  const files = hooks.claude.value;
  if (!files.length) return null;
  return (
    <div class="claude-notices">
      {files.map((f) => (
        <ClaudeFile key={f.from} file={f} />
      ))}
    </div>
  );
}
