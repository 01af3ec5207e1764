// Composes the files read by sources.ts into what hooks run from (docs/hooks.md, "Where hooks are
// configured"): every source's hooks concatenated in run order (programmatic, plugins, user,
// project, project local) and the settings in force (settings/merge.ts). Project files come from
// the repository: in an untrusted workspace they may restrict tools (deny / ask rules) but neither
// run hooks nor widen, switch off or starve anything of the user's.
import { readHooksConfig, type HooksReadResult } from './config.js';
import { readSourceFiles, type FileSettings, type SourceFile } from './sources.js';
import type { ConfigProblem, ConfiguredHook } from '../contract/types.js';
import { mergeSettings, type EffectiveSettings } from '../../settings/merge.js';
import { settingsPaths, type SettingsPaths } from '../../settings/paths.js';

export interface LoadedSources {
  /** Hooks that run, in run order (none when `settings.disableAllHooks`). */
  hooks: ConfiguredHook[];
  /** Project hooks that do not run because the workspace is not trusted. */
  untrustedHooks: ConfiguredHook[];
  problems: ConfigProblem[];
  files: SourceFile[];
  /** The settings in force: env, permissions, switches, compaction, model. */
  settings: EffectiveSettings;
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

export function composeSources(input: ComposeInput): LoadedSources {
  const out: LoadedSources = { hooks: [], untrustedHooks: [], problems: [], files: [], settings: mergeSettings([]), paths: input.paths };
  if (input.programmatic) {
    out.hooks.push(...input.programmatic.hooks);
    out.problems.push(...input.programmatic.problems);
  }
  for (const f of input.files) {
    out.files.push(f.file);
    out.problems.push(...f.problems);
    if (isProject(f) && !input.trustProject) out.untrustedHooks.push(...f.hooks);
    else out.hooks.push(...f.hooks);
  }
  out.settings = mergeSettings(input.files.map((f) => ({ path: f.file.path, keys: f.keys, widens: !isProject(f) || input.trustProject })));
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
  return composeSources({
    programmatic: readProgrammatic(opts.programmatic),
    files: readSourceFiles(paths, { workdir: opts.workdir, homeDir: opts.homeDir, ...(opts.toolNames ? { toolNames: opts.toolNames } : {}) }),
    trustProject: opts.trustProject,
    paths,
  });
}
