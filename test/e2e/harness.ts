// Shared harness of the end-to-end tests: the real `wave` command (`wave -p`, `wave hooks …`) run
// against the scripted model server (test/model-server), with real shell hooks that dump their
// stdin into files. A command runs in the worker's warm `wave` process or in a process of its own
// (waveHost.ts). Nothing here mocks the agent or the hook engine: every test sees exactly what a
// user of the command line would see (stdout JSON, exit code, files) plus what the model was sent.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Block as WireBlock, HookRunRecord, Message as WireMessage } from '../../sidecar/src/protocol/wire.js';
import { runCommand, type CommandOptions } from './waveHost.js';
import { startModelServer, type ModelServer, type RecordedRequest, type ScriptedTurn, type ScriptStep } from '../model-server/server.js';

export type { ModelServer, RecordedRequest, ScriptedTurn, ScriptStep } from '../model-server/server.js';
export { ownProcessesInThisFile } from './waveHost.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const WAVE_BIN = join(REPO, 'sidecar', 'bin', 'wave.js');
const SIDECAR = join(REPO, 'sidecar');

export type Provider = 'openai' | 'anthropic';
export const PROVIDERS: Provider[] = ['openai', 'anthropic'];

// ------------------------------------------------------------------------------------------ build

/** The sidecar is built once by vitest's globalSetup (test/globalSetup.ts) or by `npm test`. */
export function ensureBuilt(): void {
  if (!existsSync(join(SIDECAR, 'dist', 'cli', 'main.js'))) {
    throw new Error('sidecar/dist is missing: run the tests with vitest (its globalSetup builds it) or `npm test`');
  }
}


// ------------------------------------------------------------------------------------ sandboxes

/** Single-quotes a string for sh. */
export const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export interface HookScript {
  /** Written to stdout (printf %s, no newline added). */
  stdout?: string;
  /** Written to stderr. */
  stderr?: string;
  exit?: number;
  /** Seconds to sleep before answering. */
  sleep?: number;
  /**
   * Extra shell lines run after the stdin dump (before the answer); `$d` is the dump folder, `$n`
   * the number of this call (0, 1, ...), `$f` the file holding this call's stdin.
   */
  body?: string;
  /** Do not read stdin at all. */
  noStdin?: boolean;
}

export interface WaveRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The parsed stdout for --output-format json (null otherwise or when it is not JSON). */
  json: WaveJson | null;
  ms: number;
  /** The process that ran the command: the worker's warm `wave` or its own (waveHost.ts). */
  pid: number;
}

export interface WaveJson {
  session_id: string;
  transcript_path: string;
  result: string;
  blocked?: boolean;
  stopped?: { event: string; reason: string | null };
  error?: string;
  messages: Message[];
}

/**
 * Any block of a message, as a loose view for assertions: every field of every block type of the
 * protocol (protocol/wire.ts), each optional — the output is parsed JSON, so tests look inside
 * blocks without narrowing their type first.
 */
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type WithoutType<B> = B extends unknown ? Omit<B, 'type'> : never;
export type Block = Partial<UnionToIntersection<WithoutType<WireBlock>>> & { type: WireBlock['type'] };

/** A hook run record as it appears in a `hook_run` block. */
export type HookRun = HookRunRecord;

export type Message = Omit<WireMessage, 'blocks'> & { blocks: Block[] };

export interface RunOptions {
  provider?: Provider;
  /** The model server (its base URL is used); leave out with `baseURL` for an unreachable one. */
  server?: ModelServer;
  baseURL?: string;
  format?: 'text' | 'json' | 'stream-json';
  args?: string[];
  /** Environment added to (or removed from, with undefined) the child's. */
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  /** Run from this folder without --workdir (the project is found from there). */
  fromFolder?: string;
  /** 'own': `wave` in a process of its own, never the worker's warm one (waveHost.ts). */
  process?: CommandOptions['process'];
}

const roots: string[] = [];

