// Reads every settings source (docs/hooks.md, "Where hooks are configured"), one file at a time:
// plugins, user, project, project local. Each file becomes a FileSettings — what that file alone
// contributes (hooks, env, permissions, switches, problems) plus a stamp that changes with its
// bytes — so a session can keep a snapshot per file and compare it with the disk (snapshot.ts).
// compose.ts turns a list of them into the sources hooks run from. The same real file is never
// read twice (a workdir equal to the home folder would otherwise run user hooks twice).
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { GuardContext } from './guards.js';
import { pluginHookFiles, pluginNames, readPluginFile, type PluginHookFile } from './pluginSources.js';
import { emptyFile, fileProblem, readHooks, readSafely, stampOf, unreadable, type FileSettings } from './sourceFile.js';
import type { HookSource } from '../contract/types.js';
import { textHash } from '../../settings/approved.js';
import { readSettingsKeys } from '../../settings/keys.js';
import type { SettingsPaths } from '../../settings/paths.js';

export type { SourceFile, FileSettings } from './sourceFile.js';
export { stampOf, emptyFile, fileProblem, readSafely, unreadable, readHooks } from './sourceFile.js';

/** Reads one user / project / project local settings file (from `text` when given: null = missing). */
export function readSettingsFile(source: HookSource, path: string, checks: GuardContext, text?: string | null): FileSettings {
  const out = emptyFile(source, path, text === undefined ? stampOf(path) : text === null ? '-' : `#${textHash(text)}`);
  const file = readSafely(out, text);
  if (!file || !file.exists) return out;
  if (file.parseError) {
    unreadable(out, file);
    return out;
  }
  if (typeof file.value !== 'object' || file.value === null || Array.isArray(file.value)) {
    out.file.unread = true;
    out.problems.push(fileProblem(path, 'settings must be a JSON object', file));
    return out;
  }
  const settings = file.value as Record<string, unknown>;
  const read = readSettingsKeys(file, settings);
  out.keys = read.keys;
  out.problems.push(...read.problems);
  readHooks(out, settings.hooks, { source, file: path, basePath: ['hooks'], locate: file.locate }, checks);
  return out;
}

/** The files to read, in run order: each plugin, user, project, project local. */
export function sourcePaths(paths: SettingsPaths): Array<{ source: HookSource; path: string; plugin?: { name: string; root: string; file: PluginHookFile } }> {
  const plugins = pluginNames(paths.pluginsDir).flatMap((name) => {
    const root = join(paths.pluginsDir, name);
    return pluginHookFiles(root).map((file) => ({ source: 'plugin' as const, path: file.path, plugin: { name, root, file } }));
  });
  return [...plugins, { source: 'user', path: paths.user }, { source: 'project', path: paths.project }, { source: 'projectLocal', path: paths.projectLocal }];
}

/** The real path of a file, or its resolved path when it does not exist. */
function identity(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Reads every source file in run order; a file that is another's real path is read only once. */
export function readSourceFiles(paths: SettingsPaths, checks: GuardContext): FileSettings[] {
  const seen = new Set<string>();
  const out: FileSettings[] = [];
  for (const s of sourcePaths(paths)) {
    const id = identity(s.path);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(s.plugin ? readPluginFile(s.plugin.name, s.plugin.root, s.plugin.file, paths, checks) : readSettingsFile(s.source, s.path, checks));
  }
  return out;
}

/** The stamps of every source file (and of the plugins folder), cheap enough to check before each event. */
export function diskStamps(paths: SettingsPaths): Map<string, string> {
  const stamps = new Map<string, string>();
  stamps.set(paths.pluginsDir, stampOf(paths.pluginsDir));
  for (const s of sourcePaths(paths)) stamps.set(s.path, stampOf(s.path));
  return stamps;
}

/** One string that changes when any source file changes. */
export function sourcesFingerprint(paths: SettingsPaths): string {
  return [...diskStamps(paths)].map(([p, s]) => `${p}:${s}`).join('|');
}
