// The harness's warm `wave` (waveHost.ts, docs/reliability.md, "A warm wave"): commands that run one
// after the other in the same host each see only their own environment, folder and output, and a
// command's end is its process's end (the history it wrote is on disk when it answers). A command
// that asks for a process of its own gets one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupSandboxes, ensureBuilt, group, Sandbox, scenario, server } from './harness.js';
import { leftBehind } from './hostResources.mjs';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

const warm = process.env.WAVE_E2E_PROCESSES !== 'own';

/** A sandbox whose UserPromptSubmit hook writes what it sees of MARK and of its folder to out/seen-<n>.txt. */
function sandboxWithHook(): { sb: Sandbox; settings: () => Record<string, unknown> } {
  const sb = new Sandbox();
  sb.file('sub/readme.txt', 'x');
  const hook = sb.hook('ups', { body: 'printf "%s|%s" "${MARK-unset}" "$(pwd)" > "$d/seen-$n.txt"', stdout: '' });
  return { sb, settings: () => ({ hooks: { UserPromptSubmit: [group([hook])] } }) };
}

describe('the warm wave of the end-to-end harness', () => {
  it('runs commands one after the other, each with its own environment, folder and output', async () => {
    const a = sandboxWithHook();
    const b = sandboxWithHook();
    const first = await scenario({ sandbox: a.sb, settings: a.settings, env: { MARK: 'first' }, script: [{ text: 'one' }] });
    // From a folder of the other project, without --workdir: the project is found from the command's own folder.
    const second = await scenario({ sandbox: b.sb, settings: b.settings, fromFolder: 'sub', script: [{ text: 'two' }] });
    expect(readFileSync(a.sb.outFile('seen-0.txt'), 'utf8')).toBe(`first|${a.sb.workdir}`);
    expect(readFileSync(b.sb.outFile('seen-0.txt'), 'utf8')).toBe(`unset|${b.sb.workdir}`);
    expect([first.json.result, second.json.result]).toEqual(['one', 'two']);
    expect(second.run.stdout).not.toContain('"one"');
    if (warm) expect(second.run.pid).toBe(first.run.pid);
    // The command's end is the process's end: its history line is on disk when it answers.
    expect(readFileSync(join(b.sb.home, '.wave', 'hook-runs.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
    const list = await b.sb.wave(['hooks', 'runs', '--json']);
    expect((JSON.parse(list.stdout) as { runs: unknown[] }).runs).toHaveLength(1);
  });

  it('a command that asks for a process of its own gets one', async () => {
    const sb = new Sandbox();
    const s = await server([{ text: 'warm' }, { text: 'own' }]);
    try {
      const warmRun = await sb.run('hello', { server: s, process: 'any' });
      const own = await sb.run('hello', { server: s, process: 'own' });
      expect([warmRun.json?.result, own.json?.result]).toEqual(['warm', 'own']);
      expect(own.pid).not.toBe(warmRun.pid);
    } finally {
      await s.close();
    }
  });

  // Seen in a full run: an immediate alive when a command started (left by the command before it)
  // and ended during it; waiting for the host to be exactly as before hung the command until the
  // hang limit.
  it('a command is done once it left nothing more alive than there was when it started', () => {
    expect(leftBehind(['Immediate', 'PipeWrap', 'PipeWrap'], ['PipeWrap', 'PipeWrap'])).toEqual([]);
    expect(leftBehind(['PipeWrap'], ['PipeWrap', 'PipeWrap'])).toEqual(['PipeWrap']);
    expect(leftBehind(['Timeout', 'PipeWrap'], ['PipeWrap', 'Timeout', 'Timeout', 'TCPSocketWrap'])).toEqual(['Timeout', 'TCPSocketWrap']);
  });
});
