// Shells of one session (README's tools: Bash, BashOutput, KillShell). Every command runs as `bash -c`
// (`sh -c` without /bin/bash) in its own process group, so the whole group can be signalled; its
// stdout and stderr go into one bounded buffer (the last ~1 MiB is kept, the rest counted), read
// incrementally by BashOutput. A shell is foreground (the Bash tool waits for it) until it is moved
// to the background, from then on it is a task of the session's WorkRegistry and its end becomes a
// notification for the agent. No shell outlives the sidecar: live groups are SIGKILLed on exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { withEnvFile } from './envFile.js';
import { OutputBuffer, type ShellOutput } from './outputBuffer.js';
import { existsSync } from 'node:fs';
import type { WorkRegistry } from './registry.js';
import { forgetDeadGroups, groupAlive, isTracked, signalGroup, trackGroup, untrackGroup } from '../process/groups.js';
import { childOutputLinks, endExitGrace } from '../process/pipeHolders.js';

export type ShellStatus = 'running' | 'completed' | 'failed' | 'killed';

export interface ShellStartOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** A few words saying what the command does (the task description; defaults to the command). */
  description?: string | undefined;
  /** The session's CLAUDE_ENV_FILE: its `export` lines are sourced before the command (docs/hooks.md, SessionStart). */
  envFile?: string | undefined;
}

export interface ShellManagerOptions {
  /** The shell program (default /bin/bash, or /bin/sh where bash is missing). */
  shell?: string;
  /** Between SIGTERM and SIGKILL of a killed shell's group (default 2000). */
  killGraceMs?: number;
  /** Bytes of output kept per shell, stdout and stderr together (default 1 MiB). */
  outputCap?: number;
  /**
   * After the shell itself exited, how long to wait for its output pipes to close; a process it
   * left running that still holds them is then cut off from them (default 500).
   */
  exitGraceMs?: number;
  /** A shell went to the background or a background shell ended (the list of what runs changed). */
  onBackgroundChange?: () => void;
}

export type { ShellOutput } from './outputBuffer.js';

export const SHELL_OUTPUT_CAP = 1024 * 1024;
const DEFAULT_SHELL = existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh';

// ----- process groups that must not outlive the sidecar ---------------------------------------
// Running shells, shells whose group was signalled but not yet SIGKILLed, and finished shells that
// left processes behind (`server &`) are tracked in process/groups.ts, which kills them if the
// sidecar exits. A group whose last process is gone is forgotten (its id could be reused).

let sweeper: NodeJS.Timeout | null = null;

