// `npm start` runs `wave serve --standalone`: the ready line still comes first on stdout, the URL to
// open is printed for the person at the terminal, and host requests (which no IDE will perform) are
// printed as plain text instead of JSON lines.
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupSandboxes, ensureBuilt, makeSandbox, startServe, stopAllServers } from './harness.js';

afterAll(async () => {
  await stopAllServers();
  cleanupSandboxes();
});

describe('wave serve --standalone', () => {
  it('prints the URL to open and shows host requests as plain text', async () => {
    ensureBuilt();
    const sb = makeSandbox('standalone');
    sb.write(sb.userSettings, '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "echo done" } ] } ] } }\n');
    const server = await startServe({ home: sb.home, workdir: sb.workdir, args: ['--standalone'] });
    await server.waitForStderr(new RegExp(`Open http://127\\.0\\.0\\.1:${server.port}/\\?token=${server.token} in a browser`));
    expect(server.stderr).toContain(`Wave is serving ${sb.workdir}`);
    const client = await server.connect();
    const listing = await client.call('hooks.list', {});
    await client.call('hooks.edit', { id: listing.hooks[0]!.id, prefill: 'edit it' });
    await server.until(() => server.stdoutLines.length >= 3, 'three host lines');
    expect(server.stdoutLines).toEqual([`[IDE] open ${sb.userSettings}`, '[IDE] close the settings tab', '[IDE] show the chat']);
    await server.stop();
  });
});
