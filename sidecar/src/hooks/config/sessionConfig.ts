// The settings object of one session (docs/hooks.md, "Changes during a session"; docs/architecture.md,
// "Settings of a session"): the session creates it and owns it; the agent, the server and the CLI read
// the settings in force from it (settings/sessionSettings.ts), and the hook manager is given it to read
// its hooks. It holds the snapshot the session runs from (taken when the session starts), the files as they are on disk now, and the review
// between the two — which changes are offered for apply, which the user dismissed and which a
// ConfigChange hook refused. A change on disk never changes what runs by itself: only `apply` does
// (or an edit the user made on Wave's own settings page: `approveEdit`, `forgetHook`). Files are
// compared by content; each settings file's approved text is kept across sessions
// (settings/reviewedFile.ts), so a change left unreviewed is still unreviewed at the next start.
import { resolve } from 'node:path';
import { composeSources, readProgrammatic, type LoadedSources } from './compose.js';
import type { HooksReadResult } from './config.js';
import type { GuardContext } from './guards.js';
import { applyFile, diffFiles, hookKey, pendingIds, withoutHook, type FileChange } from './snapshot.js';
import { diskStamps, readSettingsFile, readSourceFiles, sourcePaths, stampOf, type FileSettings } from './sources.js';
import { endSession, startNotices, type CarriedChange, type StartNotices } from './startNotices.js';
import type { ConfiguredHook, HookSource } from '../contract/types.js';
import { ApprovedStore } from '../../settings/approved.js';
import type { EffectiveSettings } from '../../settings/merge.js';
import type { SessionSettings } from '../../settings/sessionSettings.js';
import { settingsPaths, type SettingsPaths } from '../../settings/paths.js';
import { diskText, ReviewedFile } from '../../settings/reviewedFile.js';

export interface SessionConfigOptions {
  workdir: string;
  homeDir: string;
  programmatic?: unknown;
  /** Whether project files may widen and run hooks (docs/hooks.md, "Project hooks need a trusted workspace"). Default true (headless use). */
  trust?: boolean | (() => boolean);
  /** The agent's tool names (for the matcher checks of the files read). */
  toolNames?: readonly string[];
  /** Other files a change of which is a settings change (the trust store, `--settings FILE`): observed, ConfigChange fires. */
  watchFiles?: readonly string[];
  /** Where approved contents are kept across sessions (default: under ~/.wave; null: not kept). */
  approved?: ApprovedStore | null;
}

/** A settings file whose bytes changed since the session last looked. */
export interface ObservedFile {
  path: string;
  source: HookSource;
}

export class SessionConfig implements SessionSettings {
  readonly paths: SettingsPaths;
  private readonly programmatic: HooksReadResult | null;
  private active: FileSettings[];
  private composed: { trust: boolean; sources: LoadedSources } | null = null;
  private diskCache: { fingerprint: string; files: FileSettings[] } | null = null;
  /** The stamps the session has seen (and fired ConfigChange for). */
  private observed: Map<string, string>;
  /** Disk stamps per file whose change the user dismissed, or a ConfigChange hook refused. */
  private readonly dismissed = new Map<string, string>();
  private readonly refused = new Map<string, string>();
  readonly store: ApprovedStore | null;
  /** The approved text of each user / project / project local file. */
  private readonly reviewed = new Map<string, ReviewedFile>();
  /** Told of every newly composed snapshot (the hook engine records what its hooks run). */
  private readonly composedListeners = new Set<(sources: LoadedSources) => void>();

  constructor(private readonly opts: SessionConfigOptions) {
    this.paths = settingsPaths(opts.workdir, opts.homeDir);
    this.programmatic = readProgrammatic(opts.programmatic);
    this.store = opts.approved === undefined ? new ApprovedStore(this.paths.userDir) : opts.approved;
    this.observed = this.stamps();
    for (const path of [this.paths.user, this.paths.project, this.paths.projectLocal]) this.reviewed.set(path, new ReviewedFile(path, this.store));
    // A file with a change an earlier session left unreviewed starts from its approved text.
    this.active = this.disk().map((f) => {
      const r = this.reviewed.get(f.file.path);
      return r?.carried ? readSettingsFile(f.file.source, f.file.path, this.checks(), r.approvedText) : f;
    });
  }

