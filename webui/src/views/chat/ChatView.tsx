// The chat: the timeline (messages, tool calls, hook run cards, user-only errors), the permission
// prompts of the running turn, and the input. Without a configured model it says so, why, and how
// to set one (the Model section, which applies at once, or the WAVE_* variables).
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { probeWords } from '../../state/runWords.js';
import { Icon } from '../common/icons.js';
import { Composer } from './Composer.js';
import { ConfigProblems } from './ConfigProblems.js';
import { ElicitationCard } from './ElicitationCard.js';
import { PermissionCard } from './PermissionCard.js';
import { Timeline } from './Timeline.js';

function NoModel() {
  const { app } = useStores();
  const model = app.model;
  if (!model) return null;
  if (model.configured && model.status !== 'error') return null;
  const browser = app.mode === 'browser';
  return (
    <div class="banner banner-warn no-model" role="alert">
      <Icon name="warn" />
      <div>
        <strong>{model.configured ? t('chat.badModel.title', { name: model.name ?? '' }) : t('chat.noModel.title')}</strong>
        <div class="no-model-error">
          {model.configured && model.probe ? probeWords(model.probe, model.name ?? '') : model.missing ? t('chat.noModel.missing') : model.error}
        </div>
        <div class="muted">{t(browser ? 'chat.noModel.body' : 'chat.noModel.bodyIde')}</div>
        {browser && (
          <button type="button" class="button small" onClick={() => app.openSettings('model')}>
            {t('chat.noModel.open')}
          </button>
        )}
      </div>
    </div>
  );
}

export function ChatView() {
  const { app, chat } = useStores();
  const noModel = app.model !== null && !app.model.configured;
  return (
    <div class="chat">
      <NoModel />
      <ConfigProblems />
      <Timeline />
      {chat.prompts.length + chat.elicitations.length > 0 && (
        <div class="permission-prompts">
          {chat.prompts.map((p) => (
            <PermissionCard key={p.requestId} prompt={p} />
          ))}
          {chat.elicitations.map((r) => (
            <ElicitationCard key={r.requestId} request={r} />
          ))}
        </div>
      )}
      {chat.error && (
        <div class="banner banner-error" role="alert">
          {t('chat.sendFailed', { message: chat.error })}
        </div>
      )}
      <Composer disabled={noModel} />
    </div>
  );
}
