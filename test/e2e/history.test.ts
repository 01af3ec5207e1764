// The run history end to end (docs/hooks.md, "History"): real `wave -p` runs append one line per
// hook run to ~/.wave/hook-runs.jsonl (stdout/stderr cut to 2 KiB there); `wave hooks runs` lists
// them newest first with its filters; `wave hooks stats` counts them per hook in the documented shape.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, group, Sandbox, scenario } from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

const BYPASS = ['--permission-mode', 'bypassPermissions'];

/** Two runs of `wave -p` in one HOME: a guard that blocks rm, a slow-ish logger, a Stop hook that fails. */
async function twoRuns(): Promise<Sandbox> {
  const sb = new Sandbox();
  const settings = () => ({
    hooks: {
      PreToolUse: [group([{ command: "grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0", description: 'no rm' }], 'Bash')],
      PostToolUse: [group([{ command: 'head -c 5000 /dev/zero | tr "\\0" x', description: 'chatty logger' }])],
      Stop: [group([{ command: 'echo broken >&2; exit 1', description: 'broken stop' }])],
    },
  });
  await scenario({ sandbox: sb, settings, args: BYPASS, script: [call('Bash', { command: 'echo hi' }), { text: 'one' }] });
  await scenario({ sandbox: sb, args: BYPASS, script: [call('Bash', { command: 'rm -rf build' }), { text: 'two' }] });
  return sb;
}

describe('the run history', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await twoRuns();
  });

  it('every run is one compact line of ~/.wave/hook-runs.jsonl, stdout cut to 2 KiB', () => {
    const lines = readFileSync(join(sb.home, '.wave', 'hook-runs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.event, l.name, l.verdict])).toEqual([
      ['PreToolUse', 'no rm', 'ok'],
      ['PostToolUse', 'chatty logger', 'ok'],
      ['Stop', 'broken stop', 'error'],
      ['PreToolUse', 'no rm', 'blocked'],
      ['Stop', 'broken stop', 'error'],
    ]);
    const chatty = lines[1]!;
    expect((chatty.stdout as string).length).toBeLessThan(2100);
    expect(chatty.stdout).toMatch(/… \[\+2952 chars\]$/);
    expect(chatty).toMatchObject({ source: 'project', file: sb.projectSettings, matcher: null, exitCode: 0 });
    expect(Object.keys(chatty)).not.toContain('stderr'); // usual values (no stderr, not async, …) are left out
    expect(Object.keys(chatty)).not.toContain('async');
    expect(new Set(lines.map((l) => l.sessionId)).size).toBe(2);
  });

  it('wave hooks runs: newest first; --event, --outcome, --hook, --limit; --json', async () => {
    const all = await sb.wave(['hooks', 'runs', '--json']);
    expect(all.code).toBe(0);
    const runs = (JSON.parse(all.stdout) as { runs: Array<{ event: string; verdict: string; name: string }> }).runs;
    expect(runs.map((r) => r.event)).toEqual(['Stop', 'PreToolUse', 'Stop', 'PostToolUse', 'PreToolUse']);
    const blocked = JSON.parse((await sb.wave(['hooks', 'runs', '--outcome', 'blocked', '--json'])).stdout) as { runs: Array<{ name: string; stderr: string }> };
    expect(blocked.runs.map((r) => [r.name, r.stderr])).toEqual([['no rm', 'no rm -rf']]);
    const errors = JSON.parse((await sb.wave(['hooks', 'runs', '--event', 'Stop', '--outcome', 'error', '--limit', '1', '--json'])).stdout) as { runs: unknown[] };
    expect(errors.runs).toHaveLength(1);
    const byText = JSON.parse((await sb.wave(['hooks', 'runs', '--hook', 'CHATTY', '--json'])).stdout) as { runs: Array<{ name: string }> };
    expect(byText.runs.map((r) => r.name)).toEqual(['chatty logger']);
    const human = await sb.wave(['hooks', 'runs', '--since', '1h']);
    expect(human.stdout.split('\n')[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}Stop +error +exit 1 +\d+ ms {2}broken stop {2}\[project\] {2}! hook exited with code 1$/);
    const bad = await sb.wave(['hooks', 'runs', '--outcome', 'maybe']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--outcome must be one of ok, blocked, error, timeout');
  });

  it('wave hooks stats --json: per hook its file, event, matcher and command, runs, blocks, errors, timeouts, p50 / p95 / max, last run', async () => {
    const r = await sb.wave(['hooks', 'stats', '--json']);
    expect(r.code).toBe(0);
    const { hooks } = JSON.parse(r.stdout) as { hooks: Array<Record<string, unknown>> };
    expect(hooks).toHaveLength(3);
    for (const h of hooks) {
      expect(Object.keys(h).sort()).toEqual(['blocks', 'command', 'errors', 'event', 'file', 'last_run', 'matcher', 'max_ms', 'p50_ms', 'p95_ms', 'runs', 'source', 'timeouts'].sort());
      expect(h.p50_ms as number).toBeLessThanOrEqual(h.p95_ms as number);
      expect(h.p95_ms as number).toBeLessThanOrEqual(h.max_ms as number);
    }
    const guard = hooks.find((h) => h.event === 'PreToolUse')!;
    expect(guard).toMatchObject({ matcher: 'Bash', source: 'project', file: sb.projectSettings, runs: 2, blocks: 1, errors: 0, timeouts: 0 });
    expect(hooks.find((h) => h.event === 'Stop')).toMatchObject({ runs: 2, blocks: 0, errors: 2 });
    const human = await sb.wave(['hooks', 'stats']);
    expect(human.stdout).toMatch(/2 runs \(1 blocked\) · p50 \d+(\.\d+)? ms · p95/);
  });
});
