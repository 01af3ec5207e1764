// Which project a command started in a sub-folder works on (docs/hooks.md, "Where hooks are
// configured"): the nearest folder up from the current one that has `.wave/settings.json` or
// `.wave/settings.local.json`, else the nearest git root, else the current folder. The home folder's
// `.wave/` holds the user's settings, so it never marks a project. A `.wave/` whose settings file
// was created while a session of a project above it ran is the agent's, not the user's: it does not
// become the project (docs/hooks.md, "Safety"); the note then says which root was chosen and why.
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ApprovedStore } from './approved.js';

export interface ProjectRoot {
  dir: string;
  /** Why this folder: it has Wave settings, it is a git root, or nothing was found above. */
  reason: 'settings' | 'git' | 'cwd';
  /** Folders with `.wave/` settings below `dir` that were not taken, because an agent made them during a session of `dir`. */
  skipped: string[];
  /** The other folders that could have been the project (with settings further up, the git root). */
  others: string[];
}

const SETTINGS = ['settings.json', 'settings.local.json'];

/** When the folder's `.wave/` settings files were created (the latest), or null when it has none. */
function settingsBorn(dir: string): number | null {
  let born: number | null = null;
  for (const name of SETTINGS) {
    try {
      const s = statSync(join(dir, '.wave', name));
      born = Math.max(born ?? 0, s.birthtimeMs || s.ctimeMs);
    } catch {
      // not there
    }
  }
  return born;
}

/** Whether a session of `project` ran when `time` was. */
function duringSession(store: ApprovedStore, project: string, time: number): boolean {
  const sessions = store.lastSession(project)?.sessions ?? [];
  return sessions.some((s) => time >= s.start && time <= (s.end ?? Infinity));
}

export function findProjectRoot(cwd: string, home: string = homedir()): ProjectRoot {
  const start = resolve(cwd);
  const homeDir = resolve(home);
  const store = new ApprovedStore(join(homeDir, '.wave'));
  const withSettings: Array<{ dir: string; born: number }> = [];
  let git: string | null = null;
  for (let dir = start; ; dir = dirname(dir)) {
    const born = dir === homeDir ? null : settingsBorn(dir);
    if (born !== null) withSettings.push({ dir, born });
    if (git === null && existsSync(join(dir, '.git'))) git = dir;
    if (dirname(dir) === dir) break;
  }
  const above = (d: string) => [...withSettings.map((c) => c.dir), ...(git ? [git] : [])].filter((a) => a !== d && d.startsWith(`${a}/`));
  const skipped: string[] = [];
  for (const c of withSettings) {
    // Made while a session of a project above it ran: the agent's, not a project of its own.
    if (above(c.dir).some((a) => duringSession(store, a, c.born))) {
      skipped.push(c.dir);
      continue;
    }
    return { dir: c.dir, reason: 'settings', skipped, others: candidates(withSettings, git, c.dir, skipped) };
  }
  const dir = git ?? start;
  return { dir, reason: git ? 'git' : 'cwd', skipped, others: candidates(withSettings, git, dir, skipped) };
}

function candidates(withSettings: Array<{ dir: string }>, git: string | null, chosen: string, skipped: string[]): string[] {
  const all = [...withSettings.map((c) => c.dir), ...(git ? [git] : [])];
  return [...new Set(all)].filter((d) => d !== chosen && !skipped.includes(d));
}

/** The line that says so, when the project is not the current folder or there was more than one candidate. */
export function projectRootNote(root: ProjectRoot, cwd: string): string | null {
  if (root.dir === resolve(cwd) && !root.skipped.length && !root.others.length) return null;
  const why = root.reason === 'settings' ? 'it has .wave/ settings' : root.reason === 'git' ? 'it is the git root' : 'no project was found above';
  const parts = [`using the project ${root.dir} (${why}${root.reason === 'settings' && root.others.length ? ', the nearest' : ''})`];
  for (const s of root.skipped) parts.push(`not ${s}: its .wave/ settings were created during a session of a project above it, by the agent, not by you`);
  if (root.others.length) parts.push(`other candidates: ${root.others.join(', ')}`);
  return `${parts.join('; ')}; pass --workdir to choose another`;
}
