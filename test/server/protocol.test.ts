// The protocol over a real WebSocket against a real `wave serve`: replies to malformed input keep
// the connection working, several clients at once all get pushes, settings files are watched, and
// host requests reach stdout as JSON lines in order — openFile strictly before closeSettings, then
// showChat (SPEC 8).
import { rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer } from '../model-server/server.js';
import {
  cleanupSandboxes,
  ensureBuilt,
  makeSandbox,
  startServe,
  stopAllServers,
  type HookListItem,
  type HostRequest,
  type Sandbox,
  type WaveClient,
  type WaveServer,
} from './harness.js';

afterAll(async () => {
  await stopAllServers();
  cleanupSandboxes();
});

const settingsWith = (...commands: string[]) =>
  `{\n  // hooks for the protocol tests\n  "hooks": {\n    "Stop": [\n      { "hooks": [\n${commands.map((c) => `        { "type": "command", "command": ${JSON.stringify(c)} }`).join(',\n')}\n      ] }\n    ]\n  }\n}\n`;

describe('malformed messages and errors', () => {
  let sb: Sandbox;
  let server: WaveServer;
  let client: WaveClient;
  beforeAll(async () => {
    ensureBuilt();
    sb = makeSandbox('proto-err');
    server = await startServe({ home: sb.home, workdir: sb.workdir });
    client = await server.connect();
  });

  it('hello answers with the version, the absolute workdir, its name, the model state and trust', async () => {
    const hello = await client.call('hello', { view: 'settings' });
    expect(hello).toMatchObject({ version: expect.any(String), workdir: sb.workdir, projectName: 'project-x', trust: { state: 'unknown', projectHasHooks: false } });
    expect(hello.model).toMatchObject({ configured: false, provider: null, name: null, error: expect.any(String) });
  });

  it('each malformed message gets an error reply and the connection keeps working', async () => {
    const cases: Array<[string, string, number | null]> = [
      ['{"type":"request","id":1,', 'bad_request', null],
      ['not json at all', 'bad_request', null],
      ['', 'bad_request', null],
      ['42', 'bad_request', null],
      ['null', 'bad_request', null],
      ['[]', 'bad_request', null],
      ['"request"', 'bad_request', null],
      ['{"id":7,"method":"hello","params":{}}', 'bad_request', null],
      ['{"type":"response","id":8,"ok":true,"result":{}}', 'bad_request', null],
      ['{"type":"request","id":"9","method":"hello","params":{}}', 'bad_request', null],
    ];
    for (const [text, code, id] of cases) {
      client.sendRaw(text);
      const reply = await client.nextOrphan();
      expect(reply, text).toMatchObject({ type: 'response', id, ok: false, error: { code, message: expect.any(String) } });
      // Still alive after each one.
      expect((await client.call('hello', {})).workdir).toBe(sb.workdir);
    }
  });

  it('an unknown method gets unknown_method with the request id (prototype names too)', async () => {
    for (const method of ['hooks.frobnicate', 'toString', '__proto__', 'constructor', 'hasOwnProperty', '', 'HELLO']) {
      const r = await client.request(method, {});
      expect(r, method).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    }
    const r = await client.request(42 as unknown as string, {});
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('bad params get bad_request naming the field, with the request id', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['hooks.delete', { id: 5, version: 'x' }, /id/],
      ['hooks.delete', { id: 'a' }, /version/],
      ['hooks.delete', { id: '', version: 'v' }, /id/],
      ['hooks.edit', { id: 'x' }, /prefill/],
      ['chat.send', { text: '' }, /text/],
      ['chat.send', { text: 3 }, /text/],
      ['chat.permission', { requestId: 'r', behavior: 'maybe' }, /behavior/],
      ['trust.set', { trusted: 'yes' }, /trusted/],
      ['host.openFile', {}, /path/],
      ['hello', { view: 'nope' }, /view/],
      ['hooks.list', 'not an object', /params/],
      ['hooks.list', [], /params/],
    ];
    for (const [method, params, field] of cases) {
      const r = await client.request(method, params, 1000);
      expect(r, `${method} ${JSON.stringify(params)}`).toMatchObject({ id: 1000, ok: false, error: { code: 'bad_request' } });
      if (!r.ok) expect(r.error.message).toMatch(field);
    }
    // Missing params count as {}.
    expect((await client.request('hooks.list')).ok).toBe(true);
  });

  it('the answers of one client come in request order even when sent back to back', async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => client.request(i % 3 === 0 ? 'nope' : 'hooks.list', {}, 5000 + i)));
    expect(replies.map((r) => r.id)).toEqual(Array.from({ length: 30 }, (_, i) => 5000 + i));
    const order: number[] = [];
    client.ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as { type: string; id?: number };
      if (m.type === 'response' && typeof m.id === 'number' && m.id >= 6000) order.push(m.id);
    });
    await Promise.all(Array.from({ length: 20 }, (_, i) => client.request(i % 2 ? 'hello' : 'hooks.list', {}, 6000 + i)));
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => 6000 + i));
  });

  it('a message bigger than the limit closes only that connection (logged); the server keeps serving', async () => {
    const victim = await server.connect();
    const closed = new Promise<number>((resolve) => victim.ws.once('close', (code) => resolve(code)));
    victim.sendRaw(JSON.stringify({ type: 'request', id: 1, method: 'chat.prefill', params: { text: 'x'.repeat(5 * 1024 * 1024) } }));
    expect(await closed).toBe(1009);
    await server.waitForStderr(/WebSocket client error: Max payload size exceeded/);
    expect(server.exit).toBeNull();
    expect((await client.call('hello', {})).workdir).toBe(sb.workdir);
  });

  it('a text frame with invalid UTF-8 closes only that connection; a binary frame with a request is answered', async () => {
    const victim = await server.connect();
    const closed = new Promise<number>((resolve) => victim.ws.once('close', (code) => resolve(code)));
    victim.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect(await closed).toBe(1007);
    expect(server.exit).toBeNull();
    const other = await server.connect();
    other.ws.send(Buffer.from(JSON.stringify({ type: 'request', id: 77, method: 'hello', params: {} })), { binary: true });
    expect(await other.nextOrphan()).toMatchObject({ type: 'response', id: 77, ok: true, result: { workdir: sb.workdir } });
    expect((await other.call('hello', {})).workdir).toBe(sb.workdir);
    expect((await client.call('hello', {})).workdir).toBe(sb.workdir);
  });

  it('without a model, New and Edit open the target settings file (made when missing) instead of a chat that cannot answer', async () => {
    const before = server.stdoutLines.length;
    expect(await client.call('hooks.create', { prefill: 'new', source: 'project' })).toEqual({ ok: true, opened: sb.projectSettings });
    expect(JSON.parse(sb.read(sb.projectSettings))).toEqual({ hooks: {} });
    sb.write(sb.userSettings, settingsWith('echo mine'));
    const listing = await client.call('hooks.list', {});
    const hook = listing.hooks.find((h) => h.command === 'echo mine')!;
    expect(await client.call('hooks.edit', { id: hook.id, prefill: 'edit' })).toEqual({ ok: true, opened: sb.userSettings });
    // Only the files open: the settings tab stays, nothing is prefilled.
    expect((await server.waitForHost(before + 2)).slice(before)).toEqual([
      { host: 'openFile', path: sb.projectSettings },
      { host: 'openFile', path: sb.userSettings },
    ]);
  });

  it('stops on SIGTERM with exit code 0 while clients are connected', async () => {
    await server.connect();
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});

