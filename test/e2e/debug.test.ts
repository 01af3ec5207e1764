// `--debug hooks` and `WAVE_DEBUG=hooks` on `wave -p` (docs/hooks.md, "Why a hook did or did not
// run"): for every event fired, a line `hooks: <Event> <value>: ran N, skipped M`, then one line
// per hook that ran (exit, time, decision) or did not (its reason).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, group, scenario } from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

describe.concurrent('--debug hooks', () => {
  const settings = () => ({
    hooks: {
      PreToolUse: [group([{ command: 'exit 0', description: 'bash guard' }], 'Bash'), group([{ command: 'exit 0', description: 'edit guard' }], 'Edit')],
      Stop: [group([{ command: 'echo done', description: 'stopper' }])],
    },
  });

  it.for([
    ['--debug hooks', { args: ['--debug', 'hooks'] }],
    ['WAVE_DEBUG=hooks', { env: { WAVE_DEBUG: 'hooks' } }],
  ] as const)('%s: one summary line per event and one line per hook, ran or skipped with its reason', async ([, how]) => {
    const { run } = await scenario({
      format: 'text',
      settings,
      args: ['--permission-mode', 'bypassPermissions', ...('args' in how ? how.args : [])],
      ...('env' in how ? { env: how.env } : {}),
      script: [call('Bash', { command: 'echo hi' }), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n');
    const pre = lines.indexOf('hooks: PreToolUse Bash: ran 1, skipped 1');
    expect(pre).toBeGreaterThanOrEqual(0);
    expect(lines[pre + 1]).toMatch(/^ {2}ran bash guard \[project\] exit 0 \d+ ms → success$/);
    expect(lines[pre + 2]).toBe('  skipped edit guard [project]: matcher "Edit" does not match "Bash"');
    expect(lines).toContain('hooks: Stop: ran 1, skipped 0');
    expect(lines).toContain('hooks: SessionStart startup: ran 0, skipped 0');
  });

  it('an unknown category is a usage error (exit 2)', async () => {
    const { sb } = await scenario({ format: 'text', script: [{ text: 'x' }] });
    const r = await sb.run('hi', { format: 'text', args: ['--debug', 'everything'] });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown category "everything"');
  });
});
