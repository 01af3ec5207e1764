// Instruction files (AGENTS.md, WAVE.md) in the user's ~/.wave/ and in the workdir. Each one loaded
// fires InstructionsLoaded (observe only).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const INSTRUCTION_FILE_NAMES = ['AGENTS.md', 'WAVE.md'] as const;

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
    for (const name of INSTRUCTION_FILE_NAMES) {
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
