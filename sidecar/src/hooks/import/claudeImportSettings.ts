// What `wave hooks import` brings over besides the hooks (docs/hooks.md, "Coming from Claude Code"):
// a Claude Code file's `permissions` rules (allow, deny, ask) and its `env`, added to the same Wave
// file with its layout kept (jsonInsert.ts); and every other key, listed as not imported with the
// reason, so no rule is lost in silence. Pure: text in, text out.
import type { FormattingOptions } from 'jsonc-parser';
import { insertValue, parsedObject } from './jsonInsert.js';
import { isObject } from '../../util/objects.js';

/** One imported (or already present) setting: `permissions.deny` with its rule, `env.NAME` with its value. */
export interface ImportedSetting {
  key: string;
  value: string;
}

/** A key of the Claude Code file that the import leaves out, and why. */
export interface NotImported {
  key: string;
  reason: string;
}

export interface SettingsImport {
  text: string;
  added: ImportedSetting[];
  /** Already in the Wave file. */
  there: ImportedSetting[];
  notImported: NotImported[];
}

const RULE_KINDS = ['allow', 'deny', 'ask'] as const;

const WHY_NOT: Record<string, string> = {
  model: 'Wave’s model is set in its own model section ("model" with provider, model, baseURL)',
  statusLine: 'Wave has no status line',
  outputStyle: 'Wave has no output styles',
  apiKeyHelper: 'Wave reads its API key from its model settings or WAVE_API_KEY',
  enabledPlugins: 'install plugins with wave plugins install',
  extraKnownMarketplaces: 'install plugins with wave plugins install',
  disableAllHooks: 'it would turn every Wave hook off; set it in Wave yourself if you mean it',
  'permissions.defaultMode': 'Wave’s permission mode is chosen per session (--permission-mode, the chat)',
  'permissions.additionalDirectories': 'Wave has no additional working directories',
};
const IMPORTED = new Set(['hooks', 'permissions', 'env', '$schema']);

const why = (key: string) => WHY_NOT[key] ?? 'Wave has no such setting';

/** The keys left out: every top-level key but hooks, permissions and env, and the permissions Wave has no use for. */
function leftOut(claude: Record<string, unknown>): NotImported[] {
  const out = Object.keys(claude)
    .filter((k) => !IMPORTED.has(k))
    .map((key) => ({ key, reason: why(key) }));
  const perms = isObject(claude.permissions) ? claude.permissions : {};
  for (const k of Object.keys(perms))
    if (!(RULE_KINDS as readonly string[]).includes(k)) out.push({ key: `permissions.${k}`, reason: why(`permissions.${k}`) });
  return out;
}

function importRules(claude: Record<string, unknown>, r: SettingsImport, fmt: FormattingOptions): void {
  const perms = isObject(claude.permissions) ? claude.permissions : {};
  for (const kind of RULE_KINDS) {
    const rules = perms[kind];
    if (!Array.isArray(rules)) continue;
    for (const rule of rules) {
      if (typeof rule !== 'string') continue;
      const setting = { key: `permissions.${kind}`, value: rule };
      const wave = parsedObject(r.text).permissions;
      const have = isObject(wave) && Array.isArray(wave[kind]) ? (wave[kind] as unknown[]) : null;
      if (have?.includes(rule)) r.there.push(setting);
      else {
        r.text = have ? insertValue(r.text, ['permissions', kind, -1], rule, fmt, true) : insertValue(r.text, ['permissions', kind], [rule], fmt);
        r.added.push(setting);
      }
    }
  }
}

function importEnv(claude: Record<string, unknown>, r: SettingsImport, fmt: FormattingOptions, to: string): void {
  if (!isObject(claude.env)) return;
  for (const [name, value] of Object.entries(claude.env)) {
    const key = `env.${name}`;
    if (typeof value !== 'string') {
      r.notImported.push({ key, reason: 'its value is not a string' });
      continue;
    }
    const wave = parsedObject(r.text).env;
    const have = isObject(wave) ? wave[name] : undefined;
    if (have === value) r.there.push({ key, value });
    else if (have !== undefined) r.notImported.push({ key, reason: `${to} sets it to another value, which is kept` });
    else {
      r.text = insertValue(r.text, ['env', name], value, fmt);
      r.added.push({ key, value });
    }
  }
}

/** Adds the permission rules and env of the Claude Code settings `claude` to the Wave file's text. */
export function planSettingsImport(claude: Record<string, unknown>, text: string, fmt: FormattingOptions, to: string): SettingsImport {
  const r: SettingsImport = { text, added: [], there: [], notImported: leftOut(claude) };
  importRules(claude, r, fmt);
  importEnv(claude, r, fmt, to);
  return r;
}
