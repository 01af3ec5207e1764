// Plugins' hooks (docs/hooks.md, "Plugin hooks"): each folder of `~/.wave/plugins/` is a Claude
// Code plugin. Its hooks come from `hooks/hooks.json` and, as Claude Code reads them, from what its
// `.claude-plugin/plugin.json` names under `hooks`: a path or a list of paths (relative to the
// root), or the hooks written inline. `${CLAUDE_PLUGIN_ROOT}` / `${WAVE_PLUGIN_ROOT}` and
// `${CLAUDE_PLUGIN_DATA}` / `${WAVE_PLUGIN_DATA}` in commands are replaced with the plugin's root
// and its data folder (`~/.wave/plugin-data/<name>/`).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { PluginHooksFileSchema } from './schema.js';
import { emptyFile, fileProblem, readHooks, readSafely, stampOf, unreadable, type FileSettings } from './sourceFile.js';
import type { GuardContext } from './guards.js';
import type { JsonPath } from '../../settings/jsonFile.js';
import type { SettingsPaths } from '../../settings/paths.js';

/** One file holding hooks of a plugin, and where in it the events are. */
export interface PluginHookFile {
  path: string;
  /** `['hooks']` in a hooks file; `['hooks']` or `['hooks', 'hooks']` for hooks written inline in the manifest. */
  basePath: JsonPath;
}

export function pluginNames(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() || d.isSymbolicLink())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

export function manifestPath(root: string): string {
  return join(root, '.claude-plugin', 'plugin.json');
}

/** The plugin's manifest, or an empty one when it has none (or it cannot be read: its hooks file then says why). */
export function readManifest(root: string): Record<string, unknown> {
  try {
    const m = JSON.parse(readFileSync(manifestPath(root), 'utf8')) as unknown;
    return typeof m === 'object' && m !== null && !Array.isArray(m) ? (m as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const relativeTo = (root: string, p: string) => resolve(root, p.replaceAll('${CLAUDE_PLUGIN_ROOT}', '.').replaceAll('${WAVE_PLUGIN_ROOT}', '.'));

/** The files of a plugin's hooks: `hooks/hooks.json` first, then what the manifest names, each once. */
export function pluginHookFiles(root: string): PluginHookFile[] {
  const files: PluginHookFile[] = [{ path: join(root, 'hooks', 'hooks.json'), basePath: ['hooks'] }];
  const declared = readManifest(root).hooks;
  const paths = typeof declared === 'string' ? [declared] : Array.isArray(declared) ? declared.filter((p): p is string => typeof p === 'string') : [];
  // A path that leads out of the plugin's folder is not read (Claude Code refuses it too).
  for (const p of paths.map((p) => relativeTo(root, p)).filter((p) => p.startsWith(`${root}${sep}`))) files.push({ path: p, basePath: ['hooks'] });
  if (typeof declared === 'object' && declared !== null && !Array.isArray(declared)) {
    const wrapped = typeof (declared as { hooks?: unknown }).hooks === 'object';
    files.push({ path: manifestPath(root), basePath: wrapped ? ['hooks', 'hooks'] : ['hooks'] });
  }
  const seen = new Set<string>();
  return files.filter((f) => !seen.has(f.path) && seen.add(f.path));
}

/** The plugin's data folder (made when one of its hooks runs). */
export function pluginDataDir(paths: Pick<SettingsPaths, 'pluginsDir'>, name: string): string {
  return join(dirname(paths.pluginsDir), 'plugin-data', name);
}

function substitute(text: string, root: string, data: string): string {
  return text
    .replaceAll('${WAVE_PLUGIN_ROOT}', root)
    .replaceAll('${CLAUDE_PLUGIN_ROOT}', root)
    .replaceAll('${WAVE_PLUGIN_DATA}', data)
    .replaceAll('${CLAUDE_PLUGIN_DATA}', data);
}

function valueAt(value: unknown, path: JsonPath): unknown {
  let v = value;
  for (const k of path) v = typeof v === 'object' && v !== null ? (v as Record<string | number, unknown>)[k] : undefined;
  return v;
}

/** Reads one hooks file of a plugin: `{ "description"?, "hooks": {...} }` (or the manifest's inline hooks). */
export function readPluginFile(
  name: string,
  root: string,
  where: PluginHookFile,
  paths: Pick<SettingsPaths, 'pluginsDir'>,
  checks: GuardContext,
): FileSettings {
  const { path, basePath } = where;
  const data = pluginDataDir(paths, name);
  const out = emptyFile('plugin', path, stampOf(path));
  out.file.plugin = { name, root };
  const file = readSafely(out);
  if (!file || !file.exists) return out;
  if (file.parseError) {
    unreadable(out, file);
    return out;
  }
  const shape = PluginHooksFileSchema.pick({ description: true }).safeParse(file.value);
  if (shape.success && shape.data.description && basePath.length === 1) out.file.plugin = { name, root, description: shape.data.description };
  const hooks = valueAt(file.value, basePath);
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) {
    out.file.unread = true;
    out.problems.push(fileProblem(path, 'a plugin hooks.json must be an object with a "hooks" key', file));
    return out;
  }
  readHooks(out, hooks, { source: 'plugin', file: path, basePath, locate: file.locate, plugin: { name, root, data } }, checks, (hook) => {
    const h = hook.handler;
    if (h.type !== 'command') return;
    h.command = substitute(h.command, root, data);
    if (h.commandWindows) h.commandWindows = substitute(h.commandWindows, root, data);
    if (h.args) h.args = h.args.map((a) => substitute(a, root, data));
    hook.summary = h.command;
  });
  return out;
}
