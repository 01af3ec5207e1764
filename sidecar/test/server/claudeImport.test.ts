// The settings page's Claude Code import over the protocol (docs/hooks.md, "Coming from Claude
// Code"): `hooks.list` names each `.claude/` file whose hooks Wave does not run (the count leaves out
// hooks already imported) and follows the files live; `hooks.import` refuses project files in a
// workspace that is not trusted, writes with format-preserving edits, and the imported hooks run at
// once (active, not pending review), with `"transcript": "jsonl"`.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaveApp } from '../../src/server/app.js';
import type { EventMessage, HooksListing, ResponseMessage, Results } from '../../src/protocol/protocol.js';
import { inMemoryPair } from '../../src/server/transport.js';

const root = mkdtempSync(join(tmpdir(), 'wave-claude-import-'));
const home = join(root, 'home');
const workdir = join(root, 'shop');
const claudeUser = join(home, '.claude', 'settings.json');
const claudeProject = join(workdir, '.claude', 'settings.json');
const claudeLocal = join(workdir, '.claude', 'settings.local.json');
const waveUser = join(home, '.wave', 'settings.json');
const waveProject = join(workdir, '.wave', 'settings.json');
const waveLocal = join(workdir, '.wave', 'settings.local.json');
let app: WaveApp;

const command = (c: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command: c, ...extra });
const file = (hooks: Record<string, unknown>) => `${JSON.stringify({ hooks }, null, 2)}\n`;
const write = (path: string, text: string) => (mkdirSync(join(path, '..'), { recursive: true }), writeFileSync(path, text));

/** The team's Wave file: a comment and a hook that the Claude Code file has too. */
const WAVE_PROJECT = `{
  // team settings
  "permissions": { "allow": ["Read"] },
  "hooks": {
    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo guard" }] }]
  }
}
`;

interface Peer {
  request<M extends keyof Results>(method: M, params?: unknown): Promise<ResponseMessage<M>>;
  /** The next `hooks.changed` listing that passes `check` (already received ones included). */
  listing(check: (l: HooksListing) => boolean): Promise<HooksListing>;
}

let nextId = 1;
function connect(): Peer {
  const [server, client] = inMemoryPair();
  app.connect(server);
  const waiting = new Map<number, (r: ResponseMessage) => void>();
  const listings: HooksListing[] = [];
  const watchers = new Set<(l: HooksListing) => void>();
  client.onMessage((d) => {
    const m = JSON.parse(d) as ResponseMessage | EventMessage;
    if (m.type === 'response' && m.id !== null) waiting.get(m.id)?.(m);
    if (m.type === 'event' && m.event === 'hooks.changed') {
      listings.push(m.data as HooksListing);
      for (const w of watchers) w(m.data as HooksListing);
    }
  });
  return {
    request: (method, params = {}) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve as (r: ResponseMessage) => void);
        client.send({ type: 'request', id, method, params });
      }),
    listing: (check) =>
      new Promise((resolve) => {
        const seen = listings.find(check);
        if (seen) return resolve(seen);
        const w = (l: HooksListing) => check(l) && (watchers.delete(w), resolve(l));
        watchers.add(w);
      }),
  };
}

async function ok<M extends keyof Results>(p: Peer, method: M, params?: unknown): Promise<Results[M]> {
  const r = await p.request(method, params);
  if (!r.ok) throw new Error(`${method} failed: ${r.error.code}: ${r.error.message}`);
  return r.result;
}

const counts = (l: HooksListing) => Object.fromEntries(l.claude.map((c) => [c.from, c.hooks.length]));

