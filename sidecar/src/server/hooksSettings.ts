// The hooks settings service (docs/architecture.md, "The sidecar and the IDE"): lists hooks by source with each file's absolute path and
// version; deletes one hook from its file without touching any other byte, atomically, refusing
// when the file changed since it was listed, is not valid JSON, is read-only or vanished; watches
// the files and reports a fresh listing whenever one changes.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { TOOL_NAMES } from '../app/tools.js';
import { loadSources } from '../hooks/config/compose.js';
import { sourcesFingerprint, stampOf } from '../hooks/config/sources.js';
import type { LoadedSources } from '../hooks/config/compose.js';
import type { SessionConfig } from '../hooks/config/sessionConfig.js';
import { hookKey } from '../hooks/config/snapshot.js';
import type { ConfiguredHook } from '../hooks/contract/types.js';
import { configState, hookStates, projectHooks } from './configView.js';
import { removeJsonValue, setJsonValue } from '../settings/jsonEdit.js';
import { EVENTS, isHookEvent } from '../hooks/contract/events.js';
import { removeStaleTemps } from '../settings/atomicWrite.js';
import { parseJsonText, type JsonPath } from '../settings/jsonFile.js';
import { settingsPaths } from '../settings/paths.js';
import { errnoOf } from '../util/errors.js';
import type { ImportTarget } from '../hooks/import/claudeImportFiles.js';
import type { ClaudeImportDone, FileReview, HookListItem, HookState, HooksListing, Refusal, SettingsFileState, TrustState } from '../protocol/protocol.js';
import { ClaudeHooks } from './claudeImport.js';
import {
  assertEditable,
  assertWritable,
  editOwnSettings,
  hashOf,
  realPathOr,
  refuse,
  SettingsRefusal,
  UNDONE,
  versionOf,
  writeUnlessChanged,
} from './settingsEdit.js';

export { SettingsRefusal } from './settingsEdit.js';

/** What a delete replaced, kept so that Undo can put the exact bytes back. */
interface Undo {
  file: string;
  before: Buffer;
  /** The version the delete left: Undo is refused once the file changed again. */
  after: string;
}

/** The matcher group of a hook (its id without the handler's index). */
const groupOf = (id: string) => id.slice(0, id.lastIndexOf('/'));

/** A group whose hooks may start together: several hooks, of an event whose first path does not win (docs/hooks.md, "Parallel groups"). */
function parallelizable(h: ConfiguredHook, sizes: ReadonlyMap<string, number>): boolean {
  return (sizes.get(groupOf(h.id)) ?? 0) > 1 && !(isHookEvent(h.event) && EVENTS[h.event].firstPathWins);
}

function toItem(h: ConfiguredHook, state: HookState, changed: string[] | undefined, sizes: ReadonlyMap<string, number>): HookListItem {
  return {
    id: h.id,
    source: h.source as HookListItem['source'],
    event: h.event,
    matcher: h.matcher ?? null,
    description: h.displayName,
    command: h.summary,
    timeout: h.handler.timeout ?? null,
    async: h.handler.async === true,
    file: h.file!,
    line: h.line ?? null,
    editable: h.source !== 'plugin',
    pluginName: h.plugin?.name ?? null,
    state,
    transcript: h.handler.type === 'command' && h.handler.transcript === 'jsonl' ? 'jsonl' : null,
    ...(h.handler.onFailure ? { onFailure: h.handler.onFailure } : {}),
    ...(h.parallel ? { parallel: true as const } : {}),
    ...(parallelizable(h, sizes) ? { parallelizable: true as const } : {}),
    ...(changed ? { changedTargets: changed } : {}),
  };
}

export interface HooksSettingsOptions {
  workdir: string;
  homeDir: string;
  /** The workdir's trust decision (the listing knows itself whether the project has hooks). */
  trustState: () => TrustState;
  /** Review entries of files besides the settings files (the trust store), and those files, watched too. */
  extraReview?: () => FileReview[];
  extraWatch?: readonly string[];
  /** The chat session's hook configuration, once it exists (for each hook's state and the review). */
  session?: () => SessionConfig | null;
  /** The session's hooks whose script or program changed unapproved, by id (runTargets.ts). */
  changedTargets?: () => ReadonlyMap<string, string[]>;
  /** Called with a fresh listing whenever a settings file changed. */
  onChange?: (listing: HooksListing) => void;
  /** How often files are checked for changes (ms). */
  pollMs?: number;
}

export class HooksSettingsService {
  private timer: NodeJS.Timeout | null = null;
  private fingerprint = '';
  /** The deletes that can be undone, by token (the last few). */
  private readonly undos = new Map<string, Undo>();
  /** The Claude Code files beside the Wave ones (their hooks do not run until imported). */
  private readonly claude: ClaudeHooks;

  constructor(private readonly opts: HooksSettingsOptions) {
    this.claude = new ClaudeHooks(opts.workdir, opts.homeDir);
  }

