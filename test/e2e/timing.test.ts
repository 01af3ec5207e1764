// Hook time end to end (SPEC 3: async hooks, timeouts, the per-turn budget; seed 000 story 9): the
// real `wave -p` with real sleeping shell hooks. The model wire plays no part, so each runs once.
// Nothing here measures speed: each check is an order of events (a file a hook writes, a record's
// outcome); the budget's arithmetic on exact durations runs on a fake clock in
// sidecar/test/hooks/matrix.unit.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanupSandboxes, ensureBuilt, errorTexts, group, hookRuns, Sandbox, scenario, wireText } from './harness.js';
import { shWait } from './work/harness-work.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

describe.concurrent('hook time', () => {
  it('async hooks never block the turn (9.1), keep their own timeout (9.2), and their output and exit code go to the run records only (9.3)', async () => {
    let slowHookDoneAtFirstRequest: boolean | null = null;
    const sb0 = new Sandbox();
    const go = sb0.outFile('go');
    const { sb, run, json, messages, calls } = await scenario({
      sandbox: sb0,
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          UserPromptSubmit: [
            group([
              // Goes on only once the model was asked (the test writes `go` then): the turn never waited for it.
              { command: sb.hook('async-slow', { body: `${shWait(go)}; touch "$d/async-slow-done"`, stdout: 'ASYNC-OUT', stderr: 'ASYNC-ERR', exit: 2 }), async: true },
              { command: sb.hook('async-timeout', { body: 'sleep 20; touch "$d/async-timeout-done"' }), async: true, timeout: 1 },
            ]),
          ],
          PreToolUse: [group([{ command: sb.hook('async-pre', { stderr: 'ASYNC-PRE-BLOCK', exit: 2 }), async: true }])],
        },
      }),
      script: (sb) => [
        () => {
          slowHookDoneAtFirstRequest = existsSync(sb.outFile('async-slow-done'));
          writeFileSync(go, '');
          return call('Bash', { command: 'echo ran > ran.txt' }, 'call_b1');
        },
        { text: 'done' },
      ],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('done');
    // 9.1: the model was asked while the async hook was still sleeping; an async exit 2 blocks nothing.
    expect(slowHookDoneAtFirstRequest).toBe(false);
    expect(existsSync(join(sb.workdir, 'ran.txt'))).toBe(true);
    expect(calls).toHaveLength(2);
    // 9.2: the async hook with timeout 1 was killed after about 1 s.
    const runs = hookRuns(messages);
    const timedOut = runs.find((r) => r.command.includes('async-timeout'));
    expect(timedOut).toMatchObject({ async: true, timedOut: true });
    expect(timedOut!.durationMs).toBeGreaterThanOrEqual(900);
    expect(timedOut!.durationMs).toBeLessThan(20_000); // killed before its sleep 20 ended
    expect(existsSync(sb.outFile('async-timeout-done'))).toBe(false);
    // 9.3: the output is recorded, never injected into the conversation nor shown as an error.
    const slow = runs.find((r) => r.command.includes('async-slow'));
    expect(slow).toMatchObject({ async: true, exitCode: 2, stdout: 'ASYNC-OUT', stderr: 'ASYNC-ERR' });
    expect(runs.find((r) => r.command.includes('async-pre'))).toMatchObject({ async: true, exitCode: 2 });
    for (const c of calls) {
      for (const s of ['ASYNC-OUT', 'ASYNC-ERR', 'ASYNC-PRE-BLOCK']) expect(wireText(c)).not.toContain(s);
    }
    expect(errorTexts(messages).join('\n')).not.toMatch(/ASYNC-ERR|ASYNC-PRE-BLOCK/);
  });

  it('a hook that times out is a non-blocking error: the tool runs, the late exit 2 never happens, nothing reaches the model', async () => {
    const { sb, run, messages, calls } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: { PreToolUse: [group([{ command: sb.hook('slow-pre', { sleep: 20, stderr: 'LATE-BLOCK', exit: 2 }), timeout: 1 }])] },
      }),
      script: [call('Bash', { command: 'echo ran > ran.txt' }, 'call_b1'), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'ran.txt'))).toBe(true);
    const rec = hookRuns(messages).find((r) => r.event === 'PreToolUse')!;
    expect(rec).toMatchObject({ timedOut: true, outcome: 'timeout' });
    expect(errorTexts(messages).some((t) => /timed out after 1 s/.test(t))).toBe(true);
    expect(calls).toHaveLength(2);
    expect(wireText(calls[1]!)).not.toMatch(/LATE-BLOCK|timed out/);
  });

  it('the per-turn budget (hookTurnBudgetSeconds: 6): once spent, later hooks of the turn are skipped and the user is told', async () => {
    const { sb, run, messages, calls } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        // The first hooks spend a little of it; `post` would sleep far past what is left.
        hookTurnBudgetSeconds: 6,
        hooks: {
          UserPromptSubmit: [group([sb.hook('ups')])],
          PreToolUse: [group([sb.hook('pre')])],
          PostToolUse: [group([sb.hook('post', { sleep: 600 }), sb.hook('post2')])],
          Stop: [group([sb.hook('stop')])],
        },
      }),
      script: [call('Bash', { command: 'echo ran > ran.txt' }, 'call_b1'), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'ran.txt'))).toBe(true); // the tool itself is not a hook
    expect(calls).toHaveLength(2);
    expect(sb.dumps('ups')).toHaveLength(1);
    // PostToolUse got what was left (under 6 s) and was cut; the next PostToolUse hook and Stop were skipped.
    // (A guard the budget skips or cuts denies its call instead: test/e2e/guardsHold.test.ts.)
    expect(hookRuns(messages).find((r) => r.event === 'PostToolUse')).toMatchObject({ timedOut: true });
    expect(sb.dumps('post2')).toHaveLength(0);
    expect(sb.dumps('stop')).toHaveLength(0);
    const skipped = hookRuns(messages).filter((r) => r.outcome === 'skipped').map((r) => r.event);
    expect(skipped).toEqual(['PostToolUse', 'Stop']);
    expect(errorTexts(messages).some((t) => /budget/i.test(t) && /skipped/i.test(t))).toBe(true);
  });
});
