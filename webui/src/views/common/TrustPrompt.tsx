// The workspace trust prompt (docs/hooks.md, "Project hooks need a trusted workspace"): shown when
// the project defines hooks and the user never answered for this workdir. It shows what trusting
// lets run, whole: each hook's event, matcher and description, its full command (wrapped, scrolled
// when long), the file it is in (settings.json and settings.local.json alike), and for a command
// that runs a script in the project, the script's first lines with a link that opens it. The answer
// goes to the sidecar (`trust.set`), which remembers it. The hooks come whole from `trust.hooks`;
// until they arrive, the short list of the trust state shows.
import { useEffect } from 'preact/hooks';
import type { ProjectHookDetail, ProjectHookInfo, ProjectScript } from '../../connection/protocol.js';
import { t, tn } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { displayPath } from '../../state/paths.js';
import { Dialog } from './Dialog.js';

function ScriptHead({ script: s }: { script: ProjectScript }) {
  const { app, guard } = useStores();
  const shown = displayPath(s.path, app.hello);
  return (
    <div class="trust-script" data-script-state={s.state}>
      <div class="trust-script-head">
        <span class="trust-script-name" title={s.path}>
          {t('trust.script', { path: shown })}
        </span>
        {s.state !== 'missing' && (
          <button
            type="button"
            class="link-button trust-open"
            aria-label={t('trust.openScript.label', { path: shown })}
            onClick={() => void guard.openFile(s.path)}
          >
            {t('trust.openScript')}
          </button>
        )}
      </div>
      {s.state === 'text' && (
        <pre class="trust-script-lines" tabIndex={0} aria-label={t('trust.scriptLines', { path: shown })}>
          {s.lines.join('\n')}
        </pre>
      )}
      {s.state === 'text' && s.truncated && <p class="muted trust-more">{t('trust.scriptMore', { n: s.lines.length })}</p>}
      {s.state === 'missing' && <p class="muted">{t('trust.scriptMissing')}</p>}
      {s.state === 'binary' && <p class="muted">{t('trust.scriptBinary')}</p>}
      {guard.opened === s.path && (
        <p class="trust-opened" role="status">
          {t('hooks.openedBrowser', { path: s.path })}
        </p>
      )}
    </div>
  );
}

function TrustHook({ hook: h }: { hook: ProjectHookInfo & Partial<ProjectHookDetail> }) {
  const { app } = useStores();
  const file = displayPath(h.file, app.hello);
  return (
    <li class="trust-hook">
      <div class="trust-hook-head">
        <span class="event">{h.event}</span>
        {h.matcher && <span class="trust-matcher">{h.matcher}</span>}
        {h.description && <span class="trust-description">{h.description}</span>}
      </div>
      <pre class="trust-command" tabIndex={0} aria-label={t('trust.command', { event: h.event })}>
        <code class="command">{h.command}</code>
      </pre>
      <div class="trust-file muted" title={h.file}>
        {t(h.source === 'projectLocal' || (!h.source && h.file.endsWith('.local.json')) ? 'trust.file.local' : 'trust.file.shared', {
          file: h.line ? `${file}:${h.line}` : file,
        })}
      </div>
      {h.script && <ScriptHead script={h.script} />}
    </li>
  );
}

export function TrustPrompt() {
  const { app, guard } = useStores();
  useEffect(() => void guard.loadTrustHooks(), []);
  const hooks: Array<ProjectHookInfo & Partial<ProjectHookDetail>> = guard.trustHooks ?? app.trust?.projectHooks ?? [];
  return (
    <Dialog
      title={t('trust.title')}
      class="trust-dialog"
      onClose={() => app.dismissTrust()}
      actions={
        <>
          <button type="button" class="button" data-autofocus onClick={() => void app.setTrust(false)}>
            {t('trust.no')}
          </button>
          <button type="button" class="button primary" onClick={() => void app.setTrust(true)}>
            {t('trust.yes')}
          </button>
        </>
      }
    >
      <p>{t('trust.body', { name: app.projectName })}</p>
      {hooks.length > 0 && (
        <div class="trust-hooks">
          <p class="muted">{tn('trust.commands', hooks.length)}</p>
          <ul>
            {hooks.map((h) => (
              <TrustHook hook={h} />
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