/** The test runner's environment without anything that would configure Wave or a model. */
function cleanEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(WAVE_|OPENAI_|ANTHROPIC_|CLAUDE)/.test(k) || k === 'VITEST' || k.startsWith('VITEST_')) continue;
    env[k] = v;
  }
  return env;
}

/** Removes every sandbox made by this worker (call in afterAll). */
export function cleanupSandboxes(): void {
  if (process.env.WAVE_E2E_KEEP) return;
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
}

/** A private HOME, a workdir with .wave/, a folder for hook scripts and one for their dumps. */
export class Sandbox {
  readonly root = realpathSync(mkdtempSync(join(tmpdir(), 'wave-e2e-')));
  readonly home = join(this.root, 'home');
  readonly workdir = join(this.root, 'ws');
  readonly out = join(this.root, 'out');
  readonly bin = join(this.root, 'bin');
  readonly projectSettings = join(this.workdir, '.wave', 'settings.json');
  readonly userSettings = join(this.home, '.wave', 'settings.json');
  private scripts = 0;

  constructor() {
    roots.push(this.root);
    for (const d of [this.home, join(this.workdir, '.wave'), this.out, this.bin]) mkdirSync(d, { recursive: true });
  }

  /** Writes `<workdir>/.wave/settings.json`. */
  settings(settings: Record<string, unknown>): this {
    writeFileSync(this.projectSettings, `${JSON.stringify(settings, null, 2)}\n`);
    return this;
  }

  /** Writes `~/.wave/settings.json` of the private HOME. */
  userSettingsFile(settings: Record<string, unknown>): this {
    mkdirSync(join(this.home, '.wave'), { recursive: true });
    writeFileSync(this.userSettings, `${JSON.stringify(settings, null, 2)}\n`);
    return this;
  }

  /** A file in the workdir (relative path), created with its folders. */
  file(rel: string, text: string): string {
    const p = join(this.workdir, rel);
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, text);
    return p;
  }

  /**
   * A hook script that first dumps its stdin to `out/<label>-<n>.json` (n counts earlier dumps of
   * that label, so dumps keep their order), then sleeps / prints / exits as told. Returns the
   * command to put in settings.
   */
  hook(label: string, s: HookScript = {}): string {
    const path = join(this.bin, `${label}-${this.scripts++}.sh`);
    const lines = ['#!/bin/sh', `d=${sq(this.out)}`, `printf '%s\\n' ${sq(label)} >> "$d/order.log"`];
    if (!s.noStdin) lines.push(`n=$(ls "$d" | grep -c '^${label}-[0-9]*\\.json$')`, `f="$d/${label}-$n.json"`, 'cat > "$f"');
    if (s.body) lines.push(s.body);
    if (s.sleep) lines.push(`sleep ${s.sleep}`);
    if (s.stdout !== undefined) lines.push(`printf '%s' ${sq(s.stdout)}`);
    if (s.stderr !== undefined) lines.push(`printf '%s' ${sq(s.stderr)} >&2`);
    lines.push(`exit ${s.exit ?? 0}`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    chmodSync(path, 0o755);
    return sq(path);
  }

  /** The stdin JSON objects a hook labelled `label` received, in order. */
  dumps(label: string): Record<string, any>[] {
    const files = readdirSync(this.out)
      .map((f) => /^(.+)-(\d+)\.json$/.exec(f))
      .filter((m): m is RegExpExecArray => m !== null && m[1] === label)
      .sort((a, b) => Number(a[2]) - Number(b[2]));
    return files.map((m) => JSON.parse(readFileSync(join(this.out, m[0]), 'utf8')) as Record<string, any>);
  }

  /** The labels of the hooks that ran, in the order they started. */
  order(): string[] {
    const p = join(this.out, 'order.log');
    return existsSync(p) ? readFileSync(p, 'utf8').split('\n').filter(Boolean) : [];
  }

  /** Any file a hook or test put into out/. */
  outFile(name: string): string {
    return join(this.out, name);
  }

  /** Runs another `wave` command (`hooks runs`, `hooks stats` …) with this sandbox's HOME, from its workdir. */
  async wave(args: string[], env: Record<string, string> = {}): Promise<WaveRun> {
    const started = performance.now();
    const r = await runCommand(WAVE_BIN, args, { cwd: this.workdir, env: { ...cleanEnv(), HOME: this.home, ...env } });
    return { ...r, json: parseJson(r.stdout), ms: performance.now() - started };
  }

  /** Runs `wave -p <prompt>` in this sandbox. */
  async run(prompt: string, o: RunOptions = {}): Promise<WaveRun> {
    const format = o.format ?? 'json';
    const provider = o.provider ?? 'openai';
    const baseURL = o.baseURL ?? (o.server ? (provider === 'anthropic' ? o.server.anthropicBaseURL : o.server.openaiBaseURL) : undefined);
    const env: Record<string, string | undefined> = cleanEnv();
    Object.assign(env, {
      HOME: this.home,
      WAVE_PROVIDER: provider,
      WAVE_MODEL: 'scripted-model',
      WAVE_API_KEY: 'test-key',
      ...(baseURL ? { WAVE_BASE_URL: baseURL } : {}),
    });
    for (const [k, v] of Object.entries(o.env ?? {})) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
    const where = o.fromFolder ? [] : ['--workdir', this.workdir];
    const args = ['-p', prompt, ...where, '--output-format', format, ...(o.args ?? [])];
    const started = performance.now();
    const r = await runCommand(WAVE_BIN, args, {
      cwd: o.fromFolder ?? this.workdir,
      env,
      ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
      ...(o.process ? { process: o.process } : {}),
    });
    return { ...r, json: format === 'json' ? parseJson(r.stdout) : null, ms: performance.now() - started };
  }
}

