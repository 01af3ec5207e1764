// Harness of the `wave serve` protocol tests: the real sidecar executable as a child process with a
// temporary HOME and workdir, its ready line, the host lines it prints after it, and a tiny typed
// WebSocket client speaking the shared protocol (sidecar/src/protocol/protocol.ts). Nothing is mocked:
// the tests see what the IDE shell and the web UI see.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { HANG_MS } from '../limits.js';
import type {
  ErrorCode,
  EventMessage,
  EventName,
  Events,
  HostRequest,
  Method,
  Params,
  ReadyLine,
  Refusal,
  ResponseMessage,
  Results,
} from '../../sidecar/src/protocol/protocol.js';

export type * from '../../sidecar/src/protocol/protocol.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const WAVE_BIN = join(REPO, 'sidecar', 'bin', 'wave.js');

export { ensureBuilt } from '../e2e/harness.js';

// ------------------------------------------------------------------------------------ sandboxes

export interface Sandbox {
  root: string;
  /** HOME of the sidecar (user settings in home/.wave). */
  home: string;
  workdir: string;
  userSettings: string;
  projectSettings: string;
  projectLocal: string;
  pluginsDir: string;
  /** Writes a file (creating its folder); a string is written as UTF-8 bytes, verbatim. */
  write(path: string, text: string | Buffer): string;
  read(path: string): string;
}

const sandboxes: string[] = [];

export function makeSandbox(name = 'sb', workdirName = 'project-x'): Sandbox {
  const root = mkdtempSync(join(tmpdir(), `wave-server-${name}-`));
  sandboxes.push(root);
  const home = join(root, 'home');
  const workdir = join(root, 'work', workdirName);
  mkdirSync(home, { recursive: true });
  mkdirSync(workdir, { recursive: true });
  return {
    root,
    home,
    workdir,
    userSettings: join(home, '.wave', 'settings.json'),
    projectSettings: join(workdir, '.wave', 'settings.json'),
    projectLocal: join(workdir, '.wave', 'settings.local.json'),
    pluginsDir: join(home, '.wave', 'plugins'),
    write(path, text) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
    read(path) {
      return readFileSync(path, 'utf8');
    },
  };
}

/** Gives a whole sandbox to another user (for tests that need a sidecar that is not root). */
export function chownTree(path: string, uid: number, gid: number): void {
  chownSync(path, uid, gid);
  if (lstatSync(path).isDirectory()) for (const e of readdirSync(path)) chownTree(join(path, e), uid, gid);
}

