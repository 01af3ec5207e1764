// The delete confirmation: names the hook and its configuration file. Cancel, the close button,
// Escape and a click outside change nothing; Confirm deletes through the sidecar (no AI).
import { t } from '../../../i18n/index.js';
import { useStores } from '../../../state/index.js';
import { Dialog } from '../../common/Dialog.js';
import { sourceBadge } from './HookRow.js';

export function DeleteDialog() {
  const { deletes } = useStores().hooks;
  const p = deletes.pending;
  if (!p) return null;
  const h = p.hook;
  const busy = deletes.deleting;
  return (
    <Dialog
      title={t('delete.title')}
      role="alertdialog"
      class="delete-dialog"
      onClose={() => deletes.cancel()}
      actions={
        <>
          <button type="button" class="button" data-autofocus disabled={busy} onClick={() => deletes.cancel()}>
            {t('common.cancel')}
          </button>
          <button type="button" class="button danger" disabled={busy} onClick={() => void deletes.confirm()}>
            {busy ? t('delete.working') : t('delete.confirm')}
          </button>
        </>
      }
    >
      <p>{t('delete.body')}</p>
      <dl class="delete-facts">
        <dt>{t('delete.hook')}</dt>
        <dd class="delete-hook">
          <strong>{h.description}</strong>
          <span class="event">{h.event}</span>
          {h.matcher && <span class="matcher">{h.matcher}</span>}
          {sourceBadge(h.source)}
          <code class="command">{h.command}</code>
        </dd>
        <dt>{t('delete.file')}</dt>
        <dd>
          <code class="delete-file">{h.file}</code>
        </dd>
      </dl>
    </Dialog>
  );
}
