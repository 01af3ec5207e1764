// The Hooks tab's listing (docs/hooks.md, "The settings page"): what the sidecar pushes (every hook,
// its files and their problems, the Claude Code files Wave does not run), the source tab on screen,
// and each hook's figures from the run history. The other sections of the tab read it and hand it
// the listing a verb got back.
import { batch, computed, signal } from '@preact/signals';
import type { SidecarClient } from '../../connection/client.js';
import type { ClaudeHooksFile, HookFigures, HookListItem, HooksListing, SettingsFileState } from '../../connection/protocol.js';
import type { AppStore } from '../appStore.js';
import { attempt } from '../attempt.js';
import { heldRows, lastRead, type LastRead } from '../heldRows.js';
import { displayPath } from '../paths.js';

export type HookTab = 'user' | 'project' | 'plugin';
export const HOOK_TABS: readonly HookTab[] = ['user', 'project', 'plugin'];

type Source = HookListItem['source'];
const TAB_SOURCES: Record<HookTab, readonly Source[]> = {
  user: ['user'],
  project: ['project', 'projectLocal'],
  plugin: ['plugin'],
};

export function tabOf(source: Source): HookTab {
  return source === 'plugin' ? 'plugin' : source === 'user' ? 'user' : 'project';
}

/** User Timing names around the render of a listing (read by the performance test, shown in devtools). */
export const HOOKS_DATA_MARK = 'wave:hooks-data';
export const HOOKS_RENDER_MEASURE = 'wave:hooks-render';
export const HOOKS_PAINT_MEASURE = 'wave:hooks-paint';

export class HookListing {
  readonly #tab = signal<HookTab>('user');
  readonly #listing = signal<HooksListing | null>(null);
  /** Each file's hooks as last read (heldRows.ts). */
  readonly #lastRead = signal<LastRead>(new Map());
  readonly #loadError = signal<string | null>(null);
  readonly #stats = signal<Record<string, HookFigures>>({});
  readonly #dispose: (() => void)[];

  constructor(
    private readonly client: SidecarClient,
    private readonly app: AppStore,
  ) {
    this.#dispose = [client.on('hooks.changed', (listing) => this.receive(listing)), client.on('hooks.stats', ({ hooks }) => (this.#stats.value = hooks))];
  }

  /** Stops following the sidecar's pushes. */
  dispose(): void {
    for (const off of this.#dispose.splice(0)) off();
  }

  get tab(): HookTab {
    return this.#tab.value;
  }
  get listing(): HooksListing | null {
    return this.#listing.value;
  }
  get loadError(): string | null {
    return this.#loadError.value;
  }
  /** Every hook's figures (read once per render of the list). */
  get stats(): Readonly<Record<string, HookFigures>> {
    return this.#stats.value;
  }
  /** A hook's figures from the run history (none: it never ran). */
  figures(id: string): HookFigures | undefined {
    return this.#stats.value[id];
  }
  /** What the page shows of a path (`~/…`, `<project>/…`); the full path goes in its title. */
  shown(path: string): string {
    return displayPath(path, this.#listing.value ?? this.app.hello);
  }
  /** The version of a settings file as listed (what a write says the user saw), if listed. */
  versionOf(path: string | undefined): string | undefined {
    return this.#listing.value?.files.find((f) => f.path === path)?.version;
  }
  /** The project's name, for the words of a new project hook. */
  get projectName(): string {
    return this.#listing.value?.projectName ?? this.app.projectName;
  }

  /** The Claude Code files whose hooks Wave does not run (docs/hooks.md, "Coming from Claude Code"). */
  readonly claude = computed<ClaudeHooksFile[]>(() => this.#listing.value?.claude ?? []);

  /** The hooks of each tab, in run order (file order within a file). */
  readonly byTab = computed(() => {
    const out: Record<HookTab, HookListItem[]> = { user: [], project: [], plugin: [] };
    for (const h of this.#listing.value?.hooks ?? []) out[tabOf(h.source)].push(h);
    return out;
  });

  readonly hooks = computed(() => this.byTab.value[this.#tab.value]);

  /** The settings files behind the tab on screen (for parse errors and empty-state paths). */
  readonly files = computed<SettingsFileState[]>(() => (this.#listing.value?.files ?? []).filter((f) => TAB_SOURCES[this.#tab.value].includes(f.source)));

  /** The last rows of the tab's files that cannot be read now: shown greyed under their error until they can. */
  readonly held = computed(() => heldRows(this.files.value, this.#lastRead.value));

  readonly problems = computed(() => {
    const paths = new Set(this.files.value.map((f) => f.path));
    return (this.#listing.value?.problems ?? []).filter((p) => paths.has(p.file));
  });

  selectTab(tab: HookTab): void {
    this.#tab.value = tab;
  }

  /** A listing pushed by the sidecar or sent back by a verb (marks the time for the render measure). */
  receive(listing: HooksListing): void {
    performance.mark(HOOKS_DATA_MARK);
    batch(() => {
      this.#lastRead.value = lastRead(this.#lastRead.value, listing);
      this.#listing.value = listing;
    });
  }

  /** Reads the listing again (after a refused write: the file may have broken); a lost connection says so in its own banner. */
  refresh(): void {
    this.client.request('hooks.list', {}).then(
      (listing) => this.receive(listing),
      () => undefined,
    );
  }

  async load(): Promise<void> {
    await attempt(this.#loadError, async () => {
      this.receive(await this.client.request('hooks.list', {}));
      this.#loadError.value = null;
      this.#stats.value = (await this.client.request('hooks.stats', {})).hooks;
    });
  }
}