/** Forgets groups whose processes are all gone; runs while some finished shell left processes. */
function sweepLater(): void {
  if (sweeper) return;
  sweeper = setInterval(() => {
    if (!forgetDeadGroups() && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  }, 5000);
  sweeper.unref();
}

export class Shell {
  readonly startedAt = Date.now();
  status: ShellStatus = 'running';
  exitCode: number | null = null;
  /** The signal that ended the shell, if any. */
  signal: NodeJS.Signals | null = null;
  /** Why the shell could not be started, if it could not. */
  spawnError: string | null = null;
  /** Whether the shell is a background task of the registry. */
  background = false;
  /** Resolves when the shell ended and its output is complete. */
  readonly done: Promise<void>;
  readonly pid: number | undefined;

  private readonly output: OutputBuffer;
  private readCursor = 0;
  private killRequested = false;
  private resolveDone!: () => void;
  private finished = false;
  private readonly child: ChildProcess;
  private readonly endListeners: Array<(s: Shell) => void> = [];

  constructor(
    readonly id: string,
    readonly command: string,
    readonly description: string,
    readonly cwd: string,
    spawnSpec: { file: string; env: Record<string, string | undefined>; envFile?: string | undefined; outputCap: number; exitGraceMs: number },
  ) {
    this.done = new Promise((ok) => (this.resolveDone = ok));
    this.output = new OutputBuffer(spawnSpec.outputCap);
    // Node's own spawn: the output is streamed into the buffer, the outcome read from the process
    // events below (nothing for a process library to add; docs/benchmarks.md, "Start-up").
    this.child = spawn(spawnSpec.file, ['-c', withEnvFile(command, spawnSpec.envFile)], {
      cwd,
      env: spawnSpec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so the whole group can be signalled (process/groups.ts kills it on exit)
      windowsHide: true,
    });
    this.pid = this.child.pid;
    if (this.pid !== undefined) trackGroup(this.pid);
    this.child.stdout?.on('data', (c: Buffer) => this.output.push('stdout', c));
    this.child.stderr?.on('data', (c: Buffer) => this.output.push('stderr', c));
    // A read error of a pipe ends that stream; the shell's outcome comes from its exit.
    this.child.stdout?.on('error', () => undefined);
    this.child.stderr?.on('error', () => undefined);

    this.child.on('error', (err) => {
      // Only a failed spawn matters here (no pid, e.g. a missing cwd); it ends the shell.
      if (this.pid !== undefined) return;
      this.spawnError ??= existsSync(cwd) ? err.message : `the working directory ${cwd} does not exist`;
      this.end(null, null);
    });
    // What its stdout/stderr link to, read right after the spawn (empty when it is already gone, or
    // where /proc cannot tell).
    const links = this.pid !== undefined ? childOutputLinks(this.pid) : [];
    this.child.on('exit', (code, signal) => {
      this.exitCode = code;
      this.signal = signal;
      // A process the shell left behind may hold the pipes open: wait a moment, then stop reading.
      setTimeout(() => endExitGrace(links, () => this.stopReading(code, signal)), spawnSpec.exitGraceMs).unref();
    });
    this.child.on('close', (code, signal) => this.end(code, signal));
  }

  /** Stops reading the output at the end of the exit grace (when: pipeHolders.ts, `endExitGrace`). */
  private stopReading(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.finished) return;
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    this.end(code, signal);
  }

  /** Output written since the last call (the first call returns everything kept). */
  readNew(): ShellOutput {
    const r = this.output.since(this.readCursor);
    this.readCursor = r.next;
    return { stdout: r.stdout, stderr: r.stderr, combined: r.combined, droppedBytes: r.droppedBytes };
  }

  /** All output still kept, without moving the read position. */
  readAll(): ShellOutput {
    const r = this.output.since(0);
    return { stdout: r.stdout, stderr: r.stderr, combined: r.combined, droppedBytes: r.droppedBytes };
  }

  /** Signals the whole group: SIGTERM now, SIGKILL after `graceMs`. The status becomes `killed`. */
  kill(graceMs: number): boolean {
    if (this.status !== 'running') return false;
    this.killRequested = true;
    this.status = 'killed';
    const pid = this.pid;
    if (pid !== undefined) {
      trackGroup(pid);
      signalGroup(pid, 'SIGTERM');
      setTimeout(() => {
        signalGroup(pid, 'SIGKILL');
        untrackGroup(pid);
      }, graceMs).unref();
    }
    return true;
  }

  /** Called once, when the shell ended (after its output is complete). */
  onEnd(listener: (s: Shell) => void): void {
    if (this.finished) listener(this);
    else this.endListeners.push(listener);
  }

  private end(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.finished) return;
    this.finished = true;
    this.output.end();
    if (this.exitCode === null && code !== null) this.exitCode = code;
    if (this.signal === null && signal !== null) this.signal = signal;
    if (this.killRequested) this.status = 'killed';
    else if (this.spawnError === null && this.exitCode === 0) this.status = 'completed';
    else this.status = 'failed';
    const pid = this.pid;
    // A finished shell may have left processes in its group (`server &`): keep the group where
    // the exit handler finds it until they are gone. A killed group is dropped after its SIGKILL.
    if (pid !== undefined && !this.killRequested) {
      if (groupAlive(pid)) sweepLater();
      else untrackGroup(pid);
    }
    this.resolveDone();
    for (const l of this.endListeners.splice(0)) l(this);
  }
}

// ----- the session's shells --------------------------------------------------------------------

export class ShellManager {
  private readonly shells = new Map<string, Shell>();
  /** Process groups of every shell started here, released ones included (for killAll). */
  private readonly groups = new Set<number>();
  private readonly file: string;
  private readonly killGraceMs: number;
  private readonly outputCap: number;
  private readonly exitGraceMs: number;
  private readonly changed: () => void;

