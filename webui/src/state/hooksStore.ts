// The Hooks settings tab: the listing pushed by the sidecar, the source tab on screen, each hook's
// figures from the run history, and the verbs new / edit (through the AI, via the chat; with no model,
// the settings file opens instead), delete (directly, after a confirmation, with Undo), test (one
// hook against its event's sample payload, the result shown in place) and open file.
import { batch, computed, signal } from '@preact/signals';
import type { SidecarClient } from '../connection/client.js';
import type { ClaudeHooksFile, HookFigures, HookListItem, HooksListing, HookTestResult, SettingsFileState } from '../connection/protocol.js';
import { t } from '../i18n/index.js';
import type { AppStore } from './appStore.js';
import { importNotice, type Notice } from './importWords.js';
import { displayPath } from './paths.js';
import { attempt, messageOf } from './attempt.js';
import { heldRows, lastRead, type LastRead } from './heldRows.js';

export { claudeHookLine, claudeSettingLine, notImportedLines, type Notice } from './importWords.js';

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

/** A delete waiting for the user's confirmation, with the file version the user saw. */
export interface PendingDelete {
  hook: HookListItem;
  version: string;
}

/** A Test of one hook: running, its result, or why it could not run. */
export type TestState = { running: true } | { result: HookTestResult } | { error: string };

/** User Timing names around the render of a listing (read by the performance test, shown in devtools). */
export const HOOKS_DATA_MARK = 'wave:hooks-data';
export const HOOKS_RENDER_MEASURE = 'wave:hooks-render';
export const HOOKS_PAINT_MEASURE = 'wave:hooks-paint';

export class HooksStore {
  readonly #tab = signal<HookTab>('user');
  readonly #listing = signal<HooksListing | null>(null);
  /** Each file's hooks as last read (heldRows.ts). */
  readonly #lastRead = signal<LastRead>(new Map());
  readonly #loadError = signal<string | null>(null);
  readonly #pendingDelete = signal<PendingDelete | null>(null);
  readonly #deleting = signal(false);
  readonly #notice = signal<Notice | null>(null);
  readonly #stats = signal<Record<string, HookFigures>>({});
  readonly #tests = signal<Record<string, TestState>>({});
  /** The hook whose action menu is open (narrow windows). */
  readonly #menu = signal<string | null>(null);
  /** The Claude Code file being imported (its `from`). */
  readonly #importing = signal<ClaudeHooksFile['from'] | 'all' | null>(null);

