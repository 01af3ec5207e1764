// One message of the timeline, block by block: text (the user's, the assistant's, or context a hook
// added), tool calls, user-only error notices, hook run cards and compaction markers.
import type { Block, Message } from '../../host/protocol.js';
import { t } from '../../i18n/index.js';
import { Icon } from '../common/icons.js';
import { HookRunCard } from './HookRunCard.js';
import { RichText } from './RichText.js';
import { ToolCard } from './ToolCard.js';

function BlockView({ block: b, role }: { block: Block; role: Message['role'] }) {
  switch (b.type) {
    case 'text':
      if (b.source === 'hook') {
        return (
          <div class="hook-text">
            <div class="hook-text-label">
              <Icon name="bolt" />
              {t('chat.hookContext', { event: b.hookEvent ?? '' })}
            </div>
            <RichText text={b.content} />
          </div>
        );
      }
      return role === 'user' ? (
        <div class="user-text">
          <RichText text={b.content} />
        </div>
      ) : (
        <div class="assistant-text">
          <RichText text={b.content} />
        </div>
      );
    case 'tool':
      return <ToolCard block={b} />;
    case 'error':
      return (
        <div class="error-block" role="note">
          <Icon name="warn" />
          <div>
            <RichText text={b.content} />
            <div class="user-only">{t('chat.userOnly')}</div>
          </div>
        </div>
      );
    case 'hook_run':
      return <HookRunCard run={b.run} />;
    case 'compact':
      return (
        <details class="compact-marker">
          <summary>{t('chat.compact', { trigger: b.trigger })}</summary>
          <RichText text={b.summary} />
        </details>
      );
  }
}

export function MessageView({ message: m }: { message: Message }) {
  const typed = m.role === 'user' && !m.isMeta && m.blocks.some((b) => b.type === 'text' && b.source !== 'hook');
  return (
    <article class={`message ${m.role}${m.isMeta ? ' meta' : ''}`} data-message-id={m.id} data-role={m.role}>
      {typed && <div class="message-author">{t('chat.you')}</div>}
      {m.blocks.map((b, i) => (
        <BlockView key={b.type === 'tool' ? b.id : b.type === 'hook_run' ? b.run.id : i} block={b} role={m.role} />
      ))}
    </article>
  );
}
