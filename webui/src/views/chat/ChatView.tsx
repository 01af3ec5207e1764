// The chat: the timeline (messages, tool calls, hook run cards, user-only errors), the permission
// prompts of the running turn, and the input. Without a configured model it says so and why.
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { Icon } from '../common/icons.js';
import { Composer } from './Composer.js';
import { ConfigProblems } from './ConfigProblems.js';
import { PermissionCard } from './PermissionCard.js';
import { Timeline } from './Timeline.js';

export function ChatView() {
  const { app, chat } = useStores();
  const model = app.hello?.model;
  const noModel = model !== undefined && !model.configured;
  return (
    <div class="chat">
      {noModel && (
        <div class="banner banner-warn no-model" role="alert">
          <Icon name="warn" />
          <div>
            <strong>{t('chat.noModel.title')}</strong>
            {model.error && <div class="no-model-error">{model.error}</div>}
            <div class="muted">{t('chat.noModel.body')}</div>
          </div>
        </div>
      )}
      <ConfigProblems />
      <Timeline />
      {chat.prompts.length > 0 && (
        <div class="permission-prompts">
          {chat.prompts.map((p) => (
            <PermissionCard key={p.requestId} prompt={p} />
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
