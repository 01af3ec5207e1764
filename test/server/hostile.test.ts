// Hostile settings files and a hostile editor against a real `wave serve` (issue 11;
// docs/reliability.md): a delete in a file with duplicate keys is refused; a delete racing an
// editor that saves at the same moment never loses the editor's save; a comment between a hook and
// its comma survives the delete; a BOM stays; temporary files a killed sidecar left are removed; a
// SessionStart hook that cannot run does not end the chat.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupSandboxes, ensureBuilt, makeSandbox, sq, startServe, stopAllServers, type HooksListing, type WaveClient } from './harness.js';
import { prng } from './gen.js';

beforeAll(() => ensureBuilt());
afterAll(async () => {
  await stopAllServers();
  cleanupSandboxes();
});

async function serve(prepare: (sb: ReturnType<typeof makeSandbox>) => void) {
  const sb = makeSandbox('hostile');
  prepare(sb);
  const server = await startServe({ home: sb.home, workdir: sb.workdir });
  const client = await server.connect();
  return { sb, server, client };
}

/** The id and file version of the hook whose command is `command`. */
function target(listing: HooksListing, command: string): { id: string; version: string } {
  const item = listing.hooks.find((h) => h.command === command);
  if (!item) throw new Error(`no hook "${command}" in ${JSON.stringify(listing.hooks.map((h) => h.command))}`);
  return { id: item.id, version: listing.files.find((f) => f.path === item.file)!.version };
}

describe.concurrent('deleting', () => {
  it('in a file with duplicate keys: refused with the key and both lines, nothing written; the listing has the error', async () => {
    const text = '{\n  "hooks": {\n    "Stop": [ { "hooks": [ { "type": "command", "command": "echo hidden" } ] } ],\n    "Stop": [ { "hooks": [ { "type": "command", "command": "echo shown" } ] } ]\n  }\n}\n';
    const { sb, server, client } = await serve((sb) => sb.write(sb.userSettings, text));
    const listing = await client.call('hooks.list', {});
    expect(listing.problems).toContainEqual(expect.objectContaining({ severity: 'error', file: sb.userSettings, path: 'hooks.Stop', line: 4 }));
    expect(listing.hooks.map((h) => [h.command, h.line])).toEqual([['echo shown', 4]]);
    const refusal = await client.refused('hooks.delete', target(listing, 'echo shown'));
    expect(refusal.code).toBe('refused');
    expect(refusal.message).toContain(`${sb.userSettings} has the key "Stop" twice (hooks.Stop, lines 3 and 4)`);
    expect(readFileSync(sb.userSettings, 'utf8')).toBe(text);
    await server.stop();
  });

  it('a comment between a hook and its comma stays; so does a UTF-8 BOM', async () => {
    const text = '\uFEFF{\n  "hooks": { "Stop": [ { "hooks": [\n    { "type": "command", "command": "echo a" } /* keep me */,\n    { "type": "command", "command": "echo b" }\n  ] } ] }\n}\n';
    const { sb, server, client } = await serve((sb) => sb.write(sb.userSettings, text));
    await client.call('hooks.delete', target(await client.call('hooks.list', {}), 'echo a'));
    expect(readFileSync(sb.userSettings, 'utf8')).toBe('\uFEFF{\n  "hooks": { "Stop": [ { "hooks": [\n    /* keep me */\n    { "type": "command", "command": "echo b" }\n  ] } ] }\n}\n');
    await server.stop();
  });

  it('temporary files left by a sidecar killed during a delete (kill -9) are removed; a live writer’s are not', async () => {
    const { sb, server, client } = await serve((sb) => sb.write(sb.userSettings, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo x' }] }] } })));
    // A process that is gone for sure: one that ran and was waited for.
    const gone = spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim();
    const dir = dirname(sb.userSettings);
    const stale = join(dir, `.${basename(sb.userSettings)}.wave-${gone}-0badc0de.tmp`);
    const live = join(dir, `.${basename(sb.userSettings)}.wave-${process.pid}-0123abcd.tmp`);
    writeFileSync(stale, '{"half": ');
    writeFileSync(live, '{"being written": ');
    await client.call('hooks.delete', target(await client.call('hooks.list', {}), 'echo x'));
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.includes('settings.json')).sort()).toEqual([basename(live), 'settings.json']);
    await server.stop();
  });
});

describe('a delete racing an editor that saves at the same moment', () => {
  const SEED = Number(process.env.WAVE_TEST_SEED ?? 20261111);
  const ROUNDS = 80;
  const version = (n: number) => `${JSON.stringify({ editorSave: n, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo target' }, { type: 'command', command: 'echo other' }] }] } }, null, 2)}\n`;

  it(`never loses the editor's save: the file ends as the editor saved it, whatever the delete answered (seed ${SEED}, ${ROUNDS} rounds)`, async () => {
    const rng = prng(SEED);
    const { sb, server, client } = await serve((sb) => sb.write(sb.userSettings, version(0)));
    const outcomes: Record<string, number> = {};
    const lost: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      writeFileSync(sb.userSettings, version(2 * round));
      const listing = await client.call('hooks.list', {});
      const pending = client.request('hooks.delete', target(listing, 'echo target'));
      // The editor saves in place (truncate and write, as most editors do) a few milliseconds later.
      const saved = version(2 * round + 1);
      await new Promise<void>((resolve) => setTimeout(() => resolve(writeFileSync(sb.userSettings, saved)), Math.floor(rng() * 8)));
      const reply = await pending;
      const key = reply.ok ? 'deleted' : (reply.error.message.match(/saved by another program|changed while deleting|changed since it was listed/)?.[0] ?? reply.error.message);
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      if (readFileSync(sb.userSettings, 'utf8') !== saved) lost.push(`round ${round}: ${key}`);
    }
    expect(lost, `outcomes ${JSON.stringify(outcomes)}`).toEqual([]);
    await server.stop();
  });
});

describe('a SessionStart hook that cannot run', () => {
  it('(a NUL byte in its command) does not end the chat: the session starts, the other SessionStart hook ran', async () => {
    const ran = (sb: ReturnType<typeof makeSandbox>) => join(sb.root, 'start-ran');
    const { sb, server, client } = await serve((sb) =>
      sb.write(
        sb.userSettings,
        JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo a\u0000b' }, { type: 'command', command: `touch ${sq(ran(sb))}` }] }] } }),
      ),
    );
    const state = await (client as WaveClient).call('chat.state', {});
    expect(state.busy).toBe(false);
    expect(existsSync(ran(sb))).toBe(true);
    await server.stop();
  });
});