let closeModel: () => Promise<void> = () => Promise.resolve();
afterAll(() => closeModel());

describe('several clients, watched files, the host channel', () => {
  let sb: Sandbox;
  let server: WaveServer;
  let chat: WaveClient;
  let settings: WaveClient;
  beforeAll(async () => {
    ensureBuilt();
    sb = makeSandbox('proto-multi');
    sb.write(sb.userSettings, settingsWith('echo user-one', 'echo user-two'));
    // With a model, New and Edit go through the chat.
    const model = await startModelServer([]);
    closeModel = () => model.close();
    server = await startServe({ home: sb.home, workdir: sb.workdir, env: { WAVE_BASE_URL: model.openaiBaseURL, WAVE_MODEL: 'scripted-model', WAVE_API_KEY: 'k' } });
    chat = await server.connect();
    settings = await server.connect();
    await chat.call('hello', { view: 'chat' });
    await settings.call('hello', { view: 'settings' });
  });

  const commands = (hooks: HookListItem[]) => hooks.map((h) => h.command);

  it('an external edit of a settings file pushes a fresh list to every client', async () => {
    const [m1, m2] = [chat.mark(), settings.mark()];
    sb.write(sb.userSettings, settingsWith('echo user-one', 'echo user-two', 'echo user-three'));
    const has3 = (l: { hooks: HookListItem[] }) => commands(l.hooks).includes('echo user-three');
    const [a, b] = await Promise.all([chat.waitFor('hooks.changed', has3, { since: m1 }), settings.waitFor('hooks.changed', has3, { since: m2 })]);
    expect(a).toEqual(b);
    expect(a.files.find((f) => f.path === sb.userSettings)).toMatchObject({ source: 'user', exists: true, error: null });
  });

  it('creating, breaking and removing the project file pushes each state', async () => {
    let m = settings.mark();
    sb.write(sb.projectSettings, settingsWith('echo project-one'));
    let l = await settings.waitFor('hooks.changed', (x) => commands(x.hooks).includes('echo project-one'), { since: m });
    expect(l.hooks.find((h) => h.command === 'echo project-one')).toMatchObject({ source: 'project', file: sb.projectSettings, editable: true });
    expect(l.trust).toMatchObject({ state: 'unknown', projectHasHooks: true });

    m = settings.mark();
    writeFileSync(sb.projectSettings, '{\n  "hooks": {\n    "Stop": [\n}\n');
    l = await settings.waitFor('hooks.changed', (x) => x.files.some((f) => f.path === sb.projectSettings && f.error !== null), { since: m });
    expect(l.files.find((f) => f.path === sb.projectSettings)!.error).toEqual({ line: 4, column: 1, message: expect.any(String) });
    expect(commands(l.hooks)).not.toContain('echo project-one');
    expect(l.problems.some((p) => p.file === sb.projectSettings && p.line === 4 && p.column === 1)).toBe(true);

    m = settings.mark();
    rmSync(sb.projectSettings);
    l = await settings.waitFor('hooks.changed', (x) => x.files.some((f) => f.path === sb.projectSettings && !f.exists), { since: m });
    expect(l.files.find((f) => f.path === sb.projectSettings)).toMatchObject({ exists: false, error: null });
  });

  it('installing and removing a plugin pushes its hooks (read-only) and then their absence', async () => {
    let m = chat.mark();
    const file = sb.write(join(sb.pluginsDir, 'lint-kit', 'hooks', 'hooks.json'), '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "${WAVE_PLUGIN_ROOT}/check.sh" } ] } ] } }');
    const l = await chat.waitFor('hooks.changed', (x) => x.hooks.some((h) => h.source === 'plugin'), { since: m });
    expect(l.hooks.find((h) => h.source === 'plugin')).toMatchObject({ pluginName: 'lint-kit', editable: false, file, command: join(sb.pluginsDir, 'lint-kit', 'check.sh') });
    m = chat.mark();
    rmSync(join(sb.pluginsDir, 'lint-kit'), { recursive: true });
    await chat.waitFor('hooks.changed', (x) => !x.hooks.some((h) => h.source === 'plugin'), { since: m });
  });

  it('a delete by the settings client pushes the new list to the chat client as well', async () => {
    const listing = await settings.call('hooks.list', {});
    const two = listing.hooks.find((h) => h.command === 'echo user-two')!;
    const version = listing.files.find((f) => f.path === two.file)!.version;
    const m = chat.mark();
    const fresh = await settings.call('hooks.delete', { id: two.id, version });
    expect(commands(fresh.hooks)).toEqual(['echo user-one', 'echo user-three']);
    const pushed = await chat.waitFor('hooks.changed', (x) => !commands(x.hooks).includes('echo user-two'), { since: m });
    expect(commands(pushed.hooks)).toEqual(['echo user-one', 'echo user-three']);
  });

  it('hooks.edit: openFile (absolute path of the hook file) strictly before closeSettings, then showChat; every chat view gets the prefill', async () => {
    const listing = await settings.call('hooks.list', {});
    const hook = listing.hooks.find((h) => h.command === 'echo user-three')!;
    const before = server.stdoutLines.length;
    const m = chat.mark();
    expect(await settings.call('hooks.edit', { id: hook.id, prefill: '修改这个钩子: echo user-three' })).toEqual({ ok: true, opened: null });
    const lines = (await server.waitForHost(before + 3)).slice(before);
    expect(lines).toEqual([{ host: 'openFile', path: sb.userSettings }, { host: 'closeSettings' }, { host: 'showChat' }]);
    expect(isAbsolute((lines[0] as { path: string }).path)).toBe(true);
    expect(await chat.waitFor('chat.prefill', undefined, { since: m })).toEqual({ text: '修改这个钩子: echo user-three' });
    expect(await settings.waitFor('chat.prefill', (p) => p.text.startsWith('修改'))).toBeTruthy();
    // Each host request is one JSON line of its own.
    expect(server.stdoutLines.slice(before).map((l) => JSON.parse(l) as unknown)).toEqual(lines);
  });

  it('hooks.create: closeSettings, showChat and the prefill (no openFile)', async () => {
    const before = server.stdoutLines.length;
    const m = chat.mark();
    expect(await settings.call('hooks.create', { prefill: 'Create a hook that …' })).toEqual({ ok: true, opened: null });
    expect((await server.waitForHost(before + 2)).slice(before)).toEqual([{ host: 'closeSettings' }, { host: 'showChat' }]);
    expect(await chat.waitFor('chat.prefill', undefined, { since: m })).toEqual({ text: 'Create a hook that …' });
  });

  it('hooks.edit of a hook that no longer exists: no invented path, only close + show + prefill', async () => {
    const before = server.stdoutLines.length;
    await settings.call('hooks.edit', { id: `user:${sb.userSettings}#Stop/9/9`, prefill: 'x' });
    expect((await server.waitForHost(before + 2)).slice(before)).toEqual([{ host: 'closeSettings' }, { host: 'showChat' }]);
  });

  it('many edits and creates sent back to back from two clients keep the per-request order on stdout', async () => {
    const listing = await settings.call('hooks.list', {});
    const hooks = listing.hooks;
    const before = server.stdoutLines.length;
    const expectedOf = (i: number): HostRequest[] =>
      i % 3 === 2 ? [{ host: 'closeSettings' }, { host: 'showChat' }] : [{ host: 'openFile', path: hooks[i % hooks.length]!.file }, { host: 'closeSettings' }, { host: 'showChat' }];
    const calls: Array<Promise<unknown>> = [];
    for (let i = 0; i < 24; i++) {
      calls.push(i % 3 === 2 ? settings.call('hooks.create', { prefill: `n${i}` }) : settings.call('hooks.edit', { id: hooks[i % hooks.length]!.id, prefill: `e${i}` }));
    }
    await Promise.all(calls);
    const expected = Array.from({ length: 24 }, (_, i) => expectedOf(i)).flat();
    expect((await server.waitForHost(before + expected.length)).slice(before)).toEqual(expected);

    // Interleaved with another client: every openFile is immediately followed by its closeSettings.
    const start = server.stdoutLines.length;
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => settings.call('hooks.edit', { id: hooks[0]!.id, prefill: `a${i}` })),
      ...Array.from({ length: 10 }, (_, i) => chat.call('hooks.edit', { id: hooks[1]!.id, prefill: `b${i}` })),
    ]);
    const lines = (await server.waitForHost(start + 60)).slice(start);
    for (let i = 0; i < 60; i += 3) {
      expect(lines[i]).toMatchObject({ host: 'openFile' });
      expect(lines[i + 1]).toEqual({ host: 'closeSettings' });
      expect(lines[i + 2]).toEqual({ host: 'showChat' });
    }
  });

  it('host.openFile resolves ~ and relative paths to absolute ones; host.closeSettings / showChat pass through', async () => {
    const before = server.stdoutLines.length;
    await settings.call('host.openFile', { path: '~/notes/todo.md' });
    await settings.call('host.openFile', { path: 'src/main.ts' });
    await settings.call('host.openFile', { path: '../other/x.txt' });
    await settings.call('host.openFile', { path: '/etc/hosts' });
    await settings.call('host.openFile', { path: '~' });
    await settings.call('host.closeSettings', {});
    await settings.call('host.showChat', {});
    expect((await server.waitForHost(before + 7)).slice(before)).toEqual([
      { host: 'openFile', path: join(sb.home, 'notes', 'todo.md') },
      { host: 'openFile', path: join(sb.workdir, 'src', 'main.ts') },
      { host: 'openFile', path: join(sb.workdir, '..', 'other', 'x.txt') },
      { host: 'openFile', path: '/etc/hosts' },
      { host: 'openFile', path: sb.home },
      { host: 'closeSettings' },
      { host: 'showChat' },
    ]);
  });

  it('chat.prefill reaches every client; a closed client does not disturb the others', async () => {
    const third = await server.connect();
    await third.close();
    const [m1, m2] = [chat.mark(), settings.mark()];
    await settings.call('chat.prefill', { text: 'hello from settings' });
    await chat.waitFor('chat.prefill', (p) => p.text === 'hello from settings', { since: m1 });
    await settings.waitFor('chat.prefill', (p) => p.text === 'hello from settings', { since: m2 });
  });

  it('nothing but JSON host lines ever reached stdout; stops with exit code 0', async () => {
    for (const l of server.stdoutLines) expect(Object.keys(JSON.parse(l) as object)[0]).toBe('host');
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});