  private started: { at: number; notices: StartNotices } | null = null;

  /** What the session says at start (computed, and the project's record written, once). */
  startNotices(): StartNotices {
    if (!this.started) {
      const at = Date.now();
      this.started = { at, notices: startNotices(this.store, resolve(this.opts.workdir), this.sources(), this.carried(), at) };
    }
    return this.started.notices;
  }

  /** The session ended: its time is recorded for the project (startNotices.ts). */
  end(): void {
    if (this.started) endSession(this.store, resolve(this.opts.workdir), this.started.at);
  }

  /** The files this session starts from their last approved content, with since when. */
  carried(): CarriedChange[] {
    return [...this.reviewed.values()].filter((r) => r.carried && r.changed()).map((r) => ({ path: r.path, since: r.carried! }));
  }

  private stamps(): Map<string, string> {
    const stamps = diskStamps(this.paths);
    for (const f of this.opts.watchFiles ?? []) stamps.set(f, stampOf(f));
    return stamps;
  }

  private trusted(): boolean {
    const t = this.opts.trust ?? true;
    return typeof t === 'function' ? t() : t;
  }

  /** What hooks run from: the snapshot, composed with the current trust decision. */
  sources(): LoadedSources {
    const trust = this.trusted();
    if (!this.composed || this.composed.trust !== trust) {
      this.composed = { trust, sources: composeSources({ programmatic: this.programmatic, files: this.active, trustProject: trust, paths: this.paths }) };
      for (const listener of this.composedListeners) listener(this.composed.sources);
    }
    return this.composed.sources;
  }

  /** The settings in force: permissions, env, model, compaction, the hook switches (SessionSettings). */
  current(): EffectiveSettings {
    return this.sources().settings;
  }

  /** Calls `listener` with every snapshot composed from now on (after an apply, an edit, a change of trust). */
  onComposed(listener: (sources: LoadedSources) => void): void {
    this.composedListeners.add(listener);
  }

  /** The files as they are on disk now (re-read only when one of them changed). */
  disk(): readonly FileSettings[] {
    const stamps = diskStamps(this.paths);
    const fingerprint = [...stamps].map(([p, s]) => `${p}:${s}`).join('|');
    if (this.diskCache?.fingerprint !== fingerprint) this.diskCache = { fingerprint, files: readSourceFiles(this.paths, this.checks()) };
    return this.diskCache.files;
  }

  private checks(): GuardContext {
    return { workdir: this.opts.workdir, homeDir: this.opts.homeDir, ...(this.opts.toolNames ? { toolNames: this.opts.toolNames } : {}) };
  }

  /** The disk composed like the snapshot (what would run after Apply). */
  diskSources(trust = this.trusted()): LoadedSources {
    return composeSources({ programmatic: this.programmatic, files: this.disk(), trustProject: trust, paths: this.paths });
  }

  /** Ids of the hooks on disk that do not run yet (added or changed since the snapshot). */
  pending(): Set<string> {
    return pendingIds(this.disk(), this.active);
  }

  /** The hooks on disk that do not run yet, as configured hooks. */
  pendingHooks(): ConfiguredHook[] {
    const ids = this.pending();
    return ids.size ? this.disk().flatMap((f) => f.hooks.filter((h) => ids.has(h.id))) : [];
  }

  /** Every difference between the snapshot and the disk, refused and dismissed ones included. */
  changes(): FileChange[] {
    return diffFiles(this.active, this.disk());
  }

  /** The changes offered for review: not dismissed by the user, not refused by a ConfigChange hook. */
  review(): FileChange[] {
    const stamps = diskStamps(this.paths);
    const hidden = (c: FileChange) => {
      const now = stamps.get(c.path) ?? '-';
      return this.dismissed.get(c.path) === now || this.refused.get(c.path) === now;
    };
    return this.changes().filter((c) => !hidden(c));
  }

