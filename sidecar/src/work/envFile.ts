// The session's CLAUDE_ENV_FILE reaching Bash (docs/hooks.md, SessionStart): SessionStart and
// CwdChanged hooks append `export NAME=value` lines to it, and every later Bash command of the
// session gets them first. Only such lines are taken (docs/hooks.md, "Safety"): the file is not
// sourced, so a function, an alias or any other command written there (one that hid `rm -rf` from a
// guard reading the command) never runs.
import { readFileSync } from 'node:fs';
import { parseShell } from '../settings/shellParse.js';

const EXPORT = /^\s*export\s+[A-Za-z_]\w*=/;
const ASSIGNMENT = /^[A-Za-z_]\w*=/;

/** Whether a line is `export NAME=value …` and nothing else (no command substitution, no second command). */
export function isExportLine(line: string): boolean {
  if (!EXPORT.test(line)) return false;
  const parsed = parseShell(line);
  const [only, ...more] = parsed.commands;
  return (
    parsed.complete &&
    !!only &&
    more.length === 0 &&
    parsed.writes.length === 0 &&
    only.words[0] === 'export' &&
    only.words.slice(1).every((w) => ASSIGNMENT.test(w))
  );
}

/** The `export` lines of the env file (none when it does not exist or cannot be read). */
export function envFileExports(envFile: string): string[] {
  let text: string;
  try {
    text = readFileSync(envFile, 'utf8');
  } catch {
    return [];
  }
  return text.split(/\r?\n/).filter(isExportLine);
}

/** The script sh runs: the env file's `export` lines first, then the command on a line of its own. */
export function withEnvFile(command: string, envFile: string | undefined): string {
  if (!envFile) return command;
  const exports = envFileExports(envFile);
  return exports.length ? `${exports.join('\n')}\n${command}` : command;
}
