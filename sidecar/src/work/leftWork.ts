// What a session's run left running (docs/reliability.md, "Background shells after kill -9"): the
// background shells running now are listed in `~/.wave/sessions/running_<id>.json` (0600),
// rewritten when one starts or ends and removed when none runs. A run that ended without
// stopping them (kill -9, a crash, a power cut) leaves the list behind; the next start of the same
// session (`--resume`) says what was left, and whether any of it still runs (the watchdog of
// process/watchdog.ts ends it on Linux and macOS), then removes the list.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { groupAlive } from '../process/groups.js';
import { writeFileAtomic } from '../settings/atomicWrite.js';
import { PRIVATE_FILE, privateDir } from '../settings/privateFiles.js';

export interface LeftShell {
  id: string;
  command: string;
  pid: number | undefined;
  startedAt: string;
}

export function leftWorkPath(sessionsDir: string, sessionId: string): string {
  return join(sessionsDir, `running_${sessionId}.json`);
}

/** Writes the list of running background shells (removes it when there is none); never throws. */
export function recordRunning(path: string, shells: readonly LeftShell[]): void {
  try {
    if (!shells.length) return rmSync(path, { force: true });
    privateDir(join(path, '..'));
    writeFileAtomic(path, `${JSON.stringify({ shells }, null, 2)}\n`, { mode: PRIVATE_FILE, fsync: false });
  } catch {
    // a list that cannot be written only costs the report after a crash
  }
}

/** A process of `/proc/<pid>` in the group that is not a zombie waiting for its reaper. */
function runsIn(pid: string, pgid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] !== 'Z' && Number(fields[2]) === pgid;
  } catch {
    return false;
  }
}

/** Whether a process of the group still runs (where /proc lists them, zombies do not count). */
function groupRuns(pgid: number): boolean {
  if (!groupAlive(pgid)) return false;
  try {
    return readdirSync('/proc').some((n) => /^\d+$/.test(n) && runsIn(n, pgid));
  } catch {
    return true; // no /proc: the group answers the signal
  }
}

/** What the last run of the session left running, in words (null: nothing), and the list removed. */
export function reportLeft(path: string): string | null {
  let shells: LeftShell[];
  try {
    shells = (JSON.parse(readFileSync(path, 'utf8')) as { shells: LeftShell[] }).shells;
  } catch {
    return null;
  }
  rmSync(path, { force: true });
  if (!Array.isArray(shells) || !shells.length) return null;
  const lines = shells.map((s) => {
    const state = s.pid !== undefined && groupRuns(s.pid) ? `still running (process group ${s.pid})` : 'ended';
    return `- ${s.id} \`${s.command}\`, started ${s.startedAt}: ${state}`;
  });
  return `The last run of this session ended without stopping its background shells:\n${lines.join('\n')}`;
}