  /** The files as they are on disk (the session's view of them when there is a session, so ids agree). */
  private disk(): { s: LoadedSources; session: SessionConfig | null } {
    const session = this.opts.session?.() ?? null;
    const { workdir, homeDir } = this.opts;
    return { s: session ? session.diskSources(true) : loadSources({ workdir, homeDir, trustProject: true, toolNames: TOOL_NAMES }), session };
  }

  list(): HooksListing {
    const { workdir } = this.opts;
    const { s, session } = this.disk();
    const trust = this.opts.trustState();
    const state = hookStates(session, trust === 'trusted');
    const changed = this.opts.changedTargets?.() ?? new Map<string, string[]>();
    const files: SettingsFileState[] = s.files.map((f) => ({
      source: f.source as SettingsFileState['source'],
      path: f.path,
      exists: f.exists,
      error: f.parseError,
      ...(f.unread ? { unread: true as const } : {}),
      version: versionOf(f.path),
    }));
    const listed = s.hooks.filter((h) => h.source !== 'programmatic' && h.file);
    const sizes = new Map<string, number>();
    for (const h of listed) sizes.set(groupOf(h.id), (sizes.get(groupOf(h.id)) ?? 0) + 1);
    return {
      workdir,
      homeDir: this.opts.homeDir,
      projectName: basename(workdir),
      files,
      hooks: listed.map((h) => toItem(h, state(h), changed.get(h.id), sizes)),
      problems: s.problems,
      trust: { state: trust, projectHasHooks: s.hooks.some((h) => h.source === 'project' || h.source === 'projectLocal'), projectHooks: projectHooks(s) },
      config: configState(session, s, this.opts.extraReview?.() ?? []),
      claude: this.claude.list(trust === 'trusted'),
    };
  }

  /**
   * Imports the hooks of one Claude Code file (or of every one with hooks to add) into its Wave
   * file; they run at once, like the user's other changes on this page. Throws SettingsRefusal.
   */
  importClaude(from: ImportTarget | undefined): HooksListing & { imported: ClaudeImportDone[] } {
    const imported = this.claude.import(from, this.opts.trustState() === 'trusted', this.opts.session?.() ?? null);
    return { ...this.list(), imported };
  }

  /** Deletes one hook by id; returns the fresh listing and the token of its Undo. Throws SettingsRefusal and writes nothing on refusal. */
  delete(id: string, version: string): HooksListing & { undo: string } {
    const listing = this.list();
    const item = listing.hooks.find((h) => h.id === id);
    if (item && !item.editable) throw refuse.pluginReadOnly(item.file, 'deleted');
    // The file is checked first: when it changed since it was listed (an editor saved, the file
    // vanished or broke), the id may now name no hook or another one — that is a conflict.
    const file = listing.files.find((f) => f.path === (item?.file ?? fileOfId(id)));
    if (file && file.version !== version) {
      const now = !file.exists
        ? ' (it no longer exists)'
        : file.error
          ? ` (it is not valid JSON now: line ${file.error.line}, column ${file.error.column}: ${file.error.message})`
          : '';
      const why: Refusal = { kind: 'changedSinceListed', file: file.path, now: !file.exists ? 'gone' : file.error ? 'invalid' : 'changed', undone: 'deleted' };
      throw new SettingsRefusal('conflict', `${file.path} changed since it was listed${now}; nothing was deleted — look at the fresh list and try again`, why);
    }
    if (!item && file?.error) throw refuse.invalidJson(file.path, file.error, 'deleted');
    if (!item || !file) throw refuse.hookGone();
    let bytes: Buffer;
    try {
      bytes = readFileSync(item.file);
    } catch (err) {
      const why: Refusal = { kind: 'unreadable', file: item.file, cause: errnoOf(err), undone: 'deleted' };
      throw new SettingsRefusal('refused', `${item.file} cannot be read any more (it vanished?); nothing was deleted`, why);
    }
    if (hashOf(bytes) !== version)
      throw new SettingsRefusal('conflict', `${item.file} changed while deleting; nothing was deleted`, {
        kind: 'changedWhile',
        file: item.file,
        undone: 'deleted',
      });
    const text = bytes.toString('utf8');
    assertEditable(item.file, text, 'deleted');
    assertWritable(item.file, 'deleted');
    const deleted = this.disk().s.hooks.find((h) => h.id === item.id);
    const next = removeHook(text, parseJsonText(item.file, text).value, this.pathOf(item.id));
    const session = this.opts.session?.() ?? null;
    const clean = session?.isClean(item.file) ?? false;
    writeUnlessChanged(item.file, next, version, 'deleted', 'deleting');
    // The user's own delete on this page applies at once, without review (docs/hooks.md); a file
    // with another change waiting keeps that change in review.
    if (clean) session!.apply(item.file);
    else if (deleted) session?.forgetDeleted(item.file, hookKey(deleted));
    return { ...this.list(), undo: this.keepUndo({ file: item.file, before: bytes, after: versionOf(item.file) }) };
  }

