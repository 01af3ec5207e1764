// The Model section (README, "Settings keys"): the model the chat uses and whether its endpoint
// answers; a form writing provider, base URL, model and API key into the user settings file
// (~/.wave/settings.json, format kept), applied at once; Test connection makes a real request to the
// form's endpoint. WAVE_* variables, when set, win over the file, and the page says so.
import type { ModelState } from '../../host/protocol.js';
import { t } from '../../i18n/index.js';
import { useStores } from '../../state/index.js';
import { probeWords } from '../../state/runWords.js';

function Status({ state }: { state: ModelState }) {
  const text =
    state.status === 'none'
      ? state.missing
        ? `${t('chat.noModel.title')}. ${t('chat.noModel.missing')}`
        : t('model.status.none', { error: state.error ?? '' })
      : state.status === 'checking'
        ? t('model.status.checking')
        : state.status === 'unchecked'
          ? t('model.status.unchecked', { name: state.name ?? '' })
          : `${t(state.status === 'ok' ? 'model.status.ok' : 'model.status.error')}: ${state.probe ? probeWords(state.probe, state.name ?? '') : ''}`;
  return (
    <p class={`model-status status-${state.status}`} role="status" data-status={state.status} title={state.statusMessage ?? undefined}>
      <span class="status-dot" aria-hidden="true" />
      {text}
    </p>
  );
}

/** Provider, base URL, model and key; Save writes them, Test connection tries them first. */
function ModelForm() {
  const { model } = useStores();
  const f = model.form;
  const saved = model.state?.saved.apiKeySet ?? false;
  const onSubmit = (e: Event) => {
    e.preventDefault();
    void model.save();
  };
  return (
    <form class="model-form" onSubmit={onSubmit}>
      <label>
        <span>{t('model.provider')}</span>
        <select value={f.provider} onChange={(e) => model.edit({ provider: e.currentTarget.value === 'anthropic' ? 'anthropic' : 'openai' })}>
          <option value="openai">{t('model.provider.openai')}</option>
          <option value="anthropic">{t('model.provider.anthropic')}</option>
        </select>
      </label>
      <label>
        <span>{t('model.baseURL')}</span>
        <input
          type="url"
          value={f.baseURL}
          placeholder={f.provider === 'anthropic' ? 'https://api.anthropic.com' : 'http://127.0.0.1:8000/v1'}
          onInput={(e) => model.edit({ baseURL: e.currentTarget.value })}
        />
      </label>
      <label>
        <span>{t('model.model')}</span>
        <input type="text" value={f.model} required onInput={(e) => model.edit({ model: e.currentTarget.value })} />
      </label>
      <label>
        <span>{t('model.apiKey')}</span>
        <input
          type="password"
          value={f.apiKey}
          autoComplete="off"
          placeholder={saved ? t('model.apiKey.kept') : ''}
          onInput={(e) => model.edit({ apiKey: e.currentTarget.value })}
        />
      </label>
      <div class="model-actions">
        <button type="button" class="button" disabled={model.busy !== null || !f.model.trim()} onClick={() => void model.test()}>
          {model.busy === 'test' ? t('model.testing') : t('model.test')}
        </button>
        <button type="submit" class="button primary" disabled={model.busy !== null || !f.model.trim()}>
          {model.busy === 'save' ? t('model.saving') : t('model.save')}
        </button>
      </div>
    </form>
  );
}

export function ModelSection() {
  const { model, app } = useStores();
  const state = model.state;
  const probe = model.probe;
  if (!state) return <p class="muted loading section">{t('hooks.loading')}</p>;
  return (
    <div class="model-section section">
      <header class="section-head">
        <h2>{t('model.title')}</h2>
        <p class="muted" title={state.file}>
          {t('model.intro', { file: app.shown(state.file) })}
        </p>
      </header>
      <Status state={state} />
      {state.overriddenBy.length > 0 && (
        <div class="banner banner-warn" role="note">
          {t('model.overridden', { vars: state.overriddenBy.map((v) => app.shown(v)).join(', ') })}
        </div>
      )}
      <ModelForm />
      {probe && (
        <p class={`model-probe ${probe.ok ? 'probe-ok' : 'probe-error'}`} role="status" data-ok={probe.ok}>
          {t(probe.ok ? 'model.probe.ok' : 'model.probe.error')}: {probeWords(probe, model.form.model)}
        </p>
      )}
      {model.saved && !model.error && (
        <p class="banner banner-success" role="status">
          {t('model.saved')}
        </p>
      )}
      {model.error && (
        <div class="banner banner-error" role="alert">
          {model.error}
        </div>
      )}
    </div>
  );
}
