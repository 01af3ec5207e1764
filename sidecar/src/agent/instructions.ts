// Instruction files (AGENTS.md, WAVE.md) in the user's ~/.wave/ and in the workdir, and the
// project's CLAUDE.md (what a project set up for Claude Code tells its agent). Each one loaded fires
// InstructionsLoaded (observe only).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const INSTRUCTION_FILE_NAMES = ['AGENTS.md', 'WAVE.md'] as const;
/** Read in the project folder only (Claude Code's user-level one lives in ~/.claude, which Wave does not read). */
const PROJECT_ONLY = ['CLAUDE.md'] as const;

export interface InstructionFile {
  path: string;
  scope: 'user' | 'project';
  content: string;
}

export function findInstructionFiles(userDir: string, workdir: string): InstructionFile[] {
  const out: InstructionFile[] = [];
  for (const [scope, dir] of [
    ['user', userDir],
    ['project', workdir],
  ] as const) {
    for (const name of scope === 'project' ? [...INSTRUCTION_FILE_NAMES, ...PROJECT_ONLY] : INSTRUCTION_FILE_NAMES) {
      const path = join(dir, name);
      try {
        out.push({ path, scope, content: readFileSync(path, 'utf8') });
      } catch {
        // not there
      }
    }
  }
  return out;
}
