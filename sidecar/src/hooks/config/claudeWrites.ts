// A command written for Claude Code that writes into a `~/.claude/` or `.claude/` folder (the
// official quickstart's Bash logger: `… >> ~/.claude/bash-command-log.txt`). Where that folder does
// not exist, the redirection fails and sh exits 2 — which blocks the tool call under any engine
// that honours exit 2. `wave hooks validate` warns about it (docs/hooks.md, "Validation").
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** `>`, `>>` or `tee [-a]` followed by a path under `.claude/` (home or project, quoted or not). */
const WRITE = /(?:>>?|\btee\s+(?:-a\s+)?)\s*["']?((?:~|\$HOME|\$\{HOME\}|\$CLAUDE_PROJECT_DIR|\$\{CLAUDE_PROJECT_DIR\}|\.)?\/?\.claude\/[^\s"';|&)]*)/g;
const HOME_PREFIX = /^(?:~|\$HOME|\$\{HOME\})\//;
const PROJECT_PREFIX = /^(?:\$CLAUDE_PROJECT_DIR|\$\{CLAUDE_PROJECT_DIR\}|\.(?=\/))?\/?/;

export interface MissingClaudeFolder {
  /** As written in the command, e.g. `~/.claude/bash-command-log.txt`. */
  written: string;
  /** The folder that does not exist. */
  folder: string;
}

/** The first write into a `.claude/` folder that does not exist (null when none, or the command creates it). */
export function missingClaudeFolder(command: string, dirs: { home: string; workdir: string }): MissingClaudeFolder | null {
  if (/\bmkdir\b/.test(command)) return null;
  for (const m of command.matchAll(WRITE)) {
    const written = m[1]!;
    const path = HOME_PREFIX.test(written) ? join(dirs.home, written.replace(HOME_PREFIX, '')) : join(dirs.workdir, written.replace(PROJECT_PREFIX, ''));
    const folder = written.endsWith('/') ? path : dirname(path);
    if (!existsSync(folder)) return { written, folder };
  }
  return null;
}
