// The slim bar on top: the product and project name, the view switcher (plain browser only) and
// the language switch.
import { LANGS, lang, setLang, t, type Lang } from '../../i18n/index.js';
import type { Page } from '../../state/appStore.js';
import { useStores } from '../../state/index.js';

const PAGES: readonly Page[] = ['chat', 'settings'];

export function TopBar() {
  const { app } = useStores();
  const hello = app.hello;
  return (
    <header class="topbar">
      <div class="brand">
        <span class="logo" aria-hidden="true">
          ≈
        </span>
        <span class="brand-name">{t('app.name')}</span>
        {hello && <span class="project-name">{hello.projectName}</span>}
      </div>
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
        {hello?.model.configured && hello.model.name && (
          <span class="model-name" title={`${hello.model.provider ?? ''} ${hello.model.name}`}>
            {hello.model.name}
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
