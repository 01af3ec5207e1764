// The workspace trust prompt (docs/hooks.md, "Project hooks need a trusted workspace"): shown when
// the project defines hooks and the user never answered for this workdir, listing the commands that
// trusting lets run. The answer goes to the sidecar (`trust.set`), which remembers it.
import { t, tn } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { Dialog } from './Dialog.js';

export function TrustPrompt() {
  const { app } = useStores();
  const hooks = app.trust?.projectHooks ?? [];
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
              <li>
                <span class="event">{h.event}</span>
                {h.matcher && <span class="matcher">{h.matcher}</span>}
                <code class="command" title={h.file}>
                  {h.command}
                </code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
