// The one loader of the model configuration for `wave -p` and `wave serve` (README, "Settings keys"):
// the settings files read now and composed (a project's keys count in a trusted workspace only), the
// `--settings` keys over them, the environment's WAVE_* variables over all (models/config.ts).
import { loadSources, type LoadedSources } from '../hooks/config/compose.js';
import { modelConfigFrom, type ModelConfigResult } from '../models/config.js';
import type { ModelKeys } from '../settings/schema.js';

export interface ModelConfigInput {
  workdir: string;
  homeDir: string;
  /** Whether the project's files count (a trusted workspace). */
  trustProject: boolean;
  env: Record<string, string | undefined>;
  /** Model keys over the files' (`wave -p --settings`). */
  overrides?: ModelKeys;
  /** The agent's tool names, for the matcher checks of the files read (their problems are the caller's to report). */
  toolNames?: readonly string[];
}

/** The model configuration, and the settings files it was read from (with their problems). */
export function loadModelConfig(o: ModelConfigInput): { model: ModelConfigResult; sources: LoadedSources } {
  const sources = loadSources({ workdir: o.workdir, homeDir: o.homeDir, trustProject: o.trustProject, ...(o.toolNames ? { toolNames: o.toolNames } : {}) });
  return { model: modelConfigFrom(o.env, { ...sources.settings.model, ...o.overrides }), sources };
}
