// Composes the files read by sources.ts into what hooks run from (docs/hooks.md, "Where hooks are
// configured"): every source concatenated in run order (programmatic, plugins, user, project,
// project local), env and permissions merged, `disableAllHooks` and the turn budget applied. Project
// files come from the repository: in an untrusted workspace they may restrict tools (deny / ask
// rules) but neither run hooks nor widen, switch off or starve anything of the user's.
import { readHooksConfig, type HooksReadResult } from './config.js';
import { readSourceFiles, type FileSettings, type PermissionLists, type SourceFile } from './sources.js';
import type { ConfigProblem, ConfiguredHook } from './types.js';
import { settingsPaths, type SettingsPaths } from '../settings/paths.js';

export const DEFAULT_TURN_BUDGET_SECONDS = 600;

export interface LoadedSources {
  /** Hooks that run, in run order. */
  hooks: ConfiguredHook[];
  /** Project hooks that do not run because the workspace is not trusted. */
  untrustedHooks: ConfiguredHook[];
  problems: ConfigProblem[];
  files: SourceFile[];
  env: Record<string, string>;
  disableAllHooks: boolean;
  /** The file that set `disableAllHooks` (the first one), when it is set. */
  disabledBy: string | null;
  turnBudgetSeconds: number;
  /** permissions.allow / deny / ask of every file, concatenated (project allow rules only when trusted). */
  permissions: PermissionLists;
  /** Every other top-level key, later files overriding earlier ones (model settings and such). */
  other: Record<string, unknown>;
  paths: SettingsPaths;
}

export interface ComposeInput {
  programmatic: HooksReadResult | null;
  files: readonly FileSettings[];
  trustProject: boolean;
  paths: SettingsPaths;
}

const isProject = (f: FileSettings) => f.file.source === 'project' || f.file.source === 'projectLocal';

/** Reads the programmatic hooks of Agent.create({ hooks }) (same shape as a settings file's `hooks`). */
export function readProgrammatic(hooks: unknown): HooksReadResult | null {
  return hooks === undefined ? null : readHooksConfig(hooks, { source: 'programmatic', file: null, basePath: ['hooks'] });
}

function emptySources(paths: SettingsPaths): LoadedSources {
  return {
    hooks: [],
    untrustedHooks: [],
    problems: [],
    files: [],
    env: {},
    disableAllHooks: false,
    disabledBy: null,
    turnBudgetSeconds: DEFAULT_TURN_BUDGET_SECONDS,
    permissions: { allow: [], deny: [], ask: [] },
    other: {},
    paths,
  };
}

/** What a file adds when it is allowed to widen and switch things (not an untrusted project). */
function applyFully(out: LoadedSources, f: FileSettings): void {
  out.hooks.push(...f.hooks);
  Object.assign(out.env, f.env);
  Object.assign(out.other, f.other);
  out.permissions.allow.push(...f.permissions.allow);
  if (f.disableAllHooks && !out.disableAllHooks) {
    out.disableAllHooks = true;
    out.disabledBy = f.file.path;
  }
  if (f.turnBudgetSeconds !== undefined) out.turnBudgetSeconds = f.turnBudgetSeconds;
}

export function composeSources(input: ComposeInput): LoadedSources {
  const out = emptySources(input.paths);
  if (input.programmatic) {
    out.hooks.push(...input.programmatic.hooks);
    out.problems.push(...input.programmatic.problems);
  }
  for (const f of input.files) {
    out.files.push(f.file);
    out.problems.push(...f.problems);
    // deny and ask only ever restrict, so they apply from every file.
    out.permissions.deny.push(...f.permissions.deny);
    out.permissions.ask.push(...f.permissions.ask);
    if (isProject(f) && !input.trustProject) out.untrustedHooks.push(...f.hooks);
    else applyFully(out, f);
  }
  return out;
}

export interface LoadOptions {
  workdir: string;
  homeDir: string;
  /** The `hooks` option of Agent.create, same shape as a settings file's `hooks`. */
  programmatic?: unknown;
  /** Project-scope hooks run only in a trusted workspace (docs/hooks.md). */
  trustProject: boolean;
  /** The agent's tool names (for the matcher checks). */
  toolNames?: readonly string[];
}

/** Reads every file now and composes them (for one-off readers: the CLI, the settings page). */
export function loadSources(opts: LoadOptions): LoadedSources {
  const paths = settingsPaths(opts.workdir, opts.homeDir);
  return composeSources({ programmatic: readProgrammatic(opts.programmatic), files: readSourceFiles(paths, { workdir: opts.workdir, homeDir: opts.homeDir, ...(opts.toolNames ? { toolNames: opts.toolNames } : {}) }), trustProject: opts.trustProject, paths });
}
