// Tells the user when the page is not (yet, or no longer) connected to the sidecar.
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';

export function ConnectionBanner() {
  const { app } = useStores();
  if (app.status === 'open') return null;
  return (
    <div class={`banner ${app.status === 'closed' ? 'banner-error' : 'banner-info'}`} role="status">
      {app.status === 'closed' ? t('conn.closed') : t('conn.connecting')}
    </div>
  );
}
