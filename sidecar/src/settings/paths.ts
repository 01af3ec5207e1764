// Where settings live (docs/hooks.md, "Where hooks are configured"). `~` is os.homedir(), so HOME moves it.
import { join, resolve } from 'node:path';

export interface SettingsPaths {
  /** ~/.wave */
  userDir: string;
  user: string;
  /** <workdir>/.wave */
  projectDir: string;
  project: string;
  projectLocal: string;
  pluginsDir: string;
  sessionsDir: string;
  /** ~/.wave/projects: the Claude Code format transcripts, by project */
  projectsDir: string;
  /** ~/.wave/hook-runs.jsonl: every hook run, across sessions */
  historyFile: string;
}

export function settingsPaths(workdir: string, homeDir: string): SettingsPaths {
  const userDir = join(resolve(homeDir), '.wave');
  const projectDir = join(resolve(workdir), '.wave');
  return {
    userDir,
    user: join(userDir, 'settings.json'),
    projectDir,
    project: join(projectDir, 'settings.json'),
    projectLocal: join(projectDir, 'settings.local.json'),
    pluginsDir: join(userDir, 'plugins'),
    sessionsDir: join(userDir, 'sessions'),
    projectsDir: join(userDir, 'projects'),
    historyFile: join(userDir, 'hook-runs.jsonl'),
  };
}
