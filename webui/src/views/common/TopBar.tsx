// The slim bar on top: the product and project name, the view switcher (plain browser only) and
// the language switch.
import { LANGS, lang, setLang, t, type Lang } from '../../i18n/index.js';
import type { Page } from '../../state/appStore.js';
import { useStores } from '../../state/index.js';
import { probeWords } from '../../state/runWords.js';

const PAGES: readonly Page[] = ['chat', 'settings'];

/** The product, the project and the conversation's title (a hook's `sessionTitle`, when one gave it). */
function Brand() {
  const { app, chat } = useStores();
  const hello = app.hello;
  return (
    <div class="brand">
      <span class="logo" aria-hidden="true">
        ≈
      </span>
      <span class="brand-name">{t('app.name')}</span>
      {hello && (
        <span class="project-name" title={hello.workdir}>
          {hello.projectName}
        </span>
      )}
      {chat.title && (
        <span class="session-title" title={chat.title}>
          {chat.title}
        </span>
      )}
    </div>
  );
}

export function TopBar() {
  const { app } = useStores();
  const model = app.model;
  return (
    <header class="topbar">
      <Brand />
      {app.mode === 'browser' ? (
        <nav class="switcher" role="tablist" aria-label={t('app.views')}>
          {PAGES.map((p) => (
            <button
              type="button"
              role="tab"
              id={`page-tab-${p}`}
              aria-selected={app.page === p}
              class={app.page === p ? 'active' : ''}
              onClick={() => app.showPage(p)}
            >
              {p === 'chat' ? t('app.chat') : t('app.settings')}
            </button>
          ))}
        </nav>
      ) : (
        <h1 class="topbar-title">{app.mode === 'chat' ? t('chat.title') : t('settings.title')}</h1>
      )}
      <div class="topbar-end">
        {model?.configured && model.name && (
          <span
            class={`model-name status-${model.status}`}
            data-status={model.status}
            title={`${model.provider ?? ''} ${model.name}${model.baseURL ? ` · ${model.baseURL}` : ''}${model.probe ? `\n${probeWords(model.probe, model.name)}` : ''}`}
          >
            <span class="status-dot" aria-hidden="true" />
            <span class="model-label">{model.name}</span>
            <span class="visually-hidden">{t(`model.chip.${model.status}`)}</span>
          </span>
        )}
        <label class="lang-switch">
          <span class="visually-hidden">{t('app.language')}</span>
          <select value={lang.value} onChange={(e) => setLang(e.currentTarget.value as Lang)} aria-label={t('app.language')}>
            {LANGS.map((l) => (
              <option value={l.id}>{l.label}</option>
            ))}
          </select>
        </label>
      </div>
    </header>
  );
}
