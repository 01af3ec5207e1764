// A tool call waiting for the user's approval, said once: what it would do (the command or file, and
// for Edit and Write the change as a diff), why it asks when that is not simply the permission mode;
// deny it, allow it once, or always allow calls like it (the rule goes into the project's local
// settings, shown before it is written).
import { useState } from 'preact/hooks';
import type { PermissionPrompt } from '../../connection/protocol.js';
import { t, tn } from '../../i18n/index.js';
import { approvalDiff } from '../../state/diff.js';
import { useStores } from '../../state/index.js';
import { Icon } from '../common/icons.js';
import { gist } from './ToolCard.js';

const MARK = { same: ' ', del: '-', add: '+' } as const;

function Diff({ prompt: p }: { prompt: PermissionPrompt }) {
  const diff = approvalDiff(p.toolName, p.input, p.original);
  if (!diff) return null;
  return (
    <pre class="perm-diff" aria-label={t('perm.diff')}>
      {diff.lines.map((l) => (
        <span class={`diff-line diff-${l.kind}`}>
          <span class="diff-mark">{MARK[l.kind]}</span>
          {l.text}
          {'\n'}
        </span>
      ))}
      {diff.cut > 0 && <span class="diff-line diff-more">{tn('perm.diffMore', diff.cut)}</span>}
    </pre>
  );
}

export function PermissionCard({ prompt: p }: { prompt: PermissionPrompt }) {
  const { chat, hooks } = useStores();
  const [answering, setAnswering] = useState(false);
  const answer = (behavior: 'allow' | 'deny', always = false) => {
    setAnswering(true);
    void chat.answerPermission(p.requestId, behavior, always).finally(() => setAnswering(false));
  };
  // The mode's own reason ("Bash needs approval") only repeats the title.
  const reason = p.reason && p.reason !== `${p.toolName} needs approval` ? p.reason : null;
  return (
    <section class="permission-card" role="alertdialog" aria-label={t('perm.title', { tool: p.toolName })} data-request-id={p.requestId}>
      <header>
        <Icon name="shield" />
        <strong>{t('perm.title', { tool: p.toolName })}</strong>
      </header>
      <code class="perm-gist">{gist(p.input)}</code>
      <Diff prompt={p} />
      {reason && <p class="muted perm-reason">{reason}</p>}
      {p.rule && <p class="muted perm-rule">{t('perm.alwaysWhat', { rule: p.rule, file: hooks.list.shown(p.ruleFile) })}</p>}
      <div class="perm-actions">
        <button type="button" class="button" disabled={answering} onClick={() => answer('deny')}>
          {t('perm.deny')}
        </button>
        {p.rule && (
          <button type="button" class="button" disabled={answering} title={p.rule} onClick={() => answer('allow', true)}>
            {t('perm.always')}
          </button>
        )}
        <button type="button" class="button primary" disabled={answering} onClick={() => answer('allow')}>
          {t('perm.allow')}
        </button>
      </div>
    </section>
  );
}
