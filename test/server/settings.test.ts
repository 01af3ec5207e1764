// hooks.list / hooks.delete over a real WebSocket against a real `wave serve`, on real files with
// comments, tabs, odd indentation, CRLF, unicode and other keys (SPEC 8): the list carries absolute
// paths, lines and parse errors; a delete removes exactly the hook's bytes (computed independently
// in jsonCut.ts, and written out by hand for the fixture cases); every refusal leaves every file
// byte-identical and the list as it was.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chownTree,
  cleanupSandboxes,
  ensureBuilt,
  IS_ROOT,
  makeSandbox,
  NOBODY,
  startServe,
  stopAllServers,
  type HookListItem,
  type HooksListing,
  type Sandbox,
  type WaveClient,
  type WaveServer,
} from './harness.js';
import { expectedRemoval, hookAt, removalPath, removedTokensOnly, valueWithout } from './jsonCut.js';

const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));
const USER_LF = readFileSync(join(FIXTURES, 'user-settings.jsonc'), 'utf8');
const PROJECT_LF = readFileSync(join(FIXTURES, 'project-settings.json'), 'utf8');
const crlf = (s: string) => s.replace(/\n/g, '\r\n');
/** The user fixture without a SessionStart hook, for servers that get it before their session started. */
const USER_NO_START = USER_LF.replace('"SessionStart": [ // odd', '"PostCompact": [ // odd');
const PLUGIN =
  '{\n  "description": "formatter plugin",\n  "hooks": { "PostToolUse": [ { "matcher": "Write", "hooks": [ { "type": "command", "command": "${WAVE_PLUGIN_ROOT}/fmt.sh" } ] } ] }\n}\n';
const BROKEN = '{\n  "hooks": {\n    "Stop": [\n      { "hooks": [ { "type": "command", "command": "x" } ] }\n    ],\n  }\n}\n';

afterAll(async () => {
  await stopAllServers();
  cleanupSandboxes();
});

function parseJsonc(text: string): unknown {
  const errors: unknown[] = [];
  const v = parse(text, errors as never);
  if (errors.length) throw new Error('not valid JSONC');
  return v;
}

/** Every byte of the given files (null when missing). */
function snapshot(paths: string[]): Map<string, Buffer | null> {
  return new Map(paths.map((p) => [p, existsSync(p) ? readFileSync(p) : null]));
}
function expectUnchanged(before: Map<string, Buffer | null>): void {
  for (const [p, bytes] of before) {
    const now = existsSync(p) ? readFileSync(p) : null;
    expect(now === null ? null : now.toString('utf8'), p).toBe(bytes === null ? null : bytes.toString('utf8'));
  }
}

/** The listing as a client shows it (trust aside). */
const shape = (l: HooksListing) => ({ files: l.files, hooks: l.hooks, problems: l.problems });

async function deleteHook(client: WaveClient, pick: (h: HookListItem) => boolean): Promise<{ item: HookListItem; before: HooksListing; after: HooksListing }> {
  const before = await client.call('hooks.list', {});
  const item = before.hooks.find(pick);
  if (!item) throw new Error('no such hook in the list');
  const version = before.files.find((f) => f.path === item.file)!.version;
  const after = await client.call('hooks.delete', { id: item.id, version });
  return { item, before, after };
}

