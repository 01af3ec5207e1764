// A long-lived helper Node process that this one talks to in JSON lines over its stdin and stdout
// (docs/architecture.md, "The hook spawner"). It runs in its own process group with a small
// environment, never keeps this process alive when idle (its handles are unref'd unless a caller
// holds it), and dies with this process: when every copy of its stdin is closed (this process
// exited, or was killed in any way) it sees EOF and exits.

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { messageOf } from '../util/errors.js';

export interface HelperOptions {
  /** Node's arguments: the program (and any loader flags before it). */
  args: string[];
  cwd: string;
  onMessage(message: unknown): void;
  /** It exited or could not be started; every message it wrote was delivered before. Called once. */
  onClose(why: string): void;
}

/** The last bytes of its stderr kept, to say why it died. */
const STDERR_TAIL = 2048;

export class HelperProcess {
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable> | null;
  private out: Socket | null = null;
  private pending = '';
  private stderr = '';
  private holds = 0;
  private closed = false;

  constructor(private readonly opts: HelperOptions) {
    let child: ChildProcessByStdio<Writable, Readable, Readable>;
    try {
      child = spawn(process.execPath, opts.args, {
        cwd: opts.cwd,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true, // own process group: a Ctrl-C in the terminal is this process's to handle
        windowsHide: true,
      });
    } catch (err) {
      this.child = null;
      queueMicrotask(() => this.close(`could not be started: ${messageOf(err)}`));
      return;
    }
    this.child = child;
    child.on('error', (err) => this.close(`could not be started: ${err.message}`));
    // 'close' comes after 'exit' and after its stdout ended: every message was read by then.
    child.on('close', (code, signal) => this.close(`exited (${signal ?? `code ${code}`})${this.stderr ? `: ${this.stderr.trim()}` : ''}`));
    child.stdin.on('error', () => undefined); // EPIPE once it is gone: 'close' tells the rest
    child.stdout.setEncoding('utf8').on('data', (c: string) => this.read(c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (this.stderr = (this.stderr + c).slice(-STDERR_TAIL)));
    // Node gives a child's pipes as sockets: unref'd, they let this process exit while the helper idles.
    this.out = child.stdout as Socket;
    child.unref();
    (child.stdin as Socket).unref();
    this.out.unref();
    (child.stderr as Socket).unref();
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get alive(): boolean {
    return !this.closed;
  }

  /** Writes one message (a JSON line); false when it is gone. */
  send(message: unknown): boolean {
    if (this.closed || !this.child) return false;
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
    return true;
  }

  /** Keeps this process alive while someone waits for an answer (`release` undoes one `hold`). */
  hold(): void {
    if (this.holds++ === 0) this.out?.ref();
  }

  release(): void {
    if (this.holds > 0 && --this.holds === 0) this.out?.unref();
  }

  kill(): void {
    try {
      this.child?.kill('SIGKILL');
    } catch {
      // already gone
    }
  }

  private read(chunk: string): void {
    this.pending += chunk;
    let nl: number;
    while ((nl = this.pending.indexOf('\n')) >= 0) {
      const line = this.pending.slice(0, nl);
      this.pending = this.pending.slice(nl + 1);
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        continue; // not ours (it never writes anything else)
      }
      this.opts.onMessage(message);
    }
  }

  private close(why: string): void {
    if (this.closed) return;
    this.closed = true;
    while (this.holds > 0) this.release();
    this.opts.onClose(why);
  }
}
