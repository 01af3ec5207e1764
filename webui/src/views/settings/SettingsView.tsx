// The settings shell: a list of sections on the left (on top in a narrow window) and the selected
// section: Hooks, the Runs of the run history, and the Model. Skills, subagents and MCP servers
// slot in as entries of SECTIONS without touching the shell. Arrow keys move between sections.
import type { FunctionComponent } from 'preact';
import { t, type Key } from '../../i18n/index.js';
import { SETTINGS_SECTIONS, type SettingsSection } from '../../state/appStore.js';
import { useStores } from '../../state/index.js';
import { Icon, type IconName } from '../common/icons.js';
import { HooksSection } from './hooks/HooksSection.js';
import { McpSection } from './McpSection.js';
import { ModelSection } from './ModelSection.js';
import { RunsSection } from './RunsSection.js';

interface Section {
  label: Key;
  icon: IconName;
  view: FunctionComponent;
}

const SECTIONS: Record<SettingsSection, Section> = {
  hooks: { label: 'settings.tab.hooks', icon: 'hook', view: HooksSection },
  runs: { label: 'settings.tab.runs', icon: 'list', view: RunsSection },
  mcp: { label: 'settings.tab.mcp', icon: 'tool', view: McpSection },
  model: { label: 'settings.tab.model', icon: 'chip', view: ModelSection },
};

export function SettingsView() {
  const { app } = useStores();
  const current = app.section;
  const View = SECTIONS[current].view;
  const onKeyDown = (e: KeyboardEvent) => {
    const i = SETTINGS_SECTIONS.indexOf(current);
    const step = e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = SETTINGS_SECTIONS[(i + step + SETTINGS_SECTIONS.length) % SETTINGS_SECTIONS.length]!;
    app.openSettings(next);
    document.getElementById(`settings-tab-${next}`)?.focus();
  };
  return (
    <div class="settings">
      <nav class="settings-nav" aria-label={t('settings.sections')}>
        <ul role="tablist" aria-orientation="vertical" onKeyDown={onKeyDown}>
          {SETTINGS_SECTIONS.map((id) => (
            <li role="presentation">
              <button
                type="button"
                role="tab"
                id={`settings-tab-${id}`}
                aria-selected={id === current}
                aria-controls={`settings-panel-${id}`}
                tabIndex={id === current ? 0 : -1}
                class={id === current ? 'active' : ''}
                onClick={() => app.openSettings(id)}
              >
                <Icon name={SECTIONS[id].icon} />
                {t(SECTIONS[id].label)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section class="settings-panel" role="tabpanel" id={`settings-panel-${current}`} aria-labelledby={`settings-tab-${current}`}>
        <View />
      </section>
    </div>
  );
}
