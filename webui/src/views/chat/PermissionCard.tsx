// A tool call waiting for the user's approval: what it would do and why it asks; allow it once or
// deny it.
import { useState } from 'preact/hooks';
import type { PermissionPrompt } from '../../host/protocol.js';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { Icon } from '../common/icons.js';
import { gist } from './ToolCard.js';

function preview(input: Record<string, unknown>): string | null {
  const body = input['content'] ?? input['new_string'];
  if (typeof body !== 'string') return null;
  const lines = body.split('\n');
  return lines.length > 12 ? `${lines.slice(0, 12).join('\n')}\n…` : body;
}

export function PermissionCard({ prompt: p }: { prompt: PermissionPrompt }) {
  const { chat } = useStores();
  const [answering, setAnswering] = useState(false);
  const answer = (behavior: 'allow' | 'deny') => {
    setAnswering(true);
    void chat.answerPermission(p.requestId, behavior);
  };
  const body = preview(p.input);
  return (
    <section class="permission-card" role="alertdialog" aria-label={t('perm.title', { tool: p.toolName })} data-request-id={p.requestId}>
      <header>
        <Icon name="shield" />
        <strong>{t('perm.title', { tool: p.toolName })}</strong>
      </header>
      <code class="perm-gist">{gist(p.input)}</code>
      {body !== null && <pre class="perm-preview">{body}</pre>}
      {p.reason && <p class="muted perm-reason">{p.reason}</p>}
      <div class="perm-actions">
        <button type="button" class="button" disabled={answering} onClick={() => answer('deny')}>
          {t('perm.deny')}
        </button>
        <button type="button" class="button primary" disabled={answering} onClick={() => answer('allow')}>
          {t('perm.allow')}
        </button>
      </div>
    </section>
  );
}