  /** Takes the disk version of one file (or of every offered file) into the snapshot. */
  apply(path?: string): void {
    const disk = this.disk();
    const paths = path ? [path] : this.review().map((c) => c.path);
    for (const p of paths) {
      this.active = applyFile(this.active, disk, p);
      this.dismissed.delete(p);
      this.reviewed.get(p)?.apply(disk.find((f) => f.file.path === p)?.text ?? null);
    }
    this.composed = null;
  }

  /** Whether the file on disk is what the session runs (compared by content). */
  isClean(path: string): boolean {
    return !(this.reviewed.get(path)?.changed() ?? this.changes().some((c) => c.path === path));
  }

  /**
   * Revert: the file gets back the content the session runs (with nothing to review). Returns the
   * text it replaced, for Undo; null when the file is not one the session reviews.
   */
  revert(path: string): { before: string | null } | null {
    const r = this.reviewed.get(path);
    if (!r) return null;
    const before = r.revert();
    this.observed.set(path, stampOf(path));
    this.dismissed.delete(path);
    return { before };
  }

  /**
   * The user's own edit on Wave's pages to a file that has another change waiting: the snapshot
   * takes the same edit of its approved text; the rest stays in review (docs/hooks.md, "Safety").
   */
  approveEdit(path: string, edit: (text: string) => string): void {
    const r = this.reviewed.get(path);
    const at = this.active.findIndex((f) => f.file.path === path);
    if (!r) return;
    let next: string;
    try {
      next = edit(r.approvedText ?? '');
    } catch {
      return; // the edit does not fit the approved text: the whole file stays in review
    }
    r.approveEdit(next);
    const fresh = readSettingsFile(this.active[at]?.file.source ?? sourceOfPath(this.paths, path), path, this.checks(), next);
    this.active =
      at >= 0 ? this.active.map((f, i) => (i === at ? fresh : f)) : applyFile(this.active, [...this.disk().filter((f) => f.file.path !== path), fresh], path);
    this.composed = null;
  }

  /** Hides the change of one file (or of all) until the file changes again. */
  dismiss(path?: string): void {
    const stamps = this.stamps();
    for (const c of this.review()) if (!path || c.path === path) this.dismissed.set(c.path, stamps.get(c.path) ?? '-');
  }

  /** A ConfigChange hook refused the file's current change: it is not offered. */
  refuse(path: string): void {
    this.refused.set(path, this.stamps().get(path) ?? '-');
  }

  /** The user deleted this hook on the settings page: it stops running at once. */
  forgetHook(path: string, key: string): void {
    this.active = withoutHook(this.active, path, key);
    this.composed = null;
  }

  /**
   * After the user deleted a hook from a file on the settings page: the snapshot keeps no more copies
   * of it than the file now has (a hook still pending review has nothing to forget).
   */
  forgetDeleted(path: string, key: string): void {
    const count = (files: readonly FileSettings[]) => files.find((f) => f.file.path === path)?.hooks.filter((h) => hookKey(h) === key).length ?? 0;
    for (let extra = count(this.active) - count(this.disk()); extra > 0; extra--) this.forgetHook(path, key);
  }

  /**
   * Files whose content changed since the last look (each change is reported once); the approved
   * store learns which files now differ from their approved content (unreviewed at the next start).
   */
  observe(): ObservedFile[] {
    const stamps = this.stamps();
    const sourceOf = new Map<string, HookSource>(sourcePaths(this.paths).map((s) => [s.path, s.source]));
    const out: ObservedFile[] = [];
    for (const path of new Set([...stamps.keys(), ...this.observed.keys()])) {
      if (path === this.paths.pluginsDir || (stamps.get(path) ?? '-') === (this.observed.get(path) ?? '-')) continue;
      out.push({ path, source: sourceOf.get(path) ?? (this.opts.watchFiles?.includes(path) ? 'user' : 'plugin') });
      if (this.reviewed.has(path)) this.reviewed.get(path)!.observed();
      else if (this.opts.watchFiles?.includes(path)) this.store?.observed(path, diskText(path));
    }
    this.observed = stamps;
    return out;
  }
}

function sourceOfPath(paths: SettingsPaths, path: string): HookSource {
  return path === paths.user ? 'user' : path === paths.project ? 'project' : 'projectLocal';
}
