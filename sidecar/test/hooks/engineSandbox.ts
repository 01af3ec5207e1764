// The sandbox of the hook engine's tests (engine.test.ts with real hook processes, matrix.unit.test.ts
// with the fake runner): real settings files in a temporary HOME and workdir, a HookManager over
// them, and an event fired with the event's sample input.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  EVENTS,
  HookManager,
  type FireContext,
  type FireResult,
  type HookEventName,
  type HookManagerOptions,
  type HookRunRecord,
  type ProcessRunner,
} from '../../src/hooks/index.js';

export type Handler = string | ({ command: string } & Record<string, unknown>);
export interface Group {
  matcher?: string;
  hooks: Handler[];
}
export type HooksSpec = Record<string, Group[]>;

// Every sandbox lives under one temporary folder per test file, removed at the end (`removeSandboxes`).
const TMP = realpathSync(mkdtempSync(join(tmpdir(), 'wave-engine-')));

/** Removes every sandbox of this test file (call in afterAll). */
export function removeSandboxes(): void {
  rmSync(TMP, { recursive: true, force: true });
}

export function toHooks(spec: HooksSpec): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(spec).map(([event, groups]) => [
      event,
      groups.map((g) => ({ ...g, hooks: g.hooks.map((h) => (typeof h === 'string' ? { type: 'command', command: h } : { type: 'command', ...h })) })),
    ]),
  );
}

/** One group without matcher holding the given handlers. */
export function on(event: string, ...handlers: Handler[]): HooksSpec {
  return { [event]: [{ hooks: handlers }] };
}

/** Single-quotes a string for sh. */
export const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** A command printing one JSON value on stdout. */
export const printJson = (v: unknown) => `printf '%s\\n' ${sq(JSON.stringify(v))}`;

export class Sandbox {
  readonly root: string;
  readonly home: string;
  readonly workdir: string;

  /**
   * `runProcess` runs every command hook of this sandbox's managers: the real runner by default, the
   * fake one (fakeRunner.ts) for the answer matrix.
   */
  constructor(private readonly runProcess?: ProcessRunner) {
    this.root = mkdtempSync(join(TMP, 'sb-'));
    this.home = join(this.root, 'home');
    this.workdir = join(this.root, 'work');
    mkdirSync(this.home, { recursive: true });
    mkdirSync(this.workdir, { recursive: true });
  }

  path(name: string): string {
    return join(this.root, name);
  }

  read(name: string): string {
    return readFileSync(this.path(name), 'utf8');
  }

  readJson(name: string): Record<string, unknown> {
    return JSON.parse(this.read(name)) as Record<string, unknown>;
  }

  lines(name: string): string[] {
    return existsSync(this.path(name)) ? this.read(name).split('\n').filter(Boolean) : [];
  }

  /** A command appending `word` to the log file `name`. */
  log(word: string, name = 'log'): string {
    return `echo ${word} >> ${sq(this.path(name))}`;
  }

  /** A command writing its stdin to `name`. */
  dump(name: string): string {
    return `cat > ${sq(this.path(name))}`;
  }

  writeJson(file: string, value: unknown): void {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  }

  script(name: string, body: string): string {
    const file = this.path(name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  }

  settings(hooks?: HooksSpec, extra: Record<string, unknown> = {}): Record<string, unknown> {
    return { ...extra, ...(hooks ? { hooks: toHooks(hooks) } : {}) };
  }

  get userFile() {
    return join(this.home, '.wave', 'settings.json');
  }
  get projectFile() {
    return join(this.workdir, '.wave', 'settings.json');
  }
  get localFile() {
    return join(this.workdir, '.wave', 'settings.local.json');
  }

  user(hooks?: HooksSpec, extra?: Record<string, unknown>): void {
    this.writeJson(this.userFile, this.settings(hooks, extra));
  }
  project(hooks?: HooksSpec, extra?: Record<string, unknown>): void {
    this.writeJson(this.projectFile, this.settings(hooks, extra));
  }
  local(hooks?: HooksSpec, extra?: Record<string, unknown>): void {
    this.writeJson(this.localFile, this.settings(hooks, extra));
  }
  /** Installs a plugin under ~/.wave/plugins/<name>; returns its root. */
  plugin(name: string, hooks: HooksSpec): string {
    const root = join(this.home, '.wave', 'plugins', name);
    this.writeJson(join(root, 'hooks', 'hooks.json'), { description: `the ${name} plugin`, hooks: toHooks(hooks) });
    return root;
  }

  manager(opts: Partial<HookManagerOptions> = {}): HookManager {
    return new HookManager({ workdir: this.workdir, homeDir: this.home, ...(this.runProcess ? { runProcess: this.runProcess } : {}), ...opts });
  }

  ctx(over: Partial<FireContext> = {}): FireContext {
    return {
      sessionId: 'sess-123',
      transcriptPath: join(this.home, '.wave', 'sessions', 'session_sess-123.json'),
      cwd: this.workdir,
      permissionMode: 'default',
      ...over,
    };
  }

  /** Fires an event with the event's sample input overlaid by `input`. */
  fire(event: HookEventName, input: Record<string, unknown> = {}, opts: { manager?: HookManager; ctx?: Partial<FireContext> } = {}): Promise<FireResult> {
    const m = opts.manager ?? this.manager();
    return m.fire(event, { ...sample(event), ...input } as never, this.ctx(opts.ctx));
  }
}

export function sample(event: HookEventName): Record<string, unknown> {
  return structuredClone(EVENTS[event].sample) as Record<string, unknown>;
}

export const tool = (tool_name: string, tool_input: Record<string, unknown> = { command: 'echo hi' }) => ({ tool_name, tool_input, tool_use_id: 'toolu_1' });

export function parseEnv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

export const runNames = (runs: HookRunRecord[]) => runs.map((r) => r.name);
