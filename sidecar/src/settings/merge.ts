// The settings in force, from the files in run order (docs/hooks.md, "Where hooks are configured"):
// `env` merged (a later file wins per variable), permission rules concatenated, `disableAllHooks`
// from any file, the turn budget, compaction and model keys from the last file that sets them. A
// file that may not widen anything (an untrusted project) adds only its `deny` and `ask` rules.
import { MODEL_KEYS, type ModelKeys, type SettingsKeys } from './schema.js';

export const DEFAULT_TURN_BUDGET_SECONDS = 600;
export const DEFAULT_CONTEXT_WINDOW_TOKENS = 200_000;
export const DEFAULT_AUTO_COMPACT_THRESHOLD = 0.8;

export interface PermissionLists {
  allow: string[];
  deny: string[];
  ask: string[];
}

export interface EffectiveSettings {
  env: Record<string, string>;
  permissions: PermissionLists;
  disableAllHooks: boolean;
  /** The file that set `disableAllHooks` (the first one), when it is set. */
  disabledBy: string | null;
  turnBudgetSeconds: number;
  contextWindowTokens: number;
  autoCompactThreshold: number;
  model: ModelKeys;
}

export interface SettingsLayer {
  path: string;
  keys: SettingsKeys;
  /** false for a file that may only restrict (an untrusted project). */
  widens: boolean;
}

export function defaultSettings(): EffectiveSettings {
  return {
    env: {},
    permissions: { allow: [], deny: [], ask: [] },
    disableAllHooks: false,
    disabledBy: null,
    turnBudgetSeconds: DEFAULT_TURN_BUDGET_SECONDS,
    contextWindowTokens: DEFAULT_CONTEXT_WINDOW_TOKENS,
    autoCompactThreshold: DEFAULT_AUTO_COMPACT_THRESHOLD,
    model: {},
  };
}

function widen(out: EffectiveSettings, path: string, k: SettingsKeys): void {
  Object.assign(out.env, k.env ?? {});
  out.permissions.allow.push(...(k.permissions?.allow ?? []));
  if (k.disableAllHooks && !out.disableAllHooks) {
    out.disableAllHooks = true;
    out.disabledBy = path;
  }
  if (k.hookTurnBudgetSeconds !== undefined) out.turnBudgetSeconds = k.hookTurnBudgetSeconds;
  if (k.contextWindowTokens !== undefined) out.contextWindowTokens = k.contextWindowTokens;
  if (k.autoCompactThreshold !== undefined) out.autoCompactThreshold = k.autoCompactThreshold;
  for (const key of MODEL_KEYS) if (k[key] !== undefined) Object.assign(out.model, { [key]: k[key] });
}

export function mergeSettings(layers: readonly SettingsLayer[]): EffectiveSettings {
  const out = defaultSettings();
  for (const { path, keys, widens } of layers) {
    // deny and ask only ever restrict, so they apply from every file.
    out.permissions.deny.push(...(keys.permissions?.deny ?? []));
    out.permissions.ask.push(...(keys.permissions?.ask ?? []));
    if (widens) widen(out, path, keys);
  }
  return out;
}
