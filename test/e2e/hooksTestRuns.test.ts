// `wave hooks test` with the user's own input, and test runs kept apart (docs/hooks.md, "wave hooks
// test", "History"): `--input FILE` and `--input -` give the stdin's fields over the sample, so a
// guard sees `rm -rf build` and blocks; a JSON mistake is a clear error naming where; every run of
// `wave hooks test` is marked as a test run in the history, and `wave hooks stats` counts it apart
// from the real runs of `wave -p`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, group, Sandbox, scenario } from './harness.js';
import { wave } from './hostile/harness.js';

beforeAll(() => ensureBuilt(), 180_000);
afterAll(() => cleanupSandboxes());

const GUARD = "grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; }; exit 0";

/** `wave hooks test` with `stdin` piped in (for `--input -`). */
const waveWithStdin = (sb: Sandbox, args: string[], input: string) => wave(sb, args, { input });

describe('wave hooks test --input and test runs in the history', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = new Sandbox();
    // One real run of `wave -p`: the guard lets `echo hi` through.
    await scenario({
      sandbox: sb,
      settings: () => ({ hooks: { PreToolUse: [group([{ command: GUARD, description: 'no rm' }], 'Bash')] } }),
      args: ['--permission-mode', 'bypassPermissions'],
      script: [call('Bash', { command: 'echo hi' }), { text: 'done' }],
    });
  }, 60_000);

  it('--input FILE: the stdin’s fields over the sample; the guard sees rm -rf build and blocks', async () => {
    const file = join(sb.root, 'rm.json');
    writeFileSync(file, JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf build' } }));
    const r = await sb.wave(['hooks', 'test', 'PreToolUse', '--workdir', sb.workdir, '--input', file, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      payload: { tool_input: { command: string }; hook_event_name: string };
      runs: Array<{ exitCode: number; stderr: string }>;
    };
    expect(out.payload).toMatchObject({ hook_event_name: 'PreToolUse', tool_input: { command: 'rm -rf build' } });
    expect(out.runs.map((x) => [x.exitCode, x.stderr.trim()])).toEqual([[2, 'rm -rf is not allowed']]);
    const human = await sb.wave(['hooks', 'test', 'PreToolUse', '--workdir', sb.workdir, '--input', file]);
    expect(human.stdout).toContain('rm -rf is not allowed');
  });

  it('--input -: the stdin from a pipe; a JSON mistake names where it is and exits 2', async () => {
    const r = await waveWithStdin(
      sb,
      ['hooks', 'test', 'PreToolUse', '--workdir', sb.workdir, '--input', '-', '--json'],
      '{"tool_input": {"command": "rm -rf /tmp/x"}}',
    );
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { runs: Array<{ exitCode: number }> }).runs.map((x) => x.exitCode)).toEqual([2]);
    const bad = await waveWithStdin(sb, ['hooks', 'test', 'PreToolUse', '--workdir', sb.workdir, '--input', '-'], '{\n  "tool_input": {"command": "ls"},\n}');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^wave hooks test: --input \(stdin\) is not valid JSON: .* at line 3, column 1\n$/);
    const list = await waveWithStdin(sb, ['hooks', 'test', 'PreToolUse', '--workdir', sb.workdir, '--input', '-'], '[1]');
    expect(list.code).toBe(2);
    expect(list.stderr).toBe('wave hooks test: --input (stdin) must be a JSON object\n');
  });

  it('test runs are marked in the history; wave hooks stats counts them apart from real runs', async () => {
    const lines = readFileSync(join(sb.home, '.wave', 'hook-runs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.verdict, l.test ?? false])).toEqual([
      ['ok', false],
      ['blocked', true],
      ['blocked', true],
      ['blocked', true],
    ]);
    const r = await sb.wave(['hooks', 'stats', '--json']);
    const { hooks, tests } = JSON.parse(r.stdout) as { hooks: Array<Record<string, unknown>>; tests: Array<Record<string, unknown>> };
    // The real figures: one run, nothing blocked — the three blocked test runs are not in them.
    expect(hooks).toEqual([expect.objectContaining({ event: 'PreToolUse', matcher: 'Bash', runs: 1, blocks: 0 })]);
    expect(tests).toEqual([expect.objectContaining({ event: 'PreToolUse', matcher: 'Bash', runs: 3, blocks: 3 })]);
    const human = await sb.wave(['hooks', 'stats']);
    expect(human.stdout).toMatch(/ 1 run · p50 /);
    expect(human.stdout).toContain("Test runs (wave hooks test and the settings page's Test; not counted above)");
    expect(human.stdout).toMatch(/ 3 test runs \(3 blocked\) · last /);
    const runs = await sb.wave(['hooks', 'runs']);
    expect(runs.stdout.split('\n').filter((l) => l.includes('(test run)'))).toHaveLength(3);
  });
});
