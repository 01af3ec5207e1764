// The workdir of a command: `--workdir` when given, else the project found from the current folder
// (settings/projectRoot.ts), with the line that says which one when it is not the current folder.
import { resolve } from 'node:path';
import { findProjectRoot, projectRootNote } from '../settings/projectRoot.js';

export function resolveWorkdir(flag: string | undefined, cwd: string = process.cwd()): { dir: string; note: string | null } {
  if (flag !== undefined) return { dir: resolve(flag), note: null };
  const root = findProjectRoot(cwd);
  return { dir: root.dir, note: projectRootNote(root, cwd) };
}