  constructor(
    readonly registry: WorkRegistry,
    opts: ShellManagerOptions = {},
  ) {
    this.changed = opts.onBackgroundChange ?? (() => undefined);
    this.file = opts.shell ?? DEFAULT_SHELL;
    this.killGraceMs = opts.killGraceMs ?? 2000;
    this.outputCap = opts.outputCap ?? SHELL_OUTPUT_CAP;
    this.exitGraceMs = opts.exitGraceMs ?? 500;
  }

  /** Starts a command (in the foreground: not a registry task until `toBackground`). */
  start(command: string, opts: ShellStartOptions): Shell {
    const id = this.registry.nextId('shell');
    const shell = new Shell(id, command, opts.description?.trim() || command, opts.cwd, {
      file: this.file,
      env: opts.env,
      envFile: opts.envFile,
      outputCap: this.outputCap,
      exitGraceMs: this.exitGraceMs,
    });
    this.shells.set(id, shell);
    // Groups no longer tracked (they ended with nothing left behind, or were forgotten once empty)
    // have nothing for killAll to do: let go of them, or a long session keeps one per command.
    for (const pid of this.groups) if (!isTracked(pid)) this.groups.delete(pid);
    if (shell.pid !== undefined) this.groups.add(shell.pid);
    return shell;
  }

  get(id: string): Shell | undefined {
    return this.shells.get(id);
  }

  list(): Shell[] {
    return [...this.shells.values()];
  }

  /**
   * Makes a shell a background task: registered as running in the registry, and its end turns
   * into exactly one notification. A shell that already ended is not registered (returns false).
   */
  toBackground(id: string): boolean {
    const shell = this.shells.get(id);
    if (!shell || shell.background || shell.status !== 'running') return false;
    shell.background = true;
    this.registry.start({ id, type: 'shell', description: shell.description, command: shell.command });
    shell.onEnd((s) => {
      this.registry.finish(id, s.status === 'running' ? 'failed' : s.status, endNotice(s));
      this.changed();
    });
    this.changed();
    return true;
  }

  /** Forgets a foreground shell that ended (its output is no longer readable). */
  release(id: string): void {
    const shell = this.shells.get(id);
    if (shell && !shell.background && shell.status !== 'running') {
      this.shells.delete(id);
      this.registry.forget(id);
    }
  }

  /**
   * Kills a running shell's whole group (SIGTERM, SIGKILL after the grace) and resolves once it
   * ended. False when there is no such shell or it is not running.
   */
  async kill(id: string): Promise<boolean> {
    const shell = this.shells.get(id);
    if (!shell || !shell.kill(this.killGraceMs)) return false;
    await shell.done;
    return true;
  }

  /** Kills every running shell and every group a finished shell left behind; resolves when done. */
  async killAll(): Promise<void> {
    const running = this.list().filter((s) => s.status === 'running');
    for (const s of running) s.kill(this.killGraceMs);
    const runningPids = new Set(running.map((s) => s.pid));
    // Finished shells (released foreground ones too) that left processes behind. Only groups still
    // tracked as live: an untracked id may since belong to someone else's group.
    for (const pid of this.groups) {
      if (runningPids.has(pid)) continue;
      if (isTracked(pid) && groupAlive(pid)) signalGroup(pid, 'SIGKILL');
      untrackGroup(pid);
      this.groups.delete(pid);
    }
    await Promise.all(running.map((s) => s.done));
    // A process left in a group that ignored SIGTERM: SIGKILL it now rather than after the grace.
    for (const s of running) if (s.pid !== undefined && groupAlive(s.pid)) signalGroup(s.pid, 'SIGKILL');
  }
}

/** What the model is told when a background shell ended. */
export function endNotice(s: Shell): string {
  const what = `Background shell ${s.id} (${JSON.stringify(short(s.description))})`;
  const read = `Use BashOutput with bash_id "${s.id}" to read its output.`;
  if (s.status === 'killed') return `${what} was killed. ${read}`;
  if (s.spawnError !== null) return `${what} could not be started: ${s.spawnError}`;
  if (s.exitCode === null && s.signal) return `${what} was terminated by ${s.signal}. ${read}`;
  if (s.exitCode === 0) return `${what} finished with exit code 0. ${read}`;
  return `${what} failed with exit code ${s.exitCode}. ${read}`;
}

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 200 ? line : `${line.slice(0, 200)}…`;
}
