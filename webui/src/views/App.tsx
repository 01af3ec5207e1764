// The page: the chat, the settings, or (in a plain browser) both with a switcher; the connection
// banner, the review of changed settings and the workspace trust prompt on top of whichever is shown.
import { useStores } from '../state/index.js';
import { t } from '../i18n/index.js';
import { ChatView } from './chat/ChatView.js';
import { ConnectionBanner } from './common/ConnectionBanner.js';
import { COMPOSER_ID, focusComposer, useComposerShortcut } from './common/keyboard.js';
import { ReviewBanner } from './common/ReviewBanner.js';
import { TopBar } from './common/TopBar.js';
import { TrustPrompt } from './common/TrustPrompt.js';
import { SettingsView } from './settings/SettingsView.js';

export function App() {
  const { app } = useStores();
  const page = app.page;
  useComposerShortcut();
  return (
    <div class={`app mode-${app.mode}`}>
      {page === 'chat' && (
        <a
          class="skip-link"
          href={`#${COMPOSER_ID}`}
          onClick={(e) => {
            if (focusComposer()) e.preventDefault();
          }}
        >
          {t('app.skipToComposer')}
        </a>
      )}
      <TopBar />
      <ConnectionBanner />
      <ReviewBanner />
      <main class="app-main" aria-label={page === 'chat' ? t('app.chat') : t('app.settings')}>
        {page === 'chat' ? <ChatView /> : <SettingsView />}
      </main>
      {app.askTrust.value && <TrustPrompt />}
    </div>
  );
}