function parseJson(stdout: string): WaveJson | null {
  try {
    return JSON.parse(stdout) as WaveJson;
  } catch {
    return null;
  }
}

/** Every file under a folder, recursively (what a run left in a private HOME, say). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : [];
  });
}

// --------------------------------------------------------------------------------- model server

/** Starts a scripted model server; remember to close it (see `withServer`). */
export function server(script: ScriptStep[]): Promise<ModelServer> {
  return startModelServer(script);
}

/** The POST requests that asked the model for a turn (not GET /v1/models). */
export function modelCalls(s: ModelServer): RecordedRequest[] {
  return s.requests.filter((r) => r.method === 'POST' && (r.path === '/v1/chat/completions' || r.path === '/v1/messages'));
}

/** One item of a model request's conversation, in a provider-neutral shape. */
export type WireItem =
  | { kind: 'text'; role: 'user' | 'assistant'; text: string }
  | { kind: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { kind: 'tool_result'; id: string; content: string; isError: boolean };

/** The system prompt of a request, in either wire format. */
export function systemOf(req: RecordedRequest): string {
  const body = req.body as Record<string, any>;
  if (req.path === '/v1/messages') {
    const s = body.system;
    return typeof s === 'string' ? s : Array.isArray(s) ? s.map((b: { text?: string }) => b.text ?? '').join('\n') : '';
  }
  return (body.messages as Array<{ role: string; content: unknown }>)
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
}

/** The conversation of a request (system prompt left out), flattened into items. */
export function wireItems(req: RecordedRequest): WireItem[] {
  const body = req.body as Record<string, any>;
  const out: WireItem[] = [];
  const textOf = (c: unknown): string =>
    typeof c === 'string' ? c : Array.isArray(c) ? c.map((b: { text?: string }) => b.text ?? '').join('\n') : '';
  if (req.path === '/v1/messages') {
    for (const m of body.messages as Array<{ role: 'user' | 'assistant'; content: unknown }>) {
      if (typeof m.content === 'string') {
        out.push({ kind: 'text', role: m.role, text: m.content });
        continue;
      }
      for (const b of m.content as Array<Record<string, any>>) {
        if (b.type === 'text') out.push({ kind: 'text', role: m.role, text: b.text });
        else if (b.type === 'tool_use') out.push({ kind: 'tool_use', id: b.id, name: b.name, input: b.input });
        else if (b.type === 'tool_result') out.push({ kind: 'tool_result', id: b.tool_use_id, content: textOf(b.content), isError: b.is_error === true });
        else out.push({ kind: 'text', role: m.role, text: JSON.stringify(b) });
      }
    }
    return out;
  }
  for (const m of body.messages as Array<Record<string, any>>) {
    if (m.role === 'system' || m.role === 'developer') continue;
    if (m.role === 'tool') {
      // Chat completions has no error flag: the agent marks failed results with an "Error: " prefix.
      const content = textOf(m.content);
      const isError = content.startsWith('Error: ');
      out.push({ kind: 'tool_result', id: m.tool_call_id, content: isError ? content.slice('Error: '.length) : content, isError });
      continue;
    }
    const text = textOf(m.content);
    if (text) out.push({ kind: 'text', role: m.role, text });
    for (const c of (m.tool_calls ?? []) as Array<{ id: string; function: { name: string; arguments: string } }>) {
      out.push({ kind: 'tool_use', id: c.id, name: c.function.name, input: JSON.parse(c.function.arguments) as Record<string, unknown> });
    }
  }
  return out;
}

/** Everything the model was sent as conversation (not the system prompt), as one string. */
export function wireText(req: RecordedRequest): string {
  return wireItems(req)
    .map((i) => (i.kind === 'text' ? i.text : i.kind === 'tool_result' ? i.content : JSON.stringify(i.input)))
    .join('\n');
}

/** The user-role texts of a request. */
export function userTexts(req: RecordedRequest): string[] {
  return wireItems(req).flatMap((i) => (i.kind === 'text' && i.role === 'user' ? [i.text] : []));
}

// ---------------------------------------------------------------------------- message helpers

export const userMessages = (ms: Message[]) => ms.filter((m) => m.role === 'user');
export const blocksOf = (ms: Message[], type: string) => ms.flatMap((m) => m.blocks.filter((b) => b.type === type));
export const errorTexts = (ms: Message[]) => blocksOf(ms, 'error').map((b) => b.content ?? '');
export const toolBlocks = (ms: Message[]) => blocksOf(ms, 'tool');
export const hookRuns = (ms: Message[]) => blocksOf(ms, 'hook_run').map((b) => b.run!);
/** All text of a message's text blocks. */
export const textOfMessage = (m: Message) =>
  m.blocks
    .filter((b) => b.type === 'text')
    .map((b) => b.content ?? '')
    .join('\n');

/** A settings `hooks` entry: one matcher group with one command per handler. */
export function group(commands: Array<string | Record<string, unknown>>, matcher?: string): Record<string, unknown> {
  return {
    ...(matcher !== undefined ? { matcher } : {}),
    hooks: commands.map((c) => (typeof c === 'string' ? { type: 'command', command: c } : { type: 'command', ...c })),
  };
}

/** A scripted model turn that calls one tool. */
export function call(name: string, input: Record<string, unknown>, id?: string): ScriptedTurn {
  return { toolCalls: [{ name, input, ...(id ? { id } : {}) }] };
}

// ----------------------------------------------------------------------------- hook script parts

/**
 * Shell lines (for `HookScript.body`) that read the transcript named by the hook's stdin with
 * `node -e` (what a `jq -r .transcript_path | xargs cat | jq .state.messages` script does, without
 * depending on jq) and save its `.state.messages` to `out/<label>-<n>.messages.json`.
 */
export function readTranscriptBody(label: string): string {
  const js =
    'const fs=require("fs");const i=JSON.parse(fs.readFileSync(process.argv[1],"utf8"));' +
    'const t=JSON.parse(fs.readFileSync(i.transcript_path,"utf8"));fs.writeFileSync(process.argv[2],JSON.stringify(t.state.messages))';
  return `${sq(process.execPath)} -e ${sq(js)} "$f" "$d/${label}-$n.messages.json"`;
}

/** The `.state.messages` a hook saw through `readTranscriptBody`, one list per call. */
export function transcriptsSeen(sb: Sandbox, label: string): Message[][] {
  const out: Message[][] = [];
  for (let n = 0; existsSync(sb.outFile(`${label}-${n}.messages.json`)); n++) {
    out.push(JSON.parse(readFileSync(sb.outFile(`${label}-${n}.messages.json`), 'utf8')) as Message[]);
  }
  return out;
}

/** A JSON answer printed by a hook. */
export const answer = (o: Record<string, unknown>) => JSON.stringify(o);

// ---------------------------------------------------------------------------------- scenarios

export interface ScenarioOptions {
  provider?: Provider;
  prompt?: string;
  /** Project settings (`<workdir>/.wave/settings.json`), built with the sandbox at hand. */
  settings?: (sb: Sandbox) => Record<string, unknown>;
  /** Runs before wave starts (files, user settings ...). */
  setup?: (sb: Sandbox) => void;
  script?: ScriptStep[] | ((sb: Sandbox) => ScriptStep[]);
  args?: string[] | ((sb: Sandbox) => string[]);
  env?: Record<string, string | undefined>;
  format?: 'text' | 'json' | 'stream-json';
  timeoutMs?: number;
  /** Use this sandbox (e.g. a second run in the same HOME). */
  sandbox?: Sandbox;
  /** Use this server instead of starting one (it is not closed). */
  server?: ModelServer;
  /** Run from this folder of the sandbox's workdir (relative), without --workdir. */
  fromFolder?: string;
}

export interface Scenario {
  sb: Sandbox;
  server: ModelServer;
  run: WaveRun;
  /** The parsed `--output-format json` output. */
  json: WaveJson;
  messages: Message[];
  /** The model requests of this run, in order. */
  calls: RecordedRequest[];
}

/**
 * One `wave -p` run: a sandbox, a scripted model server, settings, the run, and the invariant that
 * every run must keep: no `error` or `hook_run` block ever reaches the model (SPEC 6).
 */
export async function scenario(o: ScenarioOptions): Promise<Scenario> {
  const sb = o.sandbox ?? new Sandbox();
  if (o.setup) o.setup(sb);
  if (o.settings) sb.settings(o.settings(sb));
  const script = typeof o.script === 'function' ? o.script(sb) : (o.script ?? [{ text: 'ok' }]);
  const s = o.server ?? (await startModelServer(script));
  const before = modelCalls(s).length;
  let run: WaveRun;
  try {
    run = await sb.run(o.prompt ?? 'hello', {
      provider: o.provider ?? 'openai',
      server: s,
      format: o.format ?? 'json',
      args: typeof o.args === 'function' ? o.args(sb) : (o.args ?? []),
      ...(o.env ? { env: o.env } : {}),
      ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
      ...(o.fromFolder !== undefined ? { fromFolder: join(sb.workdir, o.fromFolder) } : {}),
    });
  } finally {
    if (!o.server) await s.close();
  }
  const calls = modelCalls(s).slice(before);
  const format = o.format ?? 'json';
  if (format === 'json' && !run.json) {
    throw new Error(`wave -p did not print JSON (exit ${run.code}).\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  }
  const json = run.json ?? ({ messages: [] } as unknown as WaveJson);
  assertUserOnlyBlocksNotSent(json.messages, s.requests);
  return { sb, server: s, run, json, messages: json.messages, calls };
}

/** SPEC 6: the conversion to the model's format skips `error` and `hook_run` blocks. */
export function assertUserOnlyBlocksNotSent(messages: Message[], requests: RecordedRequest[]): void {
  const bodies = requests.filter((r) => r.method === 'POST').map((r) => JSON.stringify(r.body));
  const escaped = (t: string) => JSON.stringify(t).slice(1, -1);
  for (const body of bodies) {
    if (body.includes('"hook_run"')) throw new Error('a hook_run block reached the model');
    for (const b of blocksOf(messages, 'hook_run')) {
      if (body.includes(b.run!.id)) throw new Error(`the hook_run record ${b.run!.id} reached the model`);
    }
    for (const text of errorTexts(messages)) {
      if (text && body.includes(escaped(text))) throw new Error(`an error block reached the model: ${text}`);
    }
  }
}