  private keepUndo(undo: Undo): string {
    const token = randomUUID();
    this.undos.set(token, undo);
    for (const old of [...this.undos.keys()].slice(0, -10)) this.undos.delete(old);
    return token;
  }

  /**
   * Sets or removes `"parallel": true` on the matcher group of a hook, when its file still has the
   * listed version; like a delete on this page it applies at once (editOwnSettings). Throws SettingsRefusal.
   */
  setParallel(id: string, parallel: boolean, version: string): HooksListing {
    const nothing = UNDONE.changed;
    const item = this.list().hooks.find((h) => h.id === id);
    if (!item) throw refuse.hookGone();
    if (!item.editable) throw refuse.pluginReadOnly(item.file, 'changed');
    if (parallel && !item.parallelizable)
      throw new SettingsRefusal('refused', `the hooks of this ${item.event} group cannot start together; ${nothing}`, {
        kind: 'notParallel',
        event: item.event,
        undone: 'changed',
      });
    if (versionOf(item.file) !== version)
      throw new SettingsRefusal('conflict', `${item.file} changed since it was listed; ${nothing} — look at the fresh list and try again`, {
        kind: 'changedSinceListed',
        file: item.file,
        now: 'changed',
        undone: 'changed',
      });
    const at = this.pathOf(id);
    const path: JsonPath = ['hooks', at.event, at.group, 'parallel'];
    editOwnSettings(item.file, (text) => (parallel ? setJsonValue(text, path, true) : removeJsonValue(text, path)), this.opts.session?.() ?? null, 'changed');
    return this.list();
  }

  /**
   * Puts back the exact bytes a delete replaced, when the file is still as the delete left it. The
   * hook runs again at once when the file had no other change waiting for review (as the delete did).
   */
  undoDelete(token: string): HooksListing {
    const undo = this.undos.get(token);
    if (!undo) throw refuse.undoExpired('delete');
    const nothing = UNDONE.restored;
    if (versionOf(undo.file) !== undo.after)
      throw new SettingsRefusal('conflict', `${undo.file} changed since the delete; ${nothing}`, { kind: 'changedWhile', file: undo.file, undone: 'restored' });
    const session = this.opts.session?.() ?? null;
    const clean = session?.isClean(undo.file) ?? true;
    writeUnlessChanged(undo.file, undo.before, undo.after, 'restored', 'restoring');
    this.undos.delete(token);
    if (session && clean) session.apply(undo.file);
    return this.list();
  }

  private pathOf(id: string): { event: string; group: number; handler: number } {
    // The file path before the last `#` may itself contain `#`; event names never do.
    const m = /#([^#/]+)\/(\d+)\/(\d+)$/.exec(id);
    if (!m) throw refuse.hookGone(); // not a hook id: no hook of any file has it
    return { event: m[1]!, group: Number(m[2]), handler: Number(m[3]) };
  }

  /** Starts watching the settings files; `onChange` gets every new listing. */
  watch(): void {
    if (this.timer) return;
    const paths = settingsPaths(this.opts.workdir, this.opts.homeDir);
    // Temporary files a killed sidecar left next to the settings files go (docs/reliability.md).
    for (const f of [paths.user, paths.project, paths.projectLocal]) removeStaleTemps(realPathOr(f));
    // The Claude Code files too: the listing says which of their hooks Wave does not run.
    const extra = () => (this.opts.extraWatch ?? []).map(stampOf).join('|');
    const fingerprint = () => `${sourcesFingerprint(paths)}|${extra()}|${this.claude.fingerprint()}`;
    this.fingerprint = fingerprint();
    this.timer = setInterval(() => {
      const fp = fingerprint();
      if (fp === this.fingerprint) return;
      this.fingerprint = fp;
      this.opts.onChange?.(this.list());
    }, this.opts.pollMs ?? 250);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** The file part of a hook id (`source:/abs/file#Event/g/h`). */
function fileOfId(id: string): string {
  return id.slice(id.indexOf(':') + 1, id.lastIndexOf('#'));
}

/** The text without one handler, and without its matcher group / event key when they become empty. */
function removeHook(text: string, value: unknown, at: { event: string; group: number; handler: number }): string {
  const hooks = (value as { hooks?: Record<string, Array<{ hooks?: unknown[] }>> }).hooks ?? {};
  const groups = hooks[at.event] ?? [];
  const handlers = groups[at.group]?.hooks ?? [];
  let path: JsonPath = ['hooks', at.event, at.group, 'hooks', at.handler];
  if (handlers.length <= 1) path = groups.length <= 1 ? ['hooks', at.event] : ['hooks', at.event, at.group];
  return removeJsonValue(text, path);
}
