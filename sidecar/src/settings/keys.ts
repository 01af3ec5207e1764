// Reads the keys of one settings file besides `hooks` with the settings schema (schema.ts): a bad
// key is an error with its JSON path and line and is left out alone; a bad variable of `env` (a NUL
// byte, a value that is not a string) is left out alone too, the other variables still apply.
import type { ConfigProblem } from '../protocol/wire.js';
import { formatJsonPath, type JsonFile } from './jsonFile.js';
import { SettingsKeysSchema, type SettingsKeys } from './schema.js';
import { isObject } from '../util/objects.js';
import { issuePath } from '../util/zodIssues.js';

export interface KeysRead {
  keys: SettingsKeys;
  problems: ConfigProblem[];
}

export function readSettingsKeys(file: JsonFile, settings: Record<string, unknown>): KeysRead {
  const { hooks: _hooks, ...rest } = settings;
  const parsed = SettingsKeysSchema.safeParse(rest);
  if (parsed.success) return { keys: parsed.data, problems: [] };
  const problems: ConfigProblem[] = [];
  const badKeys = new Set<string>();
  const badVars = new Set<string>();
  for (const issue of parsed.error.issues) {
    const path = issuePath(issue);
    const oneVar = path[0] === 'env' && isObject(rest.env) && path.length >= 2;
    if (oneVar) badVars.add(String(path[1]));
    else badKeys.add(String(path[0]));
    const message = oneVar ? `${issue.message}; this variable is left out of the environment` : issue.message;
    problems.push({ severity: 'error', file: file.path, path: formatJsonPath(path), ...(file.locate(path) ?? {}), message });
  }
  const kept: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([k]) => !badKeys.has(k)));
  if (isObject(kept.env)) kept.env = Object.fromEntries(Object.entries(kept.env).filter(([k]) => !badVars.has(k)));
  // What is left is valid by construction; parsing it again gives it its type.
  const again = SettingsKeysSchema.safeParse(kept);
  return { keys: again.success ? again.data : {}, problems };
}
