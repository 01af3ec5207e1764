// Loads hooks from every source (SPEC 1.1) and concatenates them in run order: programmatic,
// plugins, user, project, project local. Also collects what hooks need from the settings files
// (env, disableAllHooks, the turn budget) and every problem found on the way.
import { readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { readHooksConfig, type HookOrigin } from './config.js';
import { PluginHooksFileSchema, SettingsSchema } from './schema.js';
import type { ConfigProblem, ConfiguredHook, HookSource } from './types.js';
import { formatJsonPath, readJsonFile, type JsonFile } from '../settings/jsonFile.js';
import { settingsPaths, type SettingsPaths } from '../settings/paths.js';

export const DEFAULT_TURN_BUDGET_SECONDS = 600;

export interface SourceFile {
  source: HookSource;
  path: string;
  exists: boolean;
  parseError: { line: number; column: number; message: string } | null;
  plugin?: { name: string; root: string; description?: string };
}

export interface LoadedSources {
  /** Hooks that run, in run order. */
  hooks: ConfiguredHook[];
  /** Project hooks that do not run because the workspace is not trusted. */
  untrustedHooks: ConfiguredHook[];
  problems: ConfigProblem[];
  files: SourceFile[];
  env: Record<string, string>;
  disableAllHooks: boolean;
  turnBudgetSeconds: number;
  /** permissions.allow / deny / ask of every file, concatenated (project ones only when trusted). */
  permissions: { allow: string[]; deny: string[]; ask: string[] };
  /** Every other top-level key, later files overriding earlier ones (model settings and such). */
  other: Record<string, unknown>;
  paths: SettingsPaths;
}

export interface LoadOptions {
  workdir: string;
  homeDir: string;
  /** The `hooks` option of Agent.create, same shape as a settings file's `hooks`. */
  programmatic?: unknown;
  /** Project-scope hooks run only in a trusted workspace (SPEC 1.4). */
  trustProject: boolean;
}

/** A problem of the whole file: at its top-level value, or at its start (every problem has a position). */
function fileProblem(file: JsonFile, message: string, line?: number, column?: number): ConfigProblem {
  const at = line ? { line, column: column ?? 1 } : (file.locate([]) ?? { line: 1, column: 1 });
  return { severity: 'error', file: file.path, path: '', ...at, message };
}

function readSafely(path: string, problems: ConfigProblem[]): JsonFile | null {
  try {
    const file = readJsonFile(path);
    problems.push(...duplicateProblems(file));
    return file;
  } catch (err) {
    problems.push({ severity: 'error', file: path, path: '', line: 1, column: 1, message: `cannot read the file: ${(err as Error).message}` });
    return null;
  }
}

/** A repeated key is an error at its later occurrence: JSON keeps only the last one (docs/hooks.md, Validation). */
function duplicateProblems(file: JsonFile): ConfigProblem[] {
  return file.duplicates.map((d) => ({
    severity: 'error',
    file: file.path,
    path: formatJsonPath(d.path),
    line: d.line,
    column: d.column,
    message: `duplicate key "${d.path[d.path.length - 1]}" (also at line ${d.previous.line}): only the last one is used, the earlier one is silently ignored; merge them into one`,
  }));
}

/** Reads one settings file: its hooks and the other keys hooks need. */
function loadSettingsFile(source: HookSource, path: string, out: LoadedSources, hooksInto: ConfiguredHook[]): void {
  const file = readSafely(path, out.problems);
  out.files.push({ source, path, exists: file?.exists ?? true, parseError: file?.parseError ?? null });
  if (!file || !file.exists) return;
  if (file.parseError) {
    const { line, column, message } = file.parseError;
    out.problems.push(fileProblem(file, `not valid JSON: ${message} at line ${line}, column ${column}`, line, column));
    return;
  }
  if (typeof file.value !== 'object' || file.value === null || Array.isArray(file.value)) {
    out.problems.push(fileProblem(file, 'settings must be a JSON object'));
    return;
  }
  const settings = file.value as Record<string, unknown>;
  // Keys other than hooks: checked with the same schema; a bad key is reported and ignored alone.
  const rest = SettingsSchema.omit({ hooks: true }).safeParse({ ...settings, hooks: undefined });
  const badKeys = new Set<string>();
  if (!rest.success) {
    for (const issue of rest.error.issues) {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      badKeys.add(String(path[0]));
      const pos = file.locate(path);
      out.problems.push({ severity: 'error', file: file.path, path: formatJsonPath(path), ...(pos ?? {}), message: issue.message });
    }
  }
  if (!badKeys.has('env') && settings.env) Object.assign(out.env, settings.env as Record<string, string>);
  if (!badKeys.has('disableAllHooks') && settings.disableAllHooks === true) out.disableAllHooks = true;
  if (!badKeys.has('hookTurnBudgetSeconds') && typeof settings.hookTurnBudgetSeconds === 'number') {
    out.turnBudgetSeconds = settings.hookTurnBudgetSeconds;
  }
  if (!badKeys.has('permissions') && settings.permissions) {
    const p = settings.permissions as Partial<LoadedSources['permissions']>;
    for (const k of ['allow', 'deny', 'ask'] as const) out.permissions[k].push(...(p[k] ?? []));
  }
  for (const [k, v] of Object.entries(settings)) {
    if (!['hooks', 'env', 'permissions', 'disableAllHooks', 'hookTurnBudgetSeconds', '$schema'].includes(k)) out.other[k] = v;
  }
  const origin: HookOrigin = { source, file: path, basePath: ['hooks'], locate: file.locate };
  const read = readHooksConfig(settings.hooks, origin);
  hooksInto.push(...read.hooks);
  out.problems.push(...read.problems);
}

function substituteRoot(text: string, root: string): string {
  return text.replaceAll('${WAVE_PLUGIN_ROOT}', root).replaceAll('${CLAUDE_PLUGIN_ROOT}', root);
}

function pluginNames(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() || d.isSymbolicLink())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

function loadPlugins(paths: SettingsPaths, out: LoadedSources): void {
  for (const name of pluginNames(paths.pluginsDir)) {
    const root = join(paths.pluginsDir, name);
    const path = join(root, 'hooks', 'hooks.json');
    const file = readSafely(path, out.problems);
    if (!file || !file.exists) continue;
    const plugin = { name, root };
    const entry: SourceFile = { source: 'plugin', path, exists: true, parseError: file.parseError, plugin };
    out.files.push(entry);
    if (file.parseError) {
      const { line, column, message } = file.parseError;
      out.problems.push(fileProblem(file, `not valid JSON: ${message} at line ${line}, column ${column}`, line, column));
      continue;
    }
    const shape = PluginHooksFileSchema.pick({ description: true }).safeParse(file.value);
    if (shape.success && shape.data.description) entry.plugin = { ...plugin, description: shape.data.description };
    const value = file.value as Record<string, unknown> | undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value.hooks === undefined) {
      out.problems.push(fileProblem(file, 'a plugin hooks.json must be an object with a "hooks" key'));
      continue;
    }
    const read = readHooksConfig(value.hooks, { source: 'plugin', file: path, basePath: ['hooks'], locate: file.locate, plugin });
    for (const hook of read.hooks) {
      hook.handler.command = substituteRoot(hook.handler.command, root);
      if (hook.handler.commandWindows) hook.handler.commandWindows = substituteRoot(hook.handler.commandWindows, root);
    }
    out.hooks.push(...read.hooks);
    out.problems.push(...read.problems);
  }
}

