// The workspace trust prompt (SPEC 1.4): shown when the project defines hooks and the user never
// answered for this workdir. The answer goes to the sidecar (`trust.set`), which remembers it.
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { Dialog } from './Dialog.js';

export function TrustPrompt() {
  const { app } = useStores();
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
    </Dialog>
  );
}