beforeAll(async () => {
  write(claudeUser, file({ Stop: [{ hooks: [command('notify-send done')] }] }));
  write(
    claudeProject,
    file({
      PreToolUse: [{ matcher: 'Bash', hooks: [command('echo guard'), command('"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh', { timeout: 10 })] }],
      PostToolUse: [{ matcher: 'Edit|Write', hooks: [command('npx prettier --write .')] }],
      Stop: [{ hooks: [{ type: 'prompt', prompt: 'Is the work done?' }] }],
    }),
  );
  write(claudeLocal, file({ SessionStart: [{ hooks: [command('echo mine')] }] }));
  write(waveProject, WAVE_PROJECT);
  write(join(home, '.wave', 'trusted-workdirs.json'), JSON.stringify({ workdirs: { [workdir]: false } }));
  app = new WaveApp({ workdir, homeDir: home, hostWriter: () => undefined, env: { PATH: process.env.PATH } });
  await app.start();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('Claude Code hooks on the settings page', () => {
  it('lists each .claude file with the hooks its Wave file lacks, and which Wave file they would go to', async () => {
    const p = connect();
    const l = await ok(p, 'hooks.list');
    expect(l.claude.map((c) => [c.from, c.file, c.to, c.importable])).toEqual([
      ['user', claudeUser, waveUser, true],
      ['project', claudeProject, waveProject, false],
      ['local', claudeLocal, waveLocal, false],
    ]);
    // `echo guard` is in .wave/settings.json already: 3 of the 4 would be added.
    expect(l.claude[1]!.hooks).toEqual([
      { event: 'PreToolUse', matcher: 'Bash', what: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh' },
      { event: 'PostToolUse', matcher: 'Edit|Write', what: 'npx prettier --write .' },
      { event: 'Stop', matcher: null, what: 'prompt: Is the work done?' },
    ]);
  });

  it('refuses project files in a workspace that is not trusted, and writes nothing', async () => {
    const p = connect();
    for (const params of [{ from: 'project' }, { from: 'local' }, {}]) {
      const r = await p.request('hooks.import', params);
      expect(r, JSON.stringify(params)).toMatchObject({ ok: false, error: { code: 'refused' } });
      if (!r.ok) expect(r.error.message).toMatch(/imported only into a trusted workspace .*; nothing was imported$/);
      if (!r.ok) expect(r.error.why).toMatchObject({ kind: 'untrustedImport', file: expect.stringMatching(/\.claude\/settings(\.local)?\.json$/), undone: 'imported' });
    }
    expect(readFileSync(waveProject, 'utf8')).toBe(WAVE_PROJECT);
    expect(await p.request('hooks.import', { from: 'elsewhere' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('imports the user file at once: active rows with "transcript": "jsonl", the notice gone, every client told', async () => {
    const p = connect();
    const other = connect();
    const r = await ok(p, 'hooks.import', { from: 'user' });
    expect(r.imported).toEqual([
      { from: 'user', file: claudeUser, to: waveUser, added: [{ event: 'Stop', matcher: null, what: 'notify-send done' }], skipped: 0, settings: [], notImported: [] },
    ]);
    expect(counts(r)).toEqual({ project: 3, local: 1 });
    const row = r.hooks.find((h) => h.file === waveUser)!;
    expect(row).toMatchObject({ source: 'user', event: 'Stop', command: 'notify-send done', state: 'active', transcript: 'jsonl', parallel: true });
    expect(JSON.parse(readFileSync(waveUser, 'utf8'))).toEqual({
      hooks: { Stop: [{ parallel: true, hooks: [{ type: 'command', command: 'notify-send done', description: 'from ~/.claude/settings.json', transcript: 'jsonl' }] }] },
    });
    // The session runs it now: nothing waits for review.
    expect(r.config.review).toEqual([]);
    expect(
      app.chat
        .sessionConfig()!
        .sources()
        .hooks.some((h) => h.file === waveUser && h.summary === 'notify-send done'),
    ).toBe(true);
    await other.listing((l) => !l.claude.some((c) => c.from === 'user'));
  });

  it('follows the .claude files live: a hook added there shows in the next listing pushed', async () => {
    const p = connect();
    write(claudeLocal, file({ SessionStart: [{ hooks: [command('echo mine'), command('echo also-mine')] }] }));
    const l = await p.listing((x) => counts(x).local === 2);
    expect(counts(l)).toEqual({ project: 3, local: 2 });
  });

  it('once trusted, imports every project file, keeps the Wave file byte for byte and skips what is there', async () => {
    const p = connect();
    const info = await ok(p, 'trust.set', { trusted: true });
    expect(info.state).toBe('trusted');
    expect((await ok(p, 'hooks.list')).claude.map((c) => c.importable)).toEqual([true, true]);
    const r = await ok(p, 'hooks.import', {});
    expect(r.imported.map((d) => [d.from, d.added.length, d.skipped])).toEqual([
      ['project', 3, 1],
      ['local', 2, 0],
    ]);
    expect(r.claude).toEqual([]);
    const text = readFileSync(waveProject, 'utf8');
    expect(text.startsWith('{\n  // team settings\n  "permissions": { "allow": ["Read"] },\n')).toBe(true);
    expect(text.match(/"transcript": "jsonl"/g)).toHaveLength(2); // the two command hooks, not the prompt
    const imported = r.hooks.filter((h) => h.file === waveProject || h.file === waveLocal);
    expect(imported.map((h) => [h.event, h.command, h.state, h.transcript])).toEqual([
      ['PreToolUse', 'echo guard', 'active', null],
      ['PreToolUse', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh', 'active', 'jsonl'],
      ['PostToolUse', 'npx prettier --write .', 'active', 'jsonl'],
      ['Stop', 'prompt: Is the work done?', 'active', null],
      ['SessionStart', 'echo mine', 'active', 'jsonl'],
      ['SessionStart', 'echo also-mine', 'active', 'jsonl'],
    ]);
    // Again: nothing to add, nothing written.
    const before = readFileSync(waveLocal, 'utf8');
    expect((await ok(p, 'hooks.import', {})).imported).toEqual([]);
    expect(readFileSync(waveLocal, 'utf8')).toBe(before);
  });

  it('refuses a Wave file that is not valid JSON, naming it, and writes nothing', async () => {
    const p = connect();
    const broken = '{ "hooks": { oops } }\n';
    write(waveLocal, broken);
    write(claudeLocal, file({ SessionStart: [{ hooks: [command('echo later')] }] }));
    await p.listing((l) => counts(l).local === 1);
    const r = await p.request('hooks.import', { from: 'local' });
    expect(r).toMatchObject({ ok: false, error: { code: 'refused' } });
    if (!r.ok) expect(r.error.message).toContain(`${waveLocal} is not valid JSON`);
    if (!r.ok) expect(r.error.why).toMatchObject({ kind: 'invalidJson', file: waveLocal, undone: 'imported' });
    expect(readFileSync(waveLocal, 'utf8')).toBe(broken);
  });

  it('refuses a Claude Code file that is not valid JSON, saying where in data, and writes nothing', async () => {
    const p = connect();
    write(claudeLocal, '{\n  "hooks": { oops }\n}\n');
    const before = existsSync(waveLocal) ? readFileSync(waveLocal, 'utf8') : null;
    const r = await p.request('hooks.import', { from: 'local' });
    expect(r).toMatchObject({ ok: false, error: { code: 'refused', why: { kind: 'invalidJson', file: claudeLocal, line: 2, undone: 'imported' } } });
    expect(existsSync(waveLocal) ? readFileSync(waveLocal, 'utf8') : null).toBe(before);
  });
});
