// The scrolling list of messages (laid out by state/timeline.ts: hook runs in causal order, no-op
// runs folded, live cards). Sticks to the bottom while new content streams in, unless the user
// scrolled up to read.
import { Fragment } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { MessageView } from './MessageView.js';
import { RunItems } from './RunItems.js';
import { turnSummaries } from '../../state/turnSummary.js';
import { TurnLine } from './TurnLine.js';

export function Timeline() {
  const { chat, app } = useStores();
  const ref = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const messages = chat.messages;
  const timeline = chat.timeline.value;
  const turns = turnSummaries(messages, chat.busy);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  });

  // Open conversation (the Runs view): the run's card, opened with the folds around it, in view.
  const focus = chat.focusRun;
  useLayoutEffect(() => {
    const card = focus ? ref.current?.querySelector<HTMLDetailsElement>(`[data-run-id="${CSS.escape(focus)}"]`) : null;
    if (!card) return;
    for (let d: HTMLElement | null = card; d; d = d.parentElement?.closest('details') ?? null) if (d instanceof HTMLDetailsElement) d.open = true;
    stick.current = false;
    card.scrollIntoView({ block: 'center' });
    card.classList.add('is-focused');
    chat.runFocused();
  }, [focus, messages]);

  const onScroll = () => {
    const el = ref.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };

  return (
    <div class="timeline" ref={ref} onScroll={onScroll} role="log" aria-live="polite" aria-label={t('chat.title')}>
      {messages.length === 0 && chat.loaded && !chat.busy && <p class="empty-chat muted">{t('chat.empty', { name: app.projectName })}</p>}
      {timeline.messages.map((m) => {
        const turn = turns.get(m.message.id);
        return (
          <Fragment key={m.message.id}>
            <MessageView layout={m} />
            {turn && <TurnLine summary={turn} />}
          </Fragment>
        );
      })}
      {timeline.trailing.length > 0 && (
        <div class="message meta">
          <RunItems items={timeline.trailing} />
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
