// The Hooks settings section: source tabs (user / project / plugin), the list of the tab on screen
// (flat: the project tab shows the current workdir's hooks, project and local files together),
// file errors instead of an empty list (with the rows a file had when last read, greyed), the delete confirmation, and above the tabs the Claude Code
// hooks Wave does not run, with their import.
import { t } from '../../../i18n/index.js';
import { useStores } from '../../../state/index.js';
import { Icon } from '../../common/icons.js';
import { ClaudeImport } from './ClaudeImport.js';
import { Coverage } from './Coverage.js';
import { DeleteDialog } from './DeleteDialog.js';
import { FileProblems } from './FileProblems.js';
import { HeldRows } from './HeldRows.js';
import { HookList } from './HookList.js';
import { SourceTabs } from './SourceTabs.js';

/** The workspace trust decision, which the user can change here at any time. */
function TrustSwitch({ trusted }: { trusted: boolean }) {
  const { app } = useStores();
  return (
    <div class="trust-row">
      <span id="trust-label">{t('trust.switch')}</span>
      <button type="button" role="switch" class="switch" aria-checked={trusted} aria-labelledby="trust-label" onClick={() => void app.setTrust(!trusted)}>
        <span class="switch-knob" aria-hidden="true" />
      </button>
      <span class="muted trust-state">{t(trusted ? 'trust.state.trusted' : 'trust.state.untrusted')}</span>
    </div>
  );
}

/** Above the list: the last notice, and on the project tab the trust state with its switch (the page's one trust control). */
function PanelBanners() {
  const { hooks, app } = useStores();
  const notice = hooks.notice.current;
  const trust = hooks.list.listing?.trust ?? app.trust;
  const projectTab = hooks.list.tab === 'project' && trust;
  return (
    <>
      {notice && (
        <div class={`banner banner-${notice.kind} notice`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          <span class="notice-text">
            {notice.text}
            {notice.lines && (
              <ul class="notice-lines">
                {notice.lines.map((l) => (
                  <li>
                    <code>{l}</code>
                  </li>
                ))}
              </ul>
            )}
          </span>
          <span class="notice-actions">
            {notice.undo && (
              <button type="button" class="link-button undo" onClick={() => void hooks.deletes.undo(notice.undo!)}>
                {t('hooks.undo')}
              </button>
            )}
            <button type="button" class="link-button" onClick={() => hooks.notice.dismiss()}>
              {t('common.dismiss')}
            </button>
          </span>
        </div>
      )}
      {projectTab && <TrustSwitch trusted={trust.state === 'trusted'} />}
      {projectTab && trust.state !== 'trusted' && trust.projectHasHooks && (
        <div class="banner banner-warn" role="note">
          <span>{t('hooks.untrusted')}</span>
        </div>
      )}
    </>
  );
}

/** The list of the tab on screen, or why there is none yet. */
function PanelBody() {
  const { list } = useStores().hooks;
  if (list.loadError && !list.listing) {
    return (
      <div class="banner banner-error" role="alert">
        {t('hooks.loadFailed', { message: list.loadError })}
      </div>
    );
  }
  if (!list.listing) return <p class="muted loading">{t('hooks.loading')}</p>;
  return (
    <>
      <FileProblems />
      <HeldRows />
      <HookList />
    </>
  );
}

export function HooksSection() {
  const { hooks } = useStores();
  const tab = hooks.list.tab;
  return (
    <div class="hooks">
      <header class="section-head">
        <div>
          <h2>{t('hooks.title')}</h2>
          <p class="muted">{t('hooks.intro')}</p>
        </div>
      </header>
      <ClaudeImport />
      <Coverage />
      <div class="hooks-toolbar">
        <SourceTabs />
        {tab !== 'plugin' && (
          <button type="button" class="button primary new-hook" onClick={() => void hooks.authoring.createHook()}>
            <Icon name="plus" />
            {tab === 'user' ? t('hooks.new.user') : t('hooks.new.project')}
          </button>
        )}
      </div>
      <div class="hooks-panel" role="tabpanel" id={`hooks-panel-${tab}`} aria-labelledby={`hooks-tab-${tab}`} tabIndex={-1} data-focus-fallback>
        <PanelBanners />
        <PanelBody />
      </div>
      {hooks.deletes.pending && <DeleteDialog />}
    </div>
  );
}
