// The page as a whole: which view the page shows (`?view=chat|settings`, or both with a switcher
// in a plain browser), the connection, who the server is (`hello`) and the workspace trust.
import { batch, computed, signal, type Signal } from '@preact/signals';
import type { ConnectionStatus, SidecarClient } from '../connection/client.js';
import type { Hello, ModelState, TrustInfo } from '../connection/protocol.js';
import { displayPath } from './paths.js';
import { attempt } from './attempt.js';

/** `chat` / `settings`: one JCEF browser of the IDE each. `browser`: both, with a switcher. */
export type ViewMode = 'chat' | 'settings' | 'browser';
export type Page = 'chat' | 'settings';
/** The sections of the settings page. */
export type SettingsSection = 'hooks' | 'runs' | 'mcp' | 'model';
export const SETTINGS_SECTIONS: readonly SettingsSection[] = ['hooks', 'runs', 'mcp', 'model'];
/** Where the page counts as narrow (the same width as the CSS's). */
export const NARROW_QUERY = '(max-width: 640px)';

export function viewModeOf(search: string): ViewMode {
  const v = new URLSearchParams(search).get('view');
  return v === 'chat' || v === 'settings' ? v : 'browser';
}

export class AppStore {
  readonly #status = signal<ConnectionStatus>('connecting');
  readonly #hello = signal<Hello | null>(null);
  readonly #helloError = signal<string | null>(null);
  readonly #trust = signal<TrustInfo | null>(null);
  readonly #trustDismissed = signal(false);
  readonly #model = signal<ModelState | null>(null);
  readonly #section = signal<SettingsSection>('hooks');
  /** A narrow window (a side panel): row actions go into a menu. */
  readonly #narrow = signal(false);
  readonly #disposeNarrow: () => void = () => undefined;
  readonly #page: Signal<Page>;

  constructor(
    private readonly client: SidecarClient,
    readonly mode: ViewMode,
  ) {
    this.#page = signal<Page>(mode === 'settings' ? 'settings' : 'chat');
    client.on('trust.changed', (info) => (this.#trust.value = info));
    client.on('hooks.changed', (listing) => (this.#trust.value = listing.trust));
    client.on('model.changed', (model) => (this.#model.value = model));
    if (typeof matchMedia === 'function') {
      const query = matchMedia(NARROW_QUERY);
      const update = () => (this.#narrow.value = query.matches);
      update();
      query.addEventListener('change', update);
      this.#disposeNarrow = () => query.removeEventListener('change', update);
    }
  }

  dispose(): void {
    this.#disposeNarrow();
  }

  get narrow(): boolean {
    return this.#narrow.value;
  }

  /** The chat's model and whether its endpoint answers. */
  get model(): ModelState | null {
    return this.#model.value;
  }
  get section(): SettingsSection {
    return this.#section.value;
  }

  /** Shows a section of the settings page (in a plain browser, the page switches to the settings). */
  openSettings(section: SettingsSection): void {
    batch(() => {
      this.#section.value = section;
      this.showPage('settings');
    });
  }

  get status(): ConnectionStatus {
    return this.#status.value;
  }
  get hello(): Hello | null {
    return this.#hello.value;
  }
  get helloError(): string | null {
    return this.#helloError.value;
  }
  get trust(): TrustInfo | null {
    return this.#trust.value;
  }
  /** The page on screen (always the mode's own page outside browser mode). */
  get page(): Page {
    return this.#page.value;
  }
  get projectName(): string {
    return this.#hello.value?.projectName ?? '';
  }
  /** What the page shows of a path (`~/…`, `<project>/…`); the full path goes in its title. */
  shown(path: string): string {
    return displayPath(path, this.#hello.value);
  }

  /** Ask about trust: project hooks exist and the user never answered for this workdir. */
  readonly askTrust = computed(() => {
    const t = this.#trust.value;
    return !!t && t.state === 'unknown' && t.projectHasHooks && !this.#trustDismissed.value;
  });

  setStatus(status: ConnectionStatus): void {
    this.#status.value = status;
  }

  async load(): Promise<void> {
    await attempt(this.#helloError, async () => {
      const hello = await this.client.request('hello', { view: this.mode });
      batch(() => {
        this.#hello.value = hello;
        this.#trust.value = hello.trust;
        this.#model.value = hello.model;
        this.#helloError.value = null;
      });
    });
  }

  /** Shows a page; only a plain browser page switches itself (the IDE switches its tool windows). */
  showPage(page: Page): void {
    if (this.mode === 'browser') this.#page.value = page;
  }

  async setTrust(trusted: boolean): Promise<void> {
    this.#trustDismissed.value = true;
    this.#trust.value = await this.client.request('trust.set', { trusted });
  }

  /** Closes the trust prompt without an answer (asked again on the next start). */
  dismissTrust(): void {
    this.#trustDismissed.value = true;
  }
}
