// The settings page's parallel switch (docs/hooks.md, "Parallel groups") against a real `wave serve`
// over its WebSocket: the listing says which hooks' groups may start together and which do; setting
// and removing `"parallel": true` changes only those bytes of the file (comments kept); a file that
// changed since it was listed, a group of one hook and a WorktreeCreate group are refused, with
// every byte left as it was.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupSandboxes, ensureBuilt, makeSandbox, startServe, stopAllServers, type HooksListing } from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(async () => {
  await stopAllServers();
  cleanupSandboxes();
});

const FILE = `{
  // two guards on Bash
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [
        { "type": "command", "command": "echo one" },
        { "type": "command", "command": "echo two" }
      ] }
    ],
    "Stop": [ { "hooks": [ { "type": "command", "command": "echo alone" } ] } ],
    "WorktreeCreate": [ { "hooks": [ { "type": "command", "command": "echo /tmp/a" }, { "type": "command", "command": "echo /tmp/b" } ] } ]
  }
}
`;

function target(listing: HooksListing, command: string) {
  const item = listing.hooks.find((h) => h.command === command);
  if (!item) throw new Error(`no hook "${command}"`);
  return { item, version: listing.files.find((f) => f.path === item.file)!.version };
}

describe('the parallel switch of the settings page', () => {
  it('sets and removes "parallel": true on a group, keeping every other byte; refuses a stale version, a group of one and WorktreeCreate', async () => {
    const sb = makeSandbox('parallel');
    sb.write(sb.userSettings, FILE);
    const server = await startServe({ home: sb.home, workdir: sb.workdir });
    const client = await server.connect();
    const listing = await client.call('hooks.list', {});
    const flags = (l: HooksListing) => l.hooks.map((h) => [h.command, h.parallel ?? false, h.parallelizable ?? false]);
    expect(flags(listing)).toEqual([
      ['echo one', false, true],
      ['echo two', false, true],
      ['echo alone', false, false],
      ['echo /tmp/a', false, false],
      ['echo /tmp/b', false, false],
    ]);

    const one = target(listing, 'echo one');
    const on = await client.call('hooks.setParallel', { id: one.item.id, parallel: true, version: one.version });
    const text = readFileSync(sb.userSettings, 'utf8');
    expect(text.startsWith('{\n  // two guards on Bash\n')).toBe(true);
    expect(text.replace(/,\s*"parallel": true/, '')).toBe(FILE);
    expect(flags(on).slice(0, 2)).toEqual([
      ['echo one', true, true],
      ['echo two', true, true],
    ]);

    // The version of the first listing is stale now: refused, nothing written.
    const stale = await client.refused('hooks.setParallel', { id: one.item.id, parallel: false, version: one.version });
    expect(stale.code).toBe('conflict');
    expect(readFileSync(sb.userSettings, 'utf8')).toBe(text);

    const two = target(on, 'echo two');
    const off = await client.call('hooks.setParallel', { id: two.item.id, parallel: false, version: two.version });
    expect(readFileSync(sb.userSettings, 'utf8')).toBe(FILE);
    expect(flags(off)).toEqual(flags(listing));

    for (const command of ['echo alone', 'echo /tmp/a']) {
      const t = target(off, command);
      const refusal = await client.refused('hooks.setParallel', { id: t.item.id, parallel: true, version: t.version });
      expect(refusal.code).toBe('refused');
      expect(refusal.message).toContain('cannot start together; nothing was changed');
      expect(refusal.why).toEqual({ kind: 'notParallel', event: t.item.event, undone: 'changed' });
    }
    expect(readFileSync(sb.userSettings, 'utf8')).toBe(FILE);
    await server.stop();
  }, 60_000);
});