  constructor(
    private readonly client: SidecarClient,
    private readonly app: AppStore,
  ) {
    client.on('hooks.changed', (listing) => this.#setListing(listing));
    client.on('hooks.stats', ({ hooks }) => (this.#stats.value = hooks));
  }

  /** A hook's figures from the run history (none: it never ran). */
  figures(id: string): HookFigures | undefined {
    return this.#stats.value[id];
  }
  test(id: string): TestState | undefined {
    return this.#tests.value[id];
  }
  /** Every hook's figures, and every test shown (read once per render of the list). */
  get stats(): Readonly<Record<string, HookFigures>> {
    return this.#stats.value;
  }
  get tests(): Readonly<Record<string, TestState>> {
    return this.#tests.value;
  }
  get menu(): string | null {
    return this.#menu.value;
  }
  /** What the page shows of a path (`~/…`, `<project>/…`); the full path goes in its title. */
  shown(path: string): string {
    return displayPath(path, this.#listing.value ?? this.app.hello);
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
  get pendingDelete(): PendingDelete | null {
    return this.#pendingDelete.value;
  }
  get deleting(): boolean {
    return this.#deleting.value;
  }
  get notice(): Notice | null {
    return this.#notice.value;
  }
  get importing(): ClaudeHooksFile['from'] | 'all' | null {
    return this.#importing.value;
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

  /** A failed verb's message, as the notice above the list. */
  readonly #showError = (text: string): void => {
    this.#notice.value = { kind: 'error', text };
  };

  async load(): Promise<void> {
    await attempt(this.#loadError, async () => {
      this.#setListing(await this.client.request('hooks.list', {}));
      this.#loadError.value = null;
      this.#stats.value = (await this.client.request('hooks.stats', {})).hooks;
    });
  }

  toggleMenu(id: string | null): void {
    this.#menu.value = this.#menu.value === id ? null : id;
  }

  /** Runs that one hook for real against its event's sample payload, or the user's `input` (no model); the result shows in its row. */
  async testHook(h: HookListItem, input?: Record<string, unknown>): Promise<void> {
    this.#menu.value = null;
    this.#setTest(h.id, { running: true });
    try {
      this.#setTest(h.id, { result: await this.client.request('hooks.test', { id: h.id, ...(input ? { input } : {}) }) });
    } catch (err) {
      this.#setTest(h.id, { error: (err as Error).message });
    }
  }

  closeTest(id: string): void {
    this.#setTest(id, undefined);
  }

  #setTest(id: string, state: TestState | undefined): void {
    const next = { ...this.#tests.value };
    if (state) next[id] = state;
    else delete next[id];
    this.#tests.value = next;
  }

  /** Opens the hook's settings file in the IDE (outside it, says where the file is). */
  openFile(h: HookListItem): Promise<void> {
    return this.openAt(h.file);
  }

  /** Opens a file in the IDE, at a line when given (outside it, says where the file and line are). */
  async openAt(path: string, line?: number): Promise<void> {
    this.#menu.value = null;
    try {
      await this.client.request('host.openFile', line ? { path, line } : { path });
      const where = line ? `${path}:${line}` : path;
      this.#notice.value = this.app.mode === 'browser' ? { kind: 'info', text: t('hooks.openedBrowser', { path: where }) } : null;
    } catch (err) {
      this.#showError(messageOf(err));
    }
  }

  #setListing(listing: HooksListing): void {
    performance.mark(HOOKS_DATA_MARK);
    batch(() => {
      this.#lastRead.value = lastRead(this.#lastRead.value, listing);
      this.#listing.value = listing;
    });
  }

  dismissNotice(): void {
    this.#notice.value = null;
  }

  // ----- new / edit: through the AI --------------------------------------------------------------

  /** The prefilled prompt for a new hook of the tab on screen. */
  newHookPrompt(): string {
    if (this.#tab.value === 'user') return t('hooks.prompt.user');
    return t('hooks.prompt.project', { project: this.#listing.value?.projectName ?? this.app.projectName });
  }

  editHookPrompt(h: HookListItem): string {
    return t('hooks.prompt.edit', {
      name: h.description,
      event: h.event,
      matcher: h.matcher ? t('hooks.prompt.matcher', { matcher: h.matcher }) : '',
      command: h.command,
      where: h.file ? t('hooks.prompt.where', { file: h.file }) : '',
    });
  }

  /** Closes settings, shows the chat and prefills it (the server tells the IDE, in that order); with no model, opens the file. */
  async createHook(): Promise<void> {
    const source = this.#tab.value === 'user' ? 'user' : 'project';
    await this.#viaChat(() => this.client.request('hooks.create', { prefill: this.newHookPrompt(), source }));
  }

  /** Opens the hook's file (strictly first), closes settings, shows the chat prefilled (with no model, only the file). */
  async editHook(h: HookListItem): Promise<void> {
    this.#menu.value = null;
    await this.#viaChat(() => this.client.request('hooks.edit', { id: h.id, prefill: this.editHookPrompt(h) }));
  }

  async #viaChat(send: () => Promise<{ opened: string | null }>): Promise<void> {
    this.#notice.value = null;
    try {
      const { opened } = await send();
      if (opened === null) return this.app.showPage('chat');
      // No model: a prompt nobody can answer would be a dead end; the file is open instead.
      const where = this.app.mode === 'browser' ? t('hooks.noModel.where', { path: opened }) : t('hooks.noModel.opened', { path: opened });
      this.#notice.value = { kind: 'info', text: `${t('hooks.noModel.why')} ${where}` };
    } catch (err) {
      this.#showError(messageOf(err));
    }
  }

  // ----- delete: directly, after a confirmation ----------------------------------------------------

  /** Opens the confirmation for a hook, remembering the version of its file the user is looking at. */
  askDelete(hook: HookListItem): void {
    const file = this.#listing.value?.files.find((f) => f.path === hook.file);
    this.#notice.value = null;
    this.#pendingDelete.value = { hook, version: file?.version ?? 'missing' };
  }

  cancelDelete(): void {
    if (!this.#deleting.value) this.#pendingDelete.value = null;
  }

  async confirmDelete(): Promise<void> {
    const p = this.#pendingDelete.value;
    if (!p || this.#deleting.value) return;
    await this.deleteHook(p.hook.id, p.version);
  }

  /** Deletes through the sidecar (no AI). A refusal is shown and the list stays as it was; the listing is read again (a file that cannot be read keeps its last rows, greyed). */
  async deleteHook(id: string, version?: string): Promise<boolean> {
    const hook = this.#listing.value?.hooks.find((h) => h.id === id) ?? this.#pendingDelete.value?.hook;
    const v = version ?? this.#listing.value?.files.find((f) => f.path === hook?.file)?.version;
    if (!hook || !v) return false;
    this.#deleting.value = true;
    try {
      const { undo, ...listing } = await this.client.request('hooks.delete', { id, version: v });
      this.#setListing(listing);
      this.#notice.value = { kind: 'success', text: t('hooks.deleted', { name: hook.description }), undo };
      return true;
    } catch (err) {
      const message = messageOf(err);
      this.#notice.value = { kind: 'error', text: t('hooks.deleteFailed', { message }) };
      // A lost connection says so in its own banner.
      this.client.request('hooks.list', {}).then(
        (l) => this.#setListing(l),
        () => undefined,
      );
      return false;
    } finally {
      batch(() => {
        this.#deleting.value = false;
        this.#pendingDelete.value = null;
      });
    }
  }

  /** Sets or removes `"parallel": true` on the hook's matcher group (its file as listed; refused when it changed). */
  async setParallel(hook: HookListItem, parallel: boolean): Promise<void> {
    const version = this.#listing.value?.files.find((f) => f.path === hook.file)?.version ?? 'missing';
    this.#notice.value = null;
    try {
      this.#setListing(await this.client.request('hooks.setParallel', { id: hook.id, parallel, version }));
    } catch (err) {
      this.#notice.value = { kind: 'error', text: t('hooks.parallelFailed', { message: (err as Error).message }) };
    }
  }

  /** Approves what the session's hooks run now (a changed script or program): a held guard runs again. */
  async approveTargets(): Promise<void> {
    try {
      this.#setListing(await this.client.request('hooks.approveTargets', {}));
      this.#notice.value = { kind: 'success', text: t('hooks.targetsApproved') };
    } catch (err) {
      this.#showError(messageOf(err));
    }
  }

  /** Puts the deleted hook back: the file gets its exact bytes again (refused when it changed since). */
  async undoDelete(token: string): Promise<void> {
    try {
      this.#setListing(await this.client.request('hooks.undoDelete', { undo: token }));
      this.#notice.value = { kind: 'success', text: t('hooks.restored') };
    } catch (err) {
      this.#notice.value = { kind: 'error', text: t('hooks.undoFailed', { message: messageOf(err) }) };
    }
  }

  // ----- import of Claude Code hooks ---------------------------------------------------------------

  /**
   * Imports one Claude Code file (or every one listed: `all`) into its Wave file; the tab of the
   * (first) file shows, with what was added, what waits for Apply, what was not imported and the
   * problems of the Wave file.
   */
  async importClaude(from: ClaudeHooksFile['from'] | 'all'): Promise<void> {
    if (this.#importing.value) return;
    this.#importing.value = from;
    try {
      const { imported, ...listing } = await this.client.request('hooks.import', from === 'all' ? {} : { from });
      const first = imported[0]?.from ?? from;
      batch(() => {
        this.#setListing(listing);
        this.#tab.value = first === 'user' ? 'user' : 'project';
        this.#notice.value = importNotice(imported, listing, (p) => this.shown(p));
      });
    } catch (err) {
      this.#notice.value = { kind: 'error', text: t('claude.importFailed', { message: messageOf(err) }) };
    } finally {
      this.#importing.value = null;
    }
  }
}
