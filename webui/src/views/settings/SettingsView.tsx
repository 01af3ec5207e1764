// The settings shell: a list of sections on the left and the selected section on the right. Hooks
// is the first (and for now only) section; skills, subagents and MCP servers slot in as entries of
// SECTIONS without touching the shell.
import type { FunctionComponent } from 'preact';
import { useState } from 'preact/hooks';
import { t, type Key } from '../../i18n/index.js';
import { Icon, type IconName } from '../common/icons.js';
import { HooksSection } from './hooks/HooksSection.js';

interface Section {
  id: string;
  label: Key;
  icon: IconName;
  view: FunctionComponent;
}

const SECTIONS: readonly Section[] = [{ id: 'hooks', label: 'settings.tab.hooks', icon: 'hook', view: HooksSection }];

export function SettingsView() {
  const [current, setCurrent] = useState(SECTIONS[0]!.id);
  const section = SECTIONS.find((s) => s.id === current) ?? SECTIONS[0]!;
  const View = section.view;
  return (
    <div class="settings">
      <nav class="settings-nav" aria-label={t('settings.sections')}>
        <ul role="tablist" aria-orientation="vertical">
          {SECTIONS.map((s) => (
            <li role="presentation">
              <button
                type="button"
                role="tab"
                id={`settings-tab-${s.id}`}
                aria-selected={s.id === current}
                aria-controls={`settings-panel-${s.id}`}
                class={s.id === current ? 'active' : ''}
                onClick={() => setCurrent(s.id)}
              >
                <Icon name={s.icon} />
                {t(s.label)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section class="settings-panel" role="tabpanel" id={`settings-panel-${section.id}`} aria-labelledby={`settings-tab-${section.id}`}>
        <View />
      </section>
    </div>
  );
}