describe('list and delete round trips (workdir "my #proj ü")', () => {
  let sb: Sandbox;
  let server: WaveServer;
  let client: WaveClient;
  let pluginFile: string;
  beforeAll(async () => {
    ensureBuilt();
    // A `#`, a blank and a non-ASCII letter in the workdir path: ids and paths must still work.
    sb = makeSandbox('settings', 'my #proj ü');
    pluginFile = sb.write(join(sb.pluginsDir, 'fmt', 'hooks', 'hooks.json'), PLUGIN);
    server = await startServe({ home: sb.home, workdir: sb.workdir });
    client = await server.connect();
    // The chat session has started (its SessionStart fired before any settings file was written).
    await client.call('chat.state', {});
  });

  it('lists every source with absolute paths, lines, versions and the parse error of a broken file', async () => {
    sb.write(sb.userSettings, USER_LF);
    sb.write(sb.projectSettings, crlf(PROJECT_LF));
    sb.write(sb.projectLocal, BROKEN);
    const l = await client.call('hooks.list', {});
    expect(l.workdir).toBe(sb.workdir);
    expect(l.projectName).toBe('my #proj ü');
    expect(l.files.map((f) => [f.source, f.path, f.exists])).toEqual([
      ['plugin', pluginFile, true],
      ['user', sb.userSettings, true],
      ['project', sb.projectSettings, true],
      ['projectLocal', sb.projectLocal, true],
    ]);
    for (const f of l.files) expect(isAbsolute(f.path)).toBe(true);
    // The trailing comma at line 5, column 6 of the local file (named where the comma is).
    expect(l.files[3]!.error).toEqual({ line: 5, column: 6, message: expect.any(String), trailingComma: true });
    expect(l.files.slice(0, 3).map((f) => f.error)).toEqual([null, null, null]);
    expect(l.problems).toContainEqual(expect.objectContaining({ file: sb.projectLocal, line: 5, column: 6, severity: 'error' }));
    expect(new Set(l.files.map((f) => f.version)).size).toBe(4);

    const rows = l.hooks.map((h) => [h.source, h.event, h.matcher, h.command, h.line, h.editable]);
    expect(rows).toEqual([
      ['plugin', 'PostToolUse', 'Write', join(sb.pluginsDir, 'fmt', 'fmt.sh'), 3, false],
      ['user', 'PreToolUse', 'Bash', '~/bin/guard.sh', 15, true],
      ['user', 'PreToolUse', 'Bash', "echo 'second ✓'", 16, true],
      ['user', 'PreToolUse', 'Bash', 'printf \'%s\' "third — 三"', 17, true],
      ['user', 'PreToolUse', 'Write|Edit', 'npx prettier --check', 24, true],
      ['user', 'Stop', null, 'say done', 29, true],
      ['user', 'Stop', null, 'notify-send 完成', 29, true],
      ['user', 'SessionStart', null, 'echo "é escaped"', 34, true],
      ['project', 'PostToolUse', 'Write|Edit', 'npm run lint -- --fix', 8, true],
      ['project', 'PostToolUse', 'Write|Edit', 'npm run format', 13, true],
      ['project', 'UserPromptSubmit', null, 'cat .wave/context.md', 22, true],
      ['project', 'UserPromptSubmit', null, 'date', 24, true],
    ]);
    expect(l.hooks[0]).toMatchObject({ pluginName: 'fmt', file: pluginFile });
    expect(l.hooks[1]).toMatchObject({ file: sb.userSettings, timeout: 5, async: false, pluginName: null, description: '~/bin/guard.sh' });
    expect(l.hooks[3]).toMatchObject({ description: 'third hook' });
    expect(l.hooks[8]).toMatchObject({ file: sb.projectSettings, description: 'lint' });
    expect(l.hooks[9]).toMatchObject({ async: true, timeout: null });
    expect(new Set(l.hooks.map((h) => h.id)).size).toBe(l.hooks.length);
  });

  const handwritten: Array<[string, string, (t: string) => string]> = [
    [
      'the first handler (its comment line stays)',
      '~/bin/guard.sh',
      (t) => t.replace('\t\t\t\t\t{ "type": "command", "command": "~/bin/guard.sh", "timeout": 5 },\n', ''),
    ],
    [
      'a middle handler with a trailing comment (the comment stays)',
      "echo 'second ✓'",
      (t) => t.replace(`{"type":"command","command":"echo 'second ✓'"},   `, ''),
    ],
    [
      'the last, multi-line handler (the comma before it goes, the note after that comma stays)',
      'printf \'%s\' "third — 三"',
      (t) =>
        t
          .replace(`"echo 'second ✓'"},   // trailing note`, `"echo 'second ✓'"}   // trailing note`)
          .replace(
            '\t\t\t\t\t{\n\t\t\t\t\t  "type": "command",\n\t\t\t\t\t    "command": "printf \'%s\' \\"third — 三\\"",\n\t\t\t\t\t  "description": "third hook"\n\t\t\t\t\t}\n',
            '',
          ),
    ],
    [
      'the only handler of the last group (the group goes)',
      'npx prettier --check',
      (t) => t.replace('\t\t\t},\n\t\t\t{ "matcher": "Write|Edit", "hooks": [ { "type": "command", "command": "npx prettier --check" } ] }\n', '\t\t\t}\n'),
    ],
    ['the first of two handlers on one line', 'say done', (t) => t.replace('{ "type": "command", "command": "say done" }, ', '')],
    [
      'the second of two handlers on one line',
      'notify-send 完成',
      (t) =>
        t.replace(
          '{ "type": "command", "command": "say done" }, { "type": "command", "command": "notify-send 完成" }',
          '{ "type": "command", "command": "say done" }',
        ),
    ],
    [
      'the only hook of an event (the event key goes)',
      'echo "é escaped"',
      (t) =>
        t.replace(
          '\t\t],\n     "SessionStart": [ // odd indentation\n       { "hooks": [ { "type": "command", "command": "echo \\"\\u00e9 escaped\\"" } ] }\n     ]\n',
          '\t\t]\n',
        ),
    ],
  ];

  for (const [eol, convert] of [['LF', (s: string) => s] as const, ['CRLF', crlf] as const]) {
    for (const [what, command, edit] of handwritten) {
      it(`user file, ${eol}: deleting ${what} removes exactly its bytes`, async () => {
        const original = convert(USER_LF);
        sb.write(sb.userSettings, original);
        const others = snapshot([sb.projectSettings, sb.projectLocal, pluginFile]);
        const expected = convert(edit(USER_LF));
        expect(expected).not.toBe(original); // the hand-written edit applied
        const { item, before, after } = await deleteHook(client, (h) => h.source === 'user' && h.command === command);
        const text = readFileSync(sb.userSettings, 'utf8');
        expect(text).toBe(expected);
        // The independent rule and the token check agree with the hand-written result.
        const value = parseJsonc(original);
        const path = removalPath(value, hookAt(item.id));
        expect(expectedRemoval(original, path)).toBe(expected);
        expect(removedTokensOnly(original, text, path)).toBeNull();
        expect(parseJsonc(text)).toEqual(valueWithout(value, hookAt(item.id)));
        // The fresh list: one hook fewer, the others untouched; other files byte-identical.
        expect(after.hooks.map((h) => h.command)).toEqual(before.hooks.filter((h) => h.id !== item.id).map((h) => h.command));
        expectUnchanged(others);
      });
    }
  }

  it('project file (CRLF, no final newline): every hook, one at a time, by the independent rule; the last group keeps the comment above it', async () => {
    const original = crlf(PROJECT_LF);
    const commands = ['npm run lint -- --fix', 'npm run format', 'cat .wave/context.md', 'date'];
    for (const command of commands) {
      sb.write(sb.projectSettings, original);
      const others = snapshot([sb.userSettings, sb.projectLocal, pluginFile]);
      const { item } = await deleteHook(client, (h) => h.source === 'project' && h.command === command);
      const text = readFileSync(sb.projectSettings, 'utf8');
      const value = parseJsonc(original);
      const path = removalPath(value, hookAt(item.id));
      expect(text, command).toBe(expectedRemoval(original, path));
      expect(removedTokensOnly(original, text, path)).toBeNull();
      expect(parseJsonc(text)).toEqual(valueWithout(value, hookAt(item.id)));
      expect(text.endsWith('}')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toContain('\n'); // still CRLF only
      expectUnchanged(others);
      if (command === 'date') {
        expect(text).toBe(
          original.replace(
            '{ "hooks": [ { "type": "command", "command": "cat .wave/context.md" } ] },\r\n      // the second group\r\n      { "hooks": [ { "type": "command", "command": "date" } ] }\r\n',
            '{ "hooks": [ { "type": "command", "command": "cat .wave/context.md" } ] }\r\n      // the second group\r\n',
          ),
        );
      }
    }
  });

  it('deleting hooks until none is left: the group goes with its last handler, the event key with its last group', async () => {
    const original =
      '{\n  "env": { "A": "1" },\n  "hooks": {\n    "Stop": [\n      { "hooks": [ { "type": "command", "command": "s1" }, { "type": "command", "command": "s2" } ] },\n      { "hooks": [ { "type": "command", "command": "s3" } ] }\n    ],\n    "SessionStart": [ { "hooks": [ { "type": "command", "command": "st" } ] } ]\n  },\n  "permissions": { "allow": [] }\n}\n';
    sb.write(sb.userSettings, original);
    await deleteHook(client, (h) => h.command === 's1');
    expect(parseJsonc(readFileSync(sb.userSettings, 'utf8'))).toEqual({
      env: { A: '1' },
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: 's2' }] }, { hooks: [{ type: 'command', command: 's3' }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: 'st' }] }],
      },
      permissions: { allow: [] },
    });
    await deleteHook(client, (h) => h.command === 's2');
    expect((parseJsonc(readFileSync(sb.userSettings, 'utf8')) as { hooks: unknown }).hooks).toEqual({
      Stop: [{ hooks: [{ type: 'command', command: 's3' }] }],
      SessionStart: [{ hooks: [{ type: 'command', command: 'st' }] }],
    });
    await deleteHook(client, (h) => h.command === 's3');
    expect(readFileSync(sb.userSettings, 'utf8')).toBe(
      '{\n  "env": { "A": "1" },\n  "hooks": {\n    "SessionStart": [ { "hooks": [ { "type": "command", "command": "st" } ] } ]\n  },\n  "permissions": { "allow": [] }\n}\n',
    );
    const { after } = await deleteHook(client, (h) => h.command === 'st');
    expect(readFileSync(sb.userSettings, 'utf8')).toBe('{\n  "env": { "A": "1" },\n  "hooks": {\n  },\n  "permissions": { "allow": [] }\n}\n');
    expect(after.hooks.filter((h) => h.source === 'user')).toEqual([]);
  });

  it('a symlinked settings file stays a symlink; the file mode is kept', async () => {
    const target = sb.write(
      join(sb.root, 'dotfiles', 'wave.json'),
      '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "a" }, { "type": "command", "command": "b" } ] } ] } }',
    );
    chmodSync(target, 0o640);
    rmSync(sb.userSettings);
    symlinkSync(target, sb.userSettings);
    await deleteHook(client, (h) => h.source === 'user' && h.command === 'a');
    expect(lstatSync(sb.userSettings).isSymbolicLink()).toBe(true);
    expect(readlinkSync(sb.userSettings)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "b" } ] } ] } }');
    expect(statSync(target).mode & 0o777).toBe(0o640);
    rmSync(sb.userSettings);
  });

  it('stops with exit code 0', async () => {
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('refusals leave every file byte-identical and the list as it was', () => {
  let sb: Sandbox;
  let server: WaveServer;
  let client: WaveClient;
  let all: string[];
  beforeAll(async () => {
    ensureBuilt();
    sb = makeSandbox('refuse');
    all = [sb.userSettings, sb.projectSettings, sb.projectLocal, join(sb.pluginsDir, 'fmt', 'hooks', 'hooks.json')];
    sb.write(all[3]!, PLUGIN);
    server = await startServe({ home: sb.home, workdir: sb.workdir });
    client = await server.connect();
    await client.call('chat.state', {});
  });

  function fresh(): void {
    sb.write(sb.userSettings, USER_NO_START);
    sb.write(sb.projectSettings, crlf(PROJECT_LF));
    sb.write(sb.projectLocal, BROKEN);
  }

  async function target(pick: (h: HookListItem) => boolean) {
    const listing = await client.call('hooks.list', {});
    const item = listing.hooks.find(pick)!;
    return { listing, item, version: listing.files.find((f) => f.path === item.file)!.version };
  }

  it('the file changed since it was listed (an editor saved): conflict, the editor’s bytes stay', async () => {
    fresh();
    const { item, version } = await target((h) => h.command === 'say done');
    const edited = USER_NO_START.replace('"EDITOR": "vim"', '"EDITOR": "nvim"');
    writeFileSync(sb.userSettings, edited);
    const before = snapshot(all);
    const listBefore = await client.call('hooks.list', {});
    const err = await client.refused('hooks.delete', { id: item.id, version });
    expect(err.code).toBe('conflict');
    expect(err.message).toContain(sb.userSettings);
    expect(err.message).toMatch(/changed since it was listed/);
    // Why, in data, for the UI to word in its language.
    expect(err.why).toEqual({ kind: 'changedSinceListed', file: sb.userSettings, now: 'changed', undone: 'deleted' });
    expectUnchanged(before);
    expect(shape(await client.call('hooks.list', {}))).toEqual(shape(listBefore));
  });

  it('a second delete with the version from before the first one: conflict', async () => {
    fresh();
    const { listing, item, version } = await target((h) => h.command === 'say done');
    await client.call('hooks.delete', { id: item.id, version });
    const other = listing.hooks.find((h) => h.command === 'notify-send 完成')!;
    const before = snapshot(all);
    const err = await client.refused('hooks.delete', { id: other.id, version });
    expect(err.code).toBe('conflict');
    expectUnchanged(before);
  });

  it('a made-up version: conflict', async () => {
    fresh();
    const { item } = await target((h) => h.command === 'say done');
    const before = snapshot(all);
    expect((await client.refused('hooks.delete', { id: item.id, version: 'missing' })).code).toBe('conflict');
    expect((await client.refused('hooks.delete', { id: item.id, version: '0000000000000000' })).code).toBe('conflict');
    expectUnchanged(before);
  });

  it('the file is not valid JSON any more: refused with the position, nothing written', async () => {
    fresh();
    const { item, version } = await target((h) => h.command === 'say done');
    const broken = USER_NO_START.replace('"deny": []', '"deny": [');
    writeFileSync(sb.userSettings, broken);
    const before = snapshot(all);
    const err = await client.refused('hooks.delete', { id: item.id, version });
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/not valid JSON now: line \d+, column \d+/);
    expectUnchanged(before);
  });

  it('a delete aimed at a broken file with that file’s own version: refused as not valid JSON', async () => {
    fresh();
    const listing = await client.call('hooks.list', {});
    const local = listing.files.find((f) => f.path === sb.projectLocal)!;
    expect(local.error).not.toBeNull();
    const before = snapshot(all);
    const err = await client.refused('hooks.delete', { id: `projectLocal:${sb.projectLocal}#Stop/0/0`, version: local.version });
    expect(err.code).toBe('refused');
    expect(err.message).toBe(`${sb.projectLocal} is not valid JSON (line 5, column 6: ${local.error!.message}); nothing was deleted`);
    expectUnchanged(before);
    expect(shape(await client.call('hooks.list', {}))).toEqual(shape(listing));
  });

  it('the file vanished after it was listed: refused, and it is not created again', async () => {
    fresh();
    const { item, version } = await target((h) => h.command === 'date');
    rmSync(sb.projectSettings);
    const before = snapshot(all);
    const err = await client.refused('hooks.delete', { id: item.id, version });
    expect(['conflict', 'not_found', 'refused']).toContain(err.code);
    expect(err.message).toMatch(/no longer exists|no longer in its settings file|vanished/);
    expect(existsSync(sb.projectSettings)).toBe(false);
    expectUnchanged(before);
  });

  it('plugin hooks cannot be deleted', async () => {
    fresh();
    const { listing, item, version } = await target((h) => h.source === 'plugin');
    expect(item.editable).toBe(false);
    const before = snapshot(all);
    const err = await client.refused('hooks.delete', { id: item.id, version });
    expect(err.code).toBe('refused');
    expect(err.message).toMatch(/plugin hooks are read-only/);
    expectUnchanged(before);
    expect(shape(await client.call('hooks.list', {}))).toEqual(shape(listing));
  });

  it('unknown ids, and ids naming files that are not settings files: not_found, nothing touched', async () => {
    fresh();
    const listing = await client.call('hooks.list', {});
    const userVersion = listing.files.find((f) => f.path === sb.userSettings)!.version;
    const decoy = sb.write(join(sb.root, 'decoy.json'), '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "x" } ] } ] } }\n');
    const before = snapshot([...all, decoy]);
    for (const id of [`user:${sb.userSettings}#Stop/7/0`, `user:${sb.userSettings}#Nope/0/0`, `user:${decoy}#Stop/0/0`, 'garbage', `user:${sb.userSettings}`]) {
      const err = await client.refused('hooks.delete', { id, version: userVersion });
      expect(err.code, id).toBe('not_found');
    }
    expectUnchanged(before);
    expect(shape(await client.call('hooks.list', {}))).toEqual(shape(listing));
  });

  it.runIf(IS_ROOT)('an immutable file (chattr +i; root ignores chmod 444): refused as read-only', async (ctx) => {
    fresh();
    if (spawnSync('chattr', ['+i', sb.userSettings]).status !== 0) return ctx.skip();
    try {
      const { listing, item, version } = await target((h) => h.command === 'say done');
      const before = snapshot(all);
      const err = await client.refused('hooks.delete', { id: item.id, version });
      expect(err.code).toBe('refused');
      expect(err.message).toBe(`${sb.userSettings} is read-only; nothing was deleted`);
      expectUnchanged(before);
      expect(shape(await client.call('hooks.list', {}))).toEqual(shape(listing));
    } finally {
      spawnSync('chattr', ['-i', sb.userSettings]);
    }
  });

  it('after all the refusals a proper delete still works and no temporary file was left behind', async () => {
    fresh();
    await deleteHook(client, (h) => h.command === 'say done');
    expect(readFileSync(sb.userSettings, 'utf8')).toBe(USER_NO_START.replace('{ "type": "command", "command": "say done" }, ', ''));
    // Temporary files are named .<file>.wave-<pid>-<random>.tmp (settings/atomicWrite.ts).
    expect(readdirSync(join(sb.home, '.wave')).filter((n) => n.includes('settings.json'))).toEqual(['settings.json']);
    expect(readdirSync(join(sb.workdir, '.wave')).sort()).toEqual(['settings.json', 'settings.local.json']);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});

// As root every W_OK check passes and a rename may replace any file, so chmod 444 does not make a
// file read-only for a root sidecar. These run the sidecar as `nobody` (when the tests are root) so
// the real permission checks happen.
describe('read-only files and folders, for a sidecar that is not root', () => {
  let sb: Sandbox;
  let server: WaveServer;
  let client: WaveClient;
  const canRun = IS_ROOT || process.getuid?.() !== 0;
  beforeAll(async () => {
    if (!canRun) return;
    ensureBuilt();
    sb = makeSandbox('readonly');
    sb.write(sb.userSettings, USER_NO_START);
    sb.write(sb.projectSettings, PROJECT_LF);
    if (IS_ROOT) chownTree(sb.root, NOBODY, NOBODY);
    server = await startServe({ home: sb.home, workdir: sb.workdir, ...(IS_ROOT ? { uid: NOBODY, gid: NOBODY } : {}) });
    client = await server.connect();
  });

  it('a chmod 444 file: refused as read-only, bytes and mode unchanged', async () => {
    chmodSync(sb.userSettings, 0o444);
    const listing = await client.call('hooks.list', {});
    const item = listing.hooks.find((h) => h.command === 'say done')!;
    const version = listing.files.find((f) => f.path === sb.userSettings)!.version;
    const before = snapshot([sb.userSettings, sb.projectSettings]);
    const err = await client.refused('hooks.delete', { id: item.id, version });
    expect(err.code).toBe('refused');
    expect(err.message).toBe(`${sb.userSettings} is read-only; nothing was deleted`);
    expectUnchanged(before);
    expect(statSync(sb.userSettings).mode & 0o777).toBe(0o444);
    expect(shape(await client.call('hooks.list', {}))).toEqual(shape(listing));
  });

  it('a writable file in a folder that is not writable (the atomic write cannot create its temp file): refused, nothing left behind', async () => {
    const dir = join(sb.workdir, '.wave');
    chmodSync(dir, 0o555);
    try {
      const listing = await client.call('hooks.list', {});
      const item = listing.hooks.find((h) => h.command === 'date')!;
      const version = listing.files.find((f) => f.path === sb.projectSettings)!.version;
      const before = snapshot([sb.userSettings, sb.projectSettings]);
      const err = await client.refused('hooks.delete', { id: item.id, version });
      expect(err.code).toBe('refused');
      expect(err.message).toMatch(new RegExp(`^cannot write ${sb.projectSettings.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*EACCES.*; nothing was deleted$`));
      expectUnchanged(before);
      expect(readdirSync(dir)).toEqual(['settings.json']);
    } finally {
      chmodSync(dir, 0o755);
    }
  });

  it('once writable again the same delete goes through; stops with exit code 0', async () => {
    chmodSync(sb.userSettings, 0o644);
    await deleteHook(client, (h) => h.command === 'say done');
    expect(readFileSync(sb.userSettings, 'utf8')).toBe(USER_NO_START.replace('{ "type": "command", "command": "say done" }, ', ''));
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});
