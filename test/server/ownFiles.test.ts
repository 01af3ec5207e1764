// Wave's own files ask, and approving is the review (docs/hooks.md, "Safety"): a real `wave serve`
// against the scripted model server. The model writes a new hook into the user settings (the
// seed's "the AI writes the new hook" flow); even with an allow rule for Write the user is asked,
// the question says why and carries the file's text for the diff, and once the user approves, the new hook runs at the very next tool call:
// one click, no second review.
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startModelServer } from '../model-server/server.js';
import { cleanupSandboxes, ensureBuilt, makeSandbox, sq, startServe, stopAllServers } from './harness.js';

afterAll(async () => {
  await stopAllServers();
  cleanupSandboxes();
});

describe('an approved write to a settings file applies at once', () => {
  it('Write of ~/.wave/settings.json asks despite "allow": ["Write"], the prompt names the file; approved, its new PreToolUse hook runs for the next call and nothing waits for review', async () => {
    ensureBuilt();
    const sb = makeSandbox('own');
    const marker = join(sb.root, 'new-hook-ran.txt');
    sb.write(sb.userSettings, `${JSON.stringify({ permissions: { allow: ['Write'] } }, null, 2)}\n`);
    const newSettings = {
      permissions: { allow: ['Write'] },
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `cat > /dev/null; echo ran >> ${sq(marker)}` }] }] },
    };
    const model = await startModelServer([
      { toolCalls: [{ name: 'Write', input: { file_path: sb.userSettings, content: `${JSON.stringify(newSettings, null, 2)}\n` }, id: 'call_write' }] },
      { toolCalls: [{ name: 'Bash', input: { command: `echo hi > ${sq(join(sb.root, 'hi.txt'))}` }, id: 'call_bash' }] },
      { text: 'done' },
    ]);
    const server = await startServe({ home: sb.home, workdir: sb.workdir, env: { WAVE_BASE_URL: model.openaiBaseURL, WAVE_API_KEY: 'x', WAVE_MODEL: 'test' } });
    try {
      const chat = await server.connect();
      const m = chat.mark();
      await chat.call('chat.send', { text: 'add the hook' });
      const write = await chat.waitFor('chat.permissionRequest', undefined, { since: m });
      expect(write).toMatchObject({ toolName: 'Write', reason: expect.stringContaining(`Wave's own files, which needs your approval: a Wave settings file (${sb.userSettings})`) });
      // The approval shows the change against the file as it is, and offers no "Always allow".
      expect(write.original).toBe(readFileSync(sb.userSettings, 'utf8'));
      expect(write.rule).toBeNull();
      await chat.call('chat.permission', { requestId: write.requestId, behavior: 'allow' });
      const bash = await chat.waitFor('chat.permissionRequest', (p) => p.toolName === 'Bash', { since: m });
      // Applied at once: nothing of that file waits for review, and the new hook already ran for this call.
      expect((await chat.call('hooks.list', {})).config.review).toEqual([]);
      expect(readFileSync(marker, 'utf8')).toBe('ran\n');
      await chat.call('chat.permission', { requestId: bash.requestId, behavior: 'allow' });
      await chat.waitFor('chat.busy', (b) => !b.busy, { since: m });
      expect(existsSync(join(sb.root, 'hi.txt'))).toBe(true);
    } finally {
      await server.stop();
      await model.close();
    }
  });

  it("an approved Write of a guard's own script is its review: the guard runs the new script at the next call, not held back as changed", async () => {
    ensureBuilt();
    const sb = makeSandbox('own-script');
    const guard = join(sb.workdir, '.wave', 'hooks', 'guard.sh');
    sb.write(guard, '#!/bin/sh\ncat > /dev/null\necho "blocked by the old guard" >&2\nexit 2\n');
    chmodSync(guard, 0o755);
    sb.write(sb.userSettings, `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: sq(guard) }] }] } }, null, 2)}\n`);
    const done = join(sb.root, 'ran.txt');
    const model = await startModelServer([
      { toolCalls: [{ name: 'Write', input: { file_path: guard, content: '#!/bin/sh\ncat > /dev/null\nexit 0\n' }, id: 'call_write' }] },
      { toolCalls: [{ name: 'Bash', input: { command: `echo ran > ${sq(done)}` }, id: 'call_bash' }] },
      { text: 'done' },
    ]);
    const server = await startServe({ home: sb.home, workdir: sb.workdir, env: { WAVE_BASE_URL: model.openaiBaseURL, WAVE_API_KEY: 'x', WAVE_MODEL: 'test' } });
    try {
      const chat = await server.connect();
      const m = chat.mark();
      await chat.call('chat.send', { text: 'relax the guard' });
      const write = await chat.waitFor('chat.permissionRequest', undefined, { since: m });
      expect(write).toMatchObject({ toolName: 'Write', reason: expect.stringContaining(guard) });
      await chat.call('chat.permission', { requestId: write.requestId, behavior: 'allow' });
      const bash = await chat.waitFor('chat.permissionRequest', (p) => p.toolName === 'Bash', { since: m });
      await chat.call('chat.permission', { requestId: bash.requestId, behavior: 'allow' });
      await chat.waitFor('chat.busy', (b) => !b.busy, { since: m });
      // Held back as a changed script, the call would have been denied and the file never written.
      expect(readFileSync(done, 'utf8')).toBe('ran\n');
    } finally {
      await server.stop();
      await model.close();
    }
  });
});
