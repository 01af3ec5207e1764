// The source tabs: 用户级钩子 / 项目级钩子 / 插件钩子, with the number of hooks of each. Arrow keys
// move between tabs (WAI-ARIA tabs pattern).
import { t, type Key } from '../../../i18n/index.js';
import { HOOK_TABS, type HookTab } from '../../../state/hooksStore.js';
import { useStores } from '../../../state/index.js';

const LABEL: Record<HookTab, Key> = { user: 'hooks.tab.user', project: 'hooks.tab.project', plugin: 'hooks.tab.plugin' };

export function SourceTabs() {
  const { hooks } = useStores();
  const counts = hooks.list.byTab.value;
  const loaded = hooks.list.listing !== null;

  const onKeyDown = (e: KeyboardEvent) => {
    const i = HOOK_TABS.indexOf(hooks.list.tab);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? HOOK_TABS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const tab = HOOK_TABS[(next + HOOK_TABS.length) % HOOK_TABS.length]!;
    hooks.list.selectTab(tab);
    document.getElementById(`hooks-tab-${tab}`)?.focus();
  };

  return (
    <div class="source-tabs" role="tablist" aria-label={t('hooks.sources')} onKeyDown={onKeyDown}>
      {HOOK_TABS.map((tab) => {
        const selected = hooks.list.tab === tab;
        return (
          <button
            type="button"
            role="tab"
            id={`hooks-tab-${tab}`}
            data-tab={tab}
            aria-selected={selected}
            aria-controls={`hooks-panel-${tab}`}
            tabIndex={selected ? 0 : -1}
            class={selected ? 'active' : ''}
            onClick={() => hooks.list.selectTab(tab)}
          >
            {t(LABEL[tab])}
            {loaded && <span class="count">{counts[tab].length}</span>}
          </button>
        );
      })}
    </div>
  );
}
