// Notification hooks (docs/hooks.md, Notification) through the agent as the IDE and the web UI use
// it: a permission prompt fires `permission_prompt` without holding up the approval, and waiting
// for the user fires `idle_prompt`. Real hook processes, the scripted model server, no mocks.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startModelServer } from '../../../test/model-server/server.js';
import { createAgent } from '../../src/app/agent.js';
import type { HookRunRecord } from '../../src/hooks/contract/types.js';
import { createModelClient } from '../../src/models/config.js';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function sandbox(): { home: string; workdir: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wave-notify-')));
  roots.push(root);
  return { home: join(root, 'home'), workdir: root };
}

describe('Notification', () => {
  it('permission_prompt when an approval is asked (the dialog does not wait for the hook), idle_prompt after the agent waited', async () => {
    const server = await startModelServer([{ toolCalls: [{ id: 'call_n1', name: 'Bash', input: { command: 'echo hi' } }] }, { text: 'done' }]);
    const { home, workdir } = sandbox();
    const runs: HookRunRecord[] = [];
    let bothDone: () => void = () => undefined;
    const bothSeen = new Promise<void>((ok) => (bothDone = ok));
    let asked = 0;
    const agent = await createAgent({
      workdir,
      homeDir: home,
      model: createModelClient({ provider: 'openai', baseURL: server.openaiBaseURL, apiKey: 'k', model: 'scripted' }),
      hooks: { Notification: [{ hooks: [{ type: 'command', command: 'sleep 0.2; jq -r .notification_type' }] }] },
      idleNotificationMs: 50,
      canUseTool: async () => (asked++, { behavior: 'allow' }),
      onEvent: (e) => {
        if (e.type !== 'hook_run' || e.run.event !== 'Notification') return;
        runs.push(e.run);
        if (runs.length === 2) bothDone();
      },
    });
    try {
      await agent.sendMessage('say hi');
      expect(asked).toBe(1);
      await bothSeen;
      // Both hooks sleep, so they may end in either order on a busy machine: the order they started in is what is fired when.
      const byStart = [...runs].sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
      expect(byStart.map((r) => r.stdout)).toEqual(['permission_prompt', 'idle_prompt']);
    } finally {
      await agent.destroy();
      await server.close();
    }
  });
});
