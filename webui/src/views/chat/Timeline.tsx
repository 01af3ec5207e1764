// The scrolling list of messages. Sticks to the bottom while new content streams in, unless the
// user scrolled up to read.
import { useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { HookRunCard } from './HookRunCard.js';
import { MessageView } from './MessageView.js';

export function Timeline() {
  const { chat, app } = useStores();
  const ref = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const messages = chat.messages;
  const pending = chat.pendingRuns.value;

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  });

  const onScroll = () => {
    const el = ref.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };

  return (
    <div class="timeline" ref={ref} onScroll={onScroll} role="log" aria-live="polite" aria-label={t('chat.title')}>
      {messages.length === 0 && chat.loaded && !chat.busy && <p class="empty-chat muted">{t('chat.empty', { name: app.projectName })}</p>}
      {messages.map((m) => (
        <MessageView key={m.id} message={m} />
      ))}
      {pending.length > 0 && (
        <div class="message meta">
          {pending.map((r) => (
            <HookRunCard key={r.id} run={r} />
          ))}
        </div>
      )}
      {chat.busy && (
        <div class="working" role="status">
          <span class="dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          {t('chat.working')}
        </div>
      )}
    </div>
  );
}
