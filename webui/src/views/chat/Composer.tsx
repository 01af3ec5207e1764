// The input: Enter sends (not while an IME is composing), Shift+Enter adds a line, Stop aborts the
// running turn. A prefill (new / edit hook) fills it, focuses it and selects the first `<...>`
// placeholder so the user can type over it.
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { Icon } from '../common/icons.js';
import { COMPOSER_ID } from '../common/keyboard.js';

/** The last prefill that took the focus (a remount must not select the placeholder again). */
let handledFocus = 0;

/** The textarea grows with the text (up to its CSS max-height) and takes the focus on a prefill. */
function useComposerInput(draft: string, focusRequest: number) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [draft]);
  useEffect(() => {
    const el = ref.current;
    if (!el || focusRequest === handledFocus) return;
    handledFocus = focusRequest;
    el.focus();
    const start = el.value.indexOf('<');
    const end = start >= 0 ? el.value.indexOf('>', start) : -1;
    if (start >= 0 && end > start) el.setSelectionRange(start, end + 1);
    else el.setSelectionRange(el.value.length, el.value.length);
  }, [focusRequest]);
  return ref;
}

export function Composer({ disabled }: { disabled: boolean }) {
  const { chat } = useStores();
  const draft = chat.draft;
  const ref = useComposerInput(draft, chat.focusRequest);

  const send = () => void chat.send(draft);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.keyCode !== 229) {
      e.preventDefault();
      send();
    }
  };

  return (
    <form
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        id={COMPOSER_ID}
        ref={ref}
        rows={1}
        value={draft}
        disabled={disabled}
        aria-label={t('chat.input')}
        placeholder={t('chat.placeholder')}
        onInput={(e) => chat.setDraft(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {chat.busy ? (
        <button type="button" class="button stop" onClick={() => void chat.abort()}>
          <Icon name="stop" />
          {t('chat.stop')}
        </button>
      ) : (
        <button type="submit" class="button primary send" disabled={disabled || !draft.trim()}>
          <Icon name="send" />
          {t('chat.send')}
        </button>
      )}
    </form>
  );
}
