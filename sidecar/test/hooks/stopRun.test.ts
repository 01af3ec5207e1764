// The live runs of the engine (docs/hooks.md, "Run records"): a synchronous hook is announced when
// it starts (onRunStart: the id its record will have, its statusMessage, the tool call it runs for),
// and stopRun(id) kills its process group — with "let the call run" the run ends as a non-blocking
// error, recorded, and the next hook of the event still runs; with "cancel the call" (the default) a
// stopped guard denies its call (docs/hooks.md, "Safety"). Real settings files, real processes.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HookManager, type HookRunRecord } from '../../src/hooks/index.js';
import type { HookRunStart } from '../../src/protocol/wire.js';

const TMP = realpathSync(mkdtempSync(join(tmpdir(), 'wave-stoprun-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('HookManager: onRunStart and stopRun', () => {
  it('announces a running hook with its statusMessage and tool call; stopRun(id, "letRun") kills it; the next hook still runs; the call is not blocked', async () => {
    const home = join(TMP, 'home');
    const workdir = join(TMP, 'work');
    mkdirSync(join(home, '.wave'), { recursive: true });
    mkdirSync(workdir, { recursive: true });
    const hooks = {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { type: 'command', command: 'sleep 30', statusMessage: 'Scanning the command…' },
            { type: 'command', command: 'echo after', description: 'After' },
          ],
        },
      ],
    };
    writeFileSync(join(home, '.wave', 'settings.json'), JSON.stringify({ hooks }));
    const starts: HookRunStart[] = [];
    const records: HookRunRecord[] = [];
    const manager = new HookManager({
      workdir,
      homeDir: home,
      historyFile: null,
      killGraceMs: 200,
      onRecord: (r) => records.push(r),
      onRunStart: (s) => {
        starts.push(s);
        if (starts.length === 1) setTimeout(() => expect(manager.stopRun(s.id, 'letRun')).toBe(true), 100);
      },
    });
    const t0 = Date.now();
    const { decision } = await manager.fire(
      'PreToolUse',
      { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'call_1' },
      { sessionId: 's', transcriptPath: join(TMP, 't.json'), cwd: workdir, permissionMode: 'default' },
    );
    expect(Date.now() - t0).toBeLessThan(30_000); // returned before the stopped hook's `sleep 30` could end
    expect(starts.map((s) => [s.name, s.statusMessage, s.toolUseId, s.event])).toEqual([
      ['sleep 30', 'Scanning the command…', 'call_1', 'PreToolUse'],
      ['After', null, 'call_1', 'PreToolUse'],
    ]);
    expect(records.map((r) => r.id)).toEqual(starts.map((s) => s.id));
    expect(records[0]).toMatchObject({ outcome: 'non_blocking_error', verdict: 'error', error: 'stopped by the user', toolUseId: 'call_1' });
    expect(records[1]).toMatchObject({ outcome: 'success', stdout: 'after' });
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages).toEqual(['a hook was stopped by the user']);
    expect(manager.stopRun(starts[0]!.id)).toBe(false);
  });

  it('stopRun(id) with the default choice (cancel the call): the stopped guard denies its call, saying so; a stopped PostToolUse hook blocks nothing', async () => {
    const home = join(TMP, 'home2');
    const workdir = join(TMP, 'work2');
    mkdirSync(join(home, '.wave'), { recursive: true });
    mkdirSync(workdir, { recursive: true });
    const slow = { matcher: 'Bash', hooks: [{ type: 'command', command: 'sleep 30', description: 'slow guard' }] };
    writeFileSync(join(home, '.wave', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [slow], PostToolUse: [slow] } }));
    const starts: HookRunStart[] = [];
    const manager = new HookManager({
      workdir,
      homeDir: home,
      historyFile: null,
      killGraceMs: 200,
      onRunStart: (s) => {
        starts.push(s);
        setTimeout(() => manager.stopRun(s.id), 100);
      },
    });
    const ctx = { sessionId: 's', transcriptPath: join(TMP, 't.json'), cwd: workdir, permissionMode: 'default' as const };
    const input = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'call_1' };
    const pre = await manager.fire('PreToolUse', input, ctx);
    expect(starts[0]).toMatchObject({ event: 'PreToolUse', guardsCall: true });
    expect(pre.decision.blocked).toBe(true);
    expect(pre.decision.reason).toBe('The PreToolUse hook "slow guard" was stopped by the user; the call is cancelled.');
    expect(pre.runs[0]).toMatchObject({ verdict: 'blocked', error: 'was stopped by the user' });
    const post = await manager.fire('PostToolUse', { ...input, tool_response: {} }, ctx);
    expect(starts[1]!.guardsCall).toBeUndefined();
    expect(post.decision.blocked).toBe(false);
    expect(post.runs[0]).toMatchObject({ verdict: 'error', error: 'stopped by the user' });
  });
});
