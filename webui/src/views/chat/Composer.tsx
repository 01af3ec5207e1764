// The input: Enter sends (not while an IME is composing), Shift+Enter adds a line, Stop aborts the
// running turn. A prefill (new / edit hook) fills it — above the user's draft, which is kept —
// focuses it and selects the first `<...>` placeholder (else the prefill) so the user can type over it.
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { Icon } from '../common/icons.js';
import { COMPOSER_ID } from '../common/keyboard.js';

/** The last prefill that took the focus (a remount must not select the placeholder again). */
let handledFocus = 0;

/** The textarea grows with the text (up to its CSS max-height) and takes the focus on a prefill. */
function useComposerInput(draft: string, focusRequest: number, selection: readonly [number, number]) {
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
    el.setSelectionRange(selection[0], selection[1]);
  }, [focusRequest]);
  return ref;
}

export function Composer({ disabled }: { disabled: boolean }) {
  const { chat } = useStores();
  const draft = chat.draft;
  const ref = useComposerInput(draft, chat.focusRequest, chat.selection);

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
