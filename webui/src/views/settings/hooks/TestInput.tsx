// Test with your own input (docs/hooks.md, "Test with your own input"): under a Test result, the
// stdin the hook gets, editable — prefilled with the tool's sample, with presets per tool (`rm -rf
// build` for Bash, a write to `.env` for Write and Edit, …) — checked as JSON before it is sent (the
// error says the line and column), and the note that a test runs the hook for real.
import type { HookListItem, HookTestResult, TestPreset } from '../../../connection/protocol.js';
import { t, type Key } from '../../../i18n/index.js';
import { checkInput } from '../../../state/guardStore.js';
import { useStores } from '../../../state/index.js';

/** A preset's name: its words in the UI's language, with the tool it is for. */
function presetLabel(p: TestPreset): string {
  const key = `test.preset.${p.key}` as Key;
  const words = t(key) === key ? p.key : t(key);
  return p.tool ? `${p.tool}: ${words}` : words;
}

export function TestInput({ hook: h, result }: { hook: HookListItem; result: HookTestResult }) {
  const { hooks, guard } = useStores();
  const input = guard.input(h.id, result);
  const checked = checkInput(input.text);
  const id = `test-input-${h.id.replace(/[^\w-]/g, '_')}`;
  const error = checked.ok
    ? null
    : checked.notObject
      ? t('test.input.notObject')
      : checked.line !== null
        ? t('test.input.invalidAt', { line: checked.line, column: checked.column ?? 1, message: checked.message })
        : t('test.input.invalid', { message: checked.message });
  return (
    <section class="test-input" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('test.input.title')}</h4>
      <p class="test-input-note" role="note">
        {t('test.input.real')}
      </p>
      {result.presets.length > 1 && (
        <label class="test-preset">
          <span>{t('test.input.preset')}</span>
          <select value={String(input.preset)} onChange={(e) => guard.choosePreset(h.id, result, Number((e.target as HTMLSelectElement).value))}>
            {result.presets.map((p, i) => (
              <option value={String(i)}>{p.key === 'sample' ? t('test.preset.sample') : presetLabel(p)}</option>
            ))}
          </select>
        </label>
      )}
      <label class="test-stdin" for={id}>
        {t('test.input.stdin')}
      </label>
      <textarea
        id={id}
        class="test-stdin-text"
        spellcheck={false}
        rows={Math.min(14, input.text.split('\n').length + 1)}
        value={input.text}
        aria-invalid={!checked.ok}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(e) => guard.setText(h.id, (e.target as HTMLTextAreaElement).value, input.preset)}
      />
      {error && (
        <p class="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div class="test-input-actions">
        <button type="button" class="button small primary" disabled={!checked.ok} onClick={() => checked.ok && void hooks.tests.run(h, checked.value)}>
          {t('test.input.run')}
        </button>
      </div>
    </section>
  );
}
