// The one registry of processes that must not outlive the sidecar: hook process groups, shell
// process groups and the drainers the hook runner starts. They run in their own process groups, so
// a Ctrl-C in the terminal does not reach them, and Node emits no 'exit' when it dies of a signal:
// this module SIGKILLs them on exit and on a fatal signal nobody else handles, then lets the
// sidecar die of that signal as it would have. A kill -9 runs no handler: the watchdog
// (watchdog.ts) ends them then.
import { unwatch, watch } from './watchdog.js';

const IS_WINDOWS = process.platform === 'win32';
/** Signals that would kill the sidecar (Node resets their dispositions to default at start-up). */
const FATAL_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Process group leaders (their whole group is killed) and single processes (only they are). */
const groups = new Set<number>();
const singles = new Set<number>();
let installed = false;

/** Sends a signal to a whole process group (0 tests whether any of it is alive); false when gone. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(IS_WINDOWS ? pid : -pid, signal);
    return true;
  } catch {
    return false;
  }
}

export function groupAlive(pid: number): boolean {
  return signalGroup(pid, 0);
}

function killAll(): void {
  for (const pid of groups) signalGroup(pid, 'SIGKILL');
  groups.clear();
  for (const pid of singles) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  singles.clear();
}

/**
 * The sidecar got a signal that kills it. When the application listens for it, the application
 * decides (and if it exits, 'exit' cleans up); otherwise kill everything tracked and die of the
 * signal as Node would have.
 */
function onFatalSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  killAll();
  process.removeListener(signal, onFatalSignal);
  process.kill(process.pid, signal);
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', killAll);
  if (!IS_WINDOWS) for (const s of FATAL_SIGNALS) process.on(s, onFatalSignal);
}

/** Tracks a process group (by its leader's pid) until `untrackGroup`. */
export function trackGroup(pid: number): void {
  install();
  if (!groups.has(pid)) watch(-pid);
  groups.add(pid);
}

export function untrackGroup(pid: number): void {
  if (groups.delete(pid)) unwatch(-pid);
}

export function isTracked(pid: number): boolean {
  return groups.has(pid);
}

/** Tracks one process (not its group) until `untrackProcess`. */
export function trackProcess(pid: number): void {
  install();
  if (!singles.has(pid)) watch(pid);
  singles.add(pid);
}

export function untrackProcess(pid: number): void {
  if (singles.delete(pid)) unwatch(pid);
}

/** Tracked groups whose processes are all gone are forgotten (their id could be reused). */
export function forgetDeadGroups(): number {
  for (const pid of groups) if (!groupAlive(pid)) untrackGroup(pid);
  return groups.size;
}