export function loadSources(opts: LoadOptions): LoadedSources {
  const paths = settingsPaths(opts.workdir, opts.homeDir);
  const out: LoadedSources = {
    hooks: [],
    untrustedHooks: [],
    problems: [],
    files: [],
    env: {},
    disableAllHooks: false,
    turnBudgetSeconds: DEFAULT_TURN_BUDGET_SECONDS,
    permissions: { allow: [], deny: [], ask: [] },
    other: {},
    paths,
  };
  if (opts.programmatic !== undefined) {
    const read = readHooksConfig(opts.programmatic, { source: 'programmatic', file: null, basePath: ['hooks'] });
    out.hooks.push(...read.hooks);
    out.problems.push(...read.problems);
  }
  loadPlugins(paths, out);
  loadSettingsFile('user', paths.user, out, out.hooks);
  // Project env and hooks come from the repository: they apply only in a trusted workspace.
  // An untrusted project may still restrict tools (deny/ask rules) but neither widen them nor
  // switch off or starve the user's own hooks.
  const userEnv = out.env;
  const userAllow = [...out.permissions.allow];
  const userOther = { ...out.other };
  const userHookSwitches = { disableAllHooks: out.disableAllHooks, turnBudgetSeconds: out.turnBudgetSeconds };
  if (!opts.trustProject) out.env = {}; // collects the project env, then dropped below
  const projectHooks: ConfiguredHook[] = [];
  loadSettingsFile('project', paths.project, out, projectHooks);
  loadSettingsFile('projectLocal', paths.projectLocal, out, projectHooks);
  if (opts.trustProject) out.hooks.push(...projectHooks);
  else {
    out.untrustedHooks = projectHooks;
    out.env = userEnv;
    out.permissions.allow = userAllow;
    out.other = userOther;
    Object.assign(out, userHookSwitches);
  }
  return out;
}

/** A cheap fingerprint of every file the sources depend on: changes when any of them changes. */
export function sourcesFingerprint(paths: SettingsPaths): string {
  const parts: string[] = [];
  // `throwIfNoEntry: false`: a missing file (the usual case for project settings and plugins) is
  // an undefined result, not an ENOENT error built and thrown on every event.
  const stamp = (p: string): boolean => {
    let s: Stats | undefined;
    try {
      s = statSync(p, { throwIfNoEntry: false });
    } catch {
      s = undefined; // not a directory on the way, no permission: treated as missing
    }
    parts.push(s ? `${p}:${s.mtimeMs}:${s.size}:${s.ino}` : `${p}:-`);
    return s !== undefined;
  };
  stamp(paths.user);
  stamp(paths.project);
  stamp(paths.projectLocal);
  if (stamp(paths.pluginsDir)) {
    for (const name of pluginNames(paths.pluginsDir)) stamp(join(paths.pluginsDir, name, 'hooks', 'hooks.json'));
  }
  return parts.join('|');
}
