// `${VAR}` and `${VAR:-default}` in a server's command, args, env, cwd, url and headers, as Claude
// Code expands them (docs/mcp.md, "Environment variables"): from the environment the server starts
// in; a variable that is unset and has no default is an error naming it, and the server does not
// start. A plugin's servers also get `${CLAUDE_PLUGIN_ROOT}` / `${WAVE_PLUGIN_ROOT}`.
import { isStdio, type McpServerConfig } from './config.js';

const VAR = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export type Expanded = { ok: true; config: McpServerConfig } | { ok: false; missing: string[] };

export function expandConfig(config: McpServerConfig, env: Record<string, string | undefined>): Expanded {
  const missing = new Set<string>();
  const one = (s: string) =>
    s.replace(VAR, (_all, name: string, fallback: string | undefined) => {
      const v = env[name];
      if (v !== undefined && v !== '') return v;
      if (fallback !== undefined) return fallback;
      missing.add(name);
      return '';
    });
  const map = (m: Record<string, string> | undefined) => m && Object.fromEntries(Object.entries(m).map(([k, v]) => [k, one(v)]));
  let out: McpServerConfig;
  if (isStdio(config)) {
    const env2 = map(config.env);
    out = {
      ...config,
      command: one(config.command),
      ...(config.args ? { args: config.args.map(one) } : {}),
      ...(env2 ? { env: env2 } : {}),
      ...(config.cwd !== undefined ? { cwd: one(config.cwd) } : {}),
    };
  } else {
    const headers = map(config.headers);
    out = { ...config, url: one(config.url), ...(headers ? { headers } : {}) };
  }
  return missing.size ? { ok: false, missing: [...missing] } : { ok: true, config: out };
}
