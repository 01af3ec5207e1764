// Which project a command started in a sub-folder works on (docs/hooks.md, "Where hooks are
// configured"): the nearest folder up from the current one that has `.wave/settings.json` or
// `.wave/settings.local.json`, else the nearest git root, else the current folder. The home folder's
// `.wave/` holds the user's settings, so it never marks a project.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export interface ProjectRoot {
  dir: string;
  /** Why this folder: it has Wave settings, it is a git root, or nothing was found above. */
  reason: 'settings' | 'git' | 'cwd';
}

export function findProjectRoot(cwd: string, home: string = homedir()): ProjectRoot {
  const start = resolve(cwd);
  const homeDir = resolve(home);
  let git: string | null = null;
  for (let dir = start; ; dir = dirname(dir)) {
    const wave = join(dir, '.wave');
    if (dir !== homeDir && (existsSync(join(wave, 'settings.json')) || existsSync(join(wave, 'settings.local.json')))) return { dir, reason: 'settings' };
    if (git === null && existsSync(join(dir, '.git'))) git = dir;
    if (dirname(dir) === dir) break;
  }
  return git ? { dir: git, reason: 'git' } : { dir: start, reason: 'cwd' };
}

/** The line that says so, when the project is not the current folder. */
export function projectRootNote(root: ProjectRoot, cwd: string): string | null {
  if (root.dir === resolve(cwd)) return null;
  const why = root.reason === 'settings' ? 'it has .wave/ settings' : 'it is the git root';
  return `using the project ${root.dir} (${why}); pass --workdir to choose another`;
}
