// The session's CLAUDE_ENV_FILE reaching Bash (docs/hooks.md, SessionStart): SessionStart and
// CwdChanged hooks append `export NAME=value` lines to it, and every later Bash command of the
// session sources it first, as Claude Code's does.

/** The script sh runs: the env file sourced first (when it exists), then the command on a line of its own. */
export function withEnvFile(command: string, envFile: string | undefined): string {
  if (!envFile) return command;
  const q = `'${envFile.replace(/'/g, `'\\''`)}'`;
  return `if [ -f ${q} ]; then . ${q}; fi\n${command}`;
}
