// Undo of a delete and the other new requests of the settings page over the real protocol
// (protocol.ts): Undo puts back the exact bytes, once; an Undo after the file changed again is a
// conflict that writes nothing; a Stop for a hook that is not running is not_found; hooks.test of
// a hook that is gone is not_found, and of a hook of an untrusted project refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupSandboxes, ensureBuilt, makeSandbox, startServe, stopAllServers, type Sandbox, type WaveClient } from './harness.js';

const TEXT = '{\n  // mine\n  "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "echo a" } ] }, { "hooks": [ { "type": "command", "command": "echo b" } ] } ] }\n}\n';

let sb: Sandbox;
let client: WaveClient;

beforeAll(async () => {
  ensureBuilt();
  sb = makeSandbox('undo');
  sb.write(sb.userSettings, TEXT);
  const server = await startServe({ home: sb.home, workdir: sb.workdir });
  client = await server.connect();
  await client.call('chat.state', {});
});

afterAll(async () => {
  await stopAllServers();
  cleanupSandboxes();
});

async function deleteFirst() {
  const listing = await client.call('hooks.list', {});
  const hook = listing.hooks.find((h) => h.command === 'echo a')!;
  return client.call('hooks.delete', { id: hook.id, version: listing.files.find((f) => f.path === hook.file)!.version });
}

describe('hooks.undoDelete', () => {
  it('puts the exact bytes back, once', async () => {
    const { undo, hooks } = await deleteFirst();
    expect(hooks.map((h) => h.command)).toEqual(['echo b']);
    const restored = await client.call('hooks.undoDelete', { undo });
    expect(restored.hooks.map((h) => [h.command, h.state])).toEqual([
      ['echo a', 'active'],
      ['echo b', 'active'],
    ]);
    expect(sb.read(sb.userSettings)).toBe(TEXT);
    expect(await client.refused('hooks.undoDelete', { undo })).toMatchObject({ code: 'not_found', why: { kind: 'undoExpired', of: 'delete', undone: null } });
  });

  it('refuses when the file changed after the delete, and writes nothing', async () => {
    const { undo } = await deleteFirst();
    const edited = `${sb.read(sb.userSettings).trimEnd()}\n// edited by hand\n`;
    sb.write(sb.userSettings, edited);
    expect(await client.refused('hooks.undoDelete', { undo })).toMatchObject({ code: 'conflict', message: expect.stringContaining('changed since the delete') });
    expect(sb.read(sb.userSettings)).toBe(edited);
  });

  it('hooks.test does not run a hook of an untrusted project', async () => {
    sb.write(sb.projectSettings, '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "touch ran" } ] } ] } }\n');
    const listing = await client.call('hooks.list', {});
    const hook = listing.hooks.find((h) => h.command === 'touch ran')!;
    expect(hook.state).toBe('untrusted');
    expect(await client.refused('hooks.test', { id: hook.id })).toMatchObject({ code: 'refused', message: expect.stringContaining('not trusted'), why: { kind: 'untrusted', undone: null } });
  });

  it('chat.stopHook of a run that is not running, hooks.test of a hook that is gone: not_found', async () => {
    expect(await client.refused('chat.stopHook', { runId: 'nope' })).toMatchObject({ code: 'not_found' });
    // Why, in data: the page words it in its own language (no English of the sidecar inside it).
    expect(await client.refused('hooks.test', { id: `user:${sb.userSettings}#Stop/9/9` })).toMatchObject({ code: 'not_found', why: { kind: 'hookGone', undone: null } });
  });
});
