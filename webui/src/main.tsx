// Start-up: language and theme from the URL (the IDE passes `?lang=` and `?theme=`), one
// connection to the sidecar, the stores, and the page.
import { render } from 'preact';
import { connect, sidecarSocketUrl } from './connection/client.js';
import { detectLang, setLang } from './i18n/index.js';
import { viewModeOf } from './state/appStore.js';
import { createStores, StoresContext } from './state/index.js';
import { App } from './views/App.js';
import './styles/base.css';
import './styles/settings.css';
import './styles/chat.css';
import './styles/guards.css';
import './styles/why.css';

const params = new URLSearchParams(location.search);
const theme = params.get('theme');
if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;
setLang(detectLang(location.search, navigator.languages ?? [navigator.language]), false);

const mode = viewModeOf(location.search);
const stores = createStores(connect(sidecarSocketUrl(location)), mode);

render(
  <StoresContext.Provider value={stores}>
    <App />
  </StoresContext.Provider>,
  document.getElementById('app')!,
);
