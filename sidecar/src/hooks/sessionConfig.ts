// The hook configuration of one session (docs/hooks.md, "Changes during a session"): the snapshot
// it runs from (taken when the session starts), the files as they are on disk now, and the review
// between the two — which changes are offered for apply, which the user dismissed and which a
// ConfigChange hook refused. A change on disk never changes what runs by itself: only `apply` does
// (or a delete the user made on Wave's own settings page, `forgetHook`).
import { composeSources, readProgrammatic, type LoadedSources } from './compose.js';
import type { HooksReadResult } from './config.js';
import type { GuardContext } from './guards.js';
import { applyFile, diffFiles, hookKey, pendingIds, withoutHook, type FileChange } from './snapshot.js';
import { diskStamps, readSourceFiles, sourcePaths, type FileSettings } from './sources.js';
import type { ConfiguredHook, HookSource } from './types.js';
import { settingsPaths, type SettingsPaths } from '../settings/paths.js';

export interface SessionConfigOptions {
  workdir: string;
  homeDir: string;
  programmatic?: unknown;
  trust: () => boolean;
  /** The agent's tool names (for the matcher checks of the files read). */
  toolNames?: readonly string[];
}

/** A settings file whose bytes changed since the session last looked. */
export interface ObservedFile {
  path: string;
  source: HookSource;
}

export class SessionConfig {
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

  constructor(private readonly opts: SessionConfigOptions) {
    this.paths = settingsPaths(opts.workdir, opts.homeDir);
    this.programmatic = readProgrammatic(opts.programmatic);
    this.observed = diskStamps(this.paths);
    this.active = this.disk() as FileSettings[];
  }

  /** What hooks run from: the snapshot, composed with the current trust decision. */
  sources(): LoadedSources {
    const trust = this.opts.trust();
    if (!this.composed || this.composed.trust !== trust) {
      this.composed = { trust, sources: composeSources({ programmatic: this.programmatic, files: this.active, trustProject: trust, paths: this.paths }) };
    }
    return this.composed.sources;
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
  diskSources(trust = this.opts.trust()): LoadedSources {
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
    }
    this.composed = null;
  }

  /** Hides the change of one file (or of all) until the file changes again. */
  dismiss(path?: string): void {
    const stamps = diskStamps(this.paths);
    for (const c of this.review()) if (!path || c.path === path) this.dismissed.set(c.path, stamps.get(c.path) ?? '-');
  }

  /** A ConfigChange hook refused the file's current change: it is not offered. */
  refuse(path: string): void {
    this.refused.set(path, diskStamps(this.paths).get(path) ?? '-');
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

  /** Files whose bytes changed since the last look (each change is reported once). */
  observe(): ObservedFile[] {
    const stamps = diskStamps(this.paths);
    const sourceOf = new Map<string, HookSource>(sourcePaths(this.paths).map((s) => [s.path, s.source]));
    const out: ObservedFile[] = [];
    for (const path of new Set([...stamps.keys(), ...this.observed.keys()])) {
      if (path === this.paths.pluginsDir || (stamps.get(path) ?? '-') === (this.observed.get(path) ?? '-')) continue;
      out.push({ path, source: sourceOf.get(path) ?? 'plugin' });
    }
    this.observed = stamps;
    return out;
  }
}