export function cleanupSandboxes(): void {
  for (const root of sandboxes.splice(0)) {
    // An immutable file (chattr +i) would make the removal fail.
    spawnSync('chattr', ['-R', '-i', root], { stdio: 'ignore' });
    rmSync(root, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------ the client

export class CallError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

export interface ConnectOptions {
  /** Default: the server's own origin; null sends no Origin header. */
  origin?: string | null;
  /** Overrides the Host header. */
  host?: string;
  /** Default: the server's token; null sends none. */
  token?: string | null;
  path?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

type Waiter = { check: () => boolean };

/** A WebSocket client of the protocol: typed calls, an event log, raw access for malformed input. */
export class WaveClient {
  /** Every event received, in order. */
  readonly events: EventMessage[] = [];
  /** Responses that had no id to match (replies to malformed messages), in order. */
  readonly orphanResponses: ResponseMessage[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, (r: ResponseMessage) => void>();
  private readonly waiters = new Set<Waiter>();
  closed = false;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as ResponseMessage | EventMessage;
      if (msg.type === 'event') this.events.push(msg);
      else if (msg.id !== null && this.pending.has(msg.id)) {
        const done = this.pending.get(msg.id)!;
        this.pending.delete(msg.id);
        done(msg);
      } else this.orphanResponses.push(msg);
      for (const w of [...this.waiters]) if (w.check()) this.waiters.delete(w);
    });
    ws.on('close', () => {
      this.closed = true;
      for (const w of [...this.waiters]) if (w.check()) this.waiters.delete(w);
    });
  }

  /** Sends one request and resolves with the whole response message (ok or not). */
  request(method: string, params?: unknown, id = this.nextId++): Promise<ResponseMessage> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('the connection is closed'));
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ type: 'request', id, method, ...(params === undefined ? {} : { params }) }));
    });
  }

  /** A typed call: the result, or a CallError with the protocol's error code. */
  async call<M extends Method>(method: M, params: Params<M>): Promise<Results[M]> {
    const r = await this.request(method, params);
    if (!r.ok) throw new CallError(r.error.code, r.error.message);
    return r.result as Results[M];
  }

  /** A call that must fail: its error. */
  async refused<M extends Method>(method: M, params: Params<M>): Promise<{ code: ErrorCode; message: string; why?: Refusal }> {
    const r = await this.request(method, params);
    if (r.ok) throw new Error(`${method} was expected to fail but returned ${JSON.stringify(r.result).slice(0, 300)}`);
    return r.error;
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  /** The index of the next event: pass as `since` to wait only for later events. */
  mark(): number {
    return this.events.length;
  }

  private wait<T>(probe: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> {
    return new Promise((resolve, reject) => {
      const first = probe();
      if (first !== undefined) return resolve(first);
      const waiter: Waiter = {
        check: () => {
          const v = probe();
          if (v !== undefined) {
            clearTimeout(timer);
            resolve(v);
            return true;
          }
          if (this.closed) {
            clearTimeout(timer);
            reject(new Error(`the connection closed while waiting for ${what()}`));
            return true;
          }
          return false;
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what()}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** The first event of that name (at or after `since`) that satisfies the predicate. */
  waitFor<E extends EventName>(
    event: E,
    predicate: (data: Events[E]) => boolean = () => true,
    opts: { since?: number; timeoutMs?: number } = {},
  ): Promise<Events[E]> {
    const since = opts.since ?? 0;
    return this.wait(
      () => {
        for (let i = since; i < this.events.length; i++) {
          const e = this.events[i]!;
          if (e.event === event && predicate(e.data as Events[E])) return e.data as Events[E];
        }
        return undefined;
      },
      opts.timeoutMs ?? HANG_MS,
      () =>
        `event ${event} (events so far: ${
          this.events
            .slice(since)
            .map((e) => e.event)
            .join(', ') || 'none'
        })`,
    );
  }

  /** Events of one name received so far (at or after `since`). */
  eventsOf<E extends EventName>(event: E, since = 0): Array<Events[E]> {
    return this.events
      .slice(since)
      .filter((e) => e.event === event)
      .map((e) => e.data as Events[E]);
  }

  /** The next reply that could not be matched to a request id. */
  nextOrphan(timeoutMs = HANG_MS): Promise<ResponseMessage> {
    return this.wait(
      () => this.orphanResponses.shift(),
      timeoutMs,
      () => 'a reply to a malformed message',
    );
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

// ------------------------------------------------------------------------------------ the server

export interface ServeOptions {
  home: string;
  workdir: string;
  /** Added to a clean environment (PATH, HOME and the given keys; no WAVE_* from the outside). */
  env?: Record<string, string>;
  args?: string[];
  /** Run the sidecar as this user (only possible when the tests run as root). */
  uid?: number;
  gid?: number;
  /** Give the sidecar a stdin pipe (for --exit-with-stdin); default: no stdin. */
  stdin?: boolean;
}

export type UpgradeOutcome = { opened: true } | { opened: false; status: number; body: string };

export class WaveServer {
  /** Lines printed on stdout after the ready line (host requests), raw. */
  readonly stdoutLines: string[] = [];
  stderr = '';
  exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly clients = new Set<WaveClient>();
  private listeners = new Set<() => void>();

  constructor(
    readonly child: ChildProcess,
    readonly ready: ReadyLine['ready'],
    /** Everything on stdout before the first newline (must be the ready line). */
    readonly firstLine: string,
    rest: string,
  ) {
    let buf = rest;
    const take = () => {
      let nl: number;
      while ((nl = buf.indexOf('\n')) !== -1) {
        this.stdoutLines.push(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
      }
      for (const l of [...this.listeners]) l();
    };
    take();
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString('utf8');
      take();
    });
    child.stderr!.on('data', (d: Buffer) => {
      this.stderr += d.toString('utf8');
      for (const l of [...this.listeners]) l();
    });
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        for (const l of [...this.listeners]) l();
        resolve({ code, signal });
      }),
    );
  }

  get port(): number {
    return this.ready.port;
  }
  get token(): string {
    return this.ready.token;
  }
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Host requests printed so far (each stdout line after the ready line, parsed). */
  hostLines(): HostRequest[] {
    return this.stdoutLines.map((l) => JSON.parse(l) as HostRequest);
  }

  /** Resolves when the condition holds (re-checked on every stdout/stderr chunk). */
  until(cond: () => boolean, what: string, timeoutMs = HANG_MS): Promise<void> {
    return new Promise((resolve, reject) => {
      if (cond()) return resolve();
      const check = () => {
        if (cond()) {
          this.listeners.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; stdout: ${JSON.stringify(this.stdoutLines)}; stderr: ${this.stderr}`));
      }, timeoutMs);
      this.listeners.add(check);
    });
  }

  /** Waits until at least `n` host lines were printed; returns all of them. */
  async waitForHost(n: number, timeoutMs = HANG_MS): Promise<HostRequest[]> {
    await this.until(() => this.stdoutLines.length >= n, `${n} host lines`, timeoutMs);
    return this.hostLines();
  }

  waitForStderr(re: RegExp, timeoutMs = HANG_MS): Promise<void> {
    return this.until(() => re.test(this.stderr), `stderr matching ${re}`, timeoutMs);
  }

  private wsUrl(opts: ConnectOptions): string {
    const token = opts.token === undefined ? this.token : opts.token;
    const path = opts.path ?? '/ws';
    return `ws://127.0.0.1:${this.port}${path}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;
  }

  private wsOptions(opts: ConnectOptions): WebSocket.ClientOptions {
    const origin = opts.origin === undefined ? this.origin : opts.origin;
    return {
      ...(origin === null ? {} : { origin }),
      headers: { ...(opts.host ? { host: opts.host } : {}), ...opts.headers },
      handshakeTimeout: HANG_MS,
    };
  }

  /** Opens a WebSocket client (it must be accepted). */
  connect(opts: ConnectOptions = {}): Promise<WaveClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.wsUrl(opts), this.wsOptions(opts));
      ws.once('open', () => {
        const c = new WaveClient(ws);
        this.clients.add(c);
        resolve(c);
      });
      ws.once('unexpected-response', (_req, res) => reject(new Error(`the WebSocket upgrade was refused with ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Tries a WebSocket upgrade and reports whether it opened or the HTTP status it got. */
  tryUpgrade(opts: ConnectOptions = {}): Promise<UpgradeOutcome> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.wsUrl(opts), this.wsOptions(opts));
      ws.once('open', () => {
        ws.close();
        resolve({ opened: true });
      });
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ opened: false, status: res.statusCode ?? 0, body }));
        res.on('error', () => resolve({ opened: false, status: res.statusCode ?? 0, body }));
      });
      ws.once('error', (err) => {
        if (!/Unexpected server response/.test(err.message)) reject(err);
      });
    });
  }

  /** A plain HTTP request to the sidecar. */
  http(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: this.port, path, method, headers }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** SIGTERM; resolves with how it exited (it must exit within the timeout). */
  async stop(timeoutMs = HANG_MS): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    await Promise.all([...this.clients].map((c) => c.close().catch(() => undefined)));
    if (!this.exit) this.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        reject(new Error(`wave serve did not exit within ${timeoutMs} ms of SIGTERM; stderr: ${this.stderr}`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
      servers.delete(this);
    }
  }
}

const servers = new Set<WaveServer>();

/** Starts `wave serve` and resolves once its ready line was read (it must be the first stdout line). */
export function startServe(opts: ServeOptions): Promise<WaveServer> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: opts.home,
    LANG: 'C.UTF-8',
    ...opts.env,
  };
  const child = spawn(process.execPath, [WAVE_BIN, 'serve', '--workdir', opts.workdir, '--port', '0', ...(opts.args ?? [])], {
    env,
    cwd: opts.workdir,
    stdio: [opts.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid ?? opts.uid } : {}),
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const onOut = (d: Buffer) => {
      out += d.toString('utf8');
      const nl = out.indexOf('\n');
      if (nl === -1) return;
      child.stdout!.off('data', onOut);
      child.stderr!.off('data', onErr);
      clearTimeout(timer);
      const first = out.slice(0, nl);
      let ready: ReadyLine;
      try {
        ready = JSON.parse(first) as ReadyLine;
        if (!ready.ready || typeof ready.ready.port !== 'number') throw new Error('no ready key');
      } catch {
        child.kill('SIGKILL');
        return reject(new Error(`the first stdout line is not the ready line: ${first}`));
      }
      const server = new WaveServer(child, ready.ready, first, out.slice(nl + 1));
      server.stderr = err;
      servers.add(server);
      resolve(server);
    };
    const onErr = (d: Buffer) => {
      err += d.toString('utf8');
    };
    child.stdout!.on('data', onOut);
    child.stderr!.on('data', onErr);
    child.once('exit', (code) => reject(new Error(`wave serve exited (${code}) before its ready line; stderr: ${err}`)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no ready line within ${HANG_MS / 1000} s (a hang); stderr: ${err}`));
    }, HANG_MS);
  });
}

/** Kills every server a failed test left running. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...servers].map((s) => s.stop().catch(() => undefined)));
}

// ------------------------------------------------------------------------------------ helpers

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls until the function returns a value other than undefined. */
export async function eventually<T>(fn: () => T | undefined, what: string, timeoutMs = HANG_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** One command handler, in the settings shape. */
export function handler(command: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'command', command, ...extra };
}

/** Single-quotes a string for sh. */
export const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Whether the given uid can be used for a sidecar run by root (spawn with uid). */
export const IS_ROOT = typeof process.getuid === 'function' && process.getuid() === 0;
export const NOBODY = 65534;
