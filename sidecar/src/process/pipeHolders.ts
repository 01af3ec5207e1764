// Processes that still hold a hook's stdout or stderr (docs/hooks.md, "Running a hook"): a
// grandchild that left the hook's process group (`setsid sleep 600 &`) is out of reach of a group
// signal but keeps the hook's output open. On Linux such processes are found through /proc: Node
// gives a child socketpairs, whose two ends have different inodes, so only the child's side names
// them; a hook's shell waits at a gate (GATE) until the runner has read its /proc/<pid>/fd/1 and
// 2, and every process whose fd table links to one of them is a holder.
// Elsewhere the list is empty and only the process group is signalled.
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { signalGroup, trackProcess, untrackGroup, untrackProcess } from './groups.js';

const PROC = '/proc';
const CHANNEL = /^(?:socket|pipe):\[\d+\]$/;

/** What a child's stdout and stderr link to (`socket:[123]`), read while it waits at the gate. Empty where there is no /proc. */
export function childOutputLinks(pid: number): string[] {
  const links: string[] = [];
  for (const fd of [1, 2]) {
    try {
      const link = readlinkSync(`${PROC}/${pid}/fd/${fd}`);
      if (CHANNEL.test(link)) links.push(link);
    } catch {
      // no /proc, or the child is already gone (then nothing it started can hold its fds either)
    }
  }
  return links;
}

/** Pids of every process (never this one) that has one of these links open. */
export function holdersOf(links: readonly string[]): number[] {
  if (!links.length) return [];
  const wanted = new Set(links);
  let entries: string[];
  try {
    entries = readdirSync(PROC);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const name of entries) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
    if (holds(pid, wanted)) found.push(pid);
  }
  return found;
}

/**
 * The end of an exit grace: a hook or a shell exited with its output still open, and `cut` stops
 * reading it. Output can still be in the pipes after the exit, and the grace timer fires late on a
 * busy machine, before this process read them: when no process holds the output any more its end
 * is on its way and nothing is cut; when one does (a grandchild), it is cut now; where /proc
 * cannot tell (no links), what is there is read first.
 */
export function endExitGrace(links: readonly string[], cut: () => void): void {
  if (!links.length) setImmediate(cut);
  else if (holdersOf(links).length) cut();
}

function holds(pid: number, wanted: Set<string>): boolean {
  let fds: string[];
  try {
    fds = readdirSync(`${PROC}/${pid}/fd`);
  } catch {
    return false; // gone, or another user's process
  }
  for (const fd of fds) {
    try {
      if (wanted.has(readlinkSync(`${PROC}/${pid}/fd/${fd}`))) return true;
    } catch {
      // the fd was closed meanwhile
    }
  }
  return false;
}

/** Sends a signal to each process; returns the pids it reached. */
export function signalEach(pids: Iterable<number>, signal: NodeJS.Signals): number[] {
  const reached: number[] = [];
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
      reached.push(pid);
    } catch {
      // already gone
    }
  }
  return reached;
}

/**
 * Where /proc can tell who holds a process's stdout/stderr, a hook's shell command starts with a
 * gate: it waits for one line on stdin (on the command's first line, so line numbers stay), and
 * the runner sends that line, before the payload, only once it has read the shell's stdout/stderr
 * links. So even a hook that escapes and exits at once is known. Only for `sh -c <command>` (and
 * bash, dash): any other program is started as it is.
 */
const GATE = process.platform === 'linux' && existsSync('/proc/self/fd') ? 'read -r _ || exit 125; ' : null;

/** The spec's arguments with the gate, or null when it gets none. */
export function gatedArgs(file: string, args: readonly string[]): string[] | null {
  if (!GATE || args.length !== 2 || args[0] !== '-c' || !/(?:^|\/)(?:sh|bash|dash)$/.test(file)) return null;
  return ['-c', GATE + args[1]];
}

/**
 * Ends a hook: SIGTERM to its process group and to every process still holding its stdout/stderr
 * (one that left the group with setsid included), SIGKILL to the same 2 s later. Holders are
 * tracked in process/groups.ts until then, so the sidecar's exit kills them too.
 */
export class Reaper {
  private escalated = false;
  private readonly holders = new Set<number>();

  constructor(
    private readonly pid: number,
    /** What the hook's stdout/stderr link to (process/pipeHolders.ts). */
    private readonly links: readonly string[],
    private readonly killGraceMs: number,
  ) {}

  get signalled(): boolean {
    return this.escalated;
  }

  escalate(): void {
    if (this.escalated) return;
    this.escalated = true;
    signalGroup(this.pid, 'SIGTERM');
    this.signalHolders('SIGTERM');
    const t = setTimeout(() => {
      signalGroup(this.pid, 'SIGKILL');
      untrackGroup(this.pid);
      this.signalHolders('SIGKILL');
      for (const p of this.holders) untrackProcess(p);
    }, this.killGraceMs);
    t.unref();
  }

  /** Signals the processes holding the output now (found again each time: a pid may be reused). */
  private signalHolders(signal: NodeJS.Signals): void {
    for (const p of signalEach(holdersOf(this.links), signal)) {
      this.holders.add(p);
      trackProcess(p);
    }
  }
}
