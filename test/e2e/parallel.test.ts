// Matcher groups with "parallel": true (docs/hooks.md, "Parallel groups"): the real `wave -p` against
// the scripted model, real hook processes. That the hooks of a group run at once is proven by events:
// each hook waits for a file another hook of the group creates, which can only happen when they run
// together. Their answers still combine in definition order, the first rewrite wins, and every hook
// runs when one blocks. `wave hooks import` marks the imported Claude Code groups parallel.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, call, cleanupSandboxes, ensureBuilt, hookRuns, scenario, Sandbox, sq, toolBlocks } from './harness.js';

beforeAll(() => ensureBuilt(), 180_000);
afterAll(() => cleanupSandboxes());

const BYPASS = ['--permission-mode', 'bypassPermissions'];
/** A hook that waits forever would end at its own timeout: the run's limit, not a time under test. */
const SLOW = 120_000;
const HOOK_TIMEOUT = 30;

/** Shell lines: say `me` is up, then wait until every one of `others` is up (only hooks running together get past this). */
function meet(me: string, others: string[]): string {
  const wait = others.map((o) => `[ -e "$d/${o}.up" ]`).join(' && ');
  return `touch "$d/${me}.up"; until ${wait}; do sleep 0.01; done`;
}

/** Shell lines: wait until `other` has finished (it touches `<other>.done` last). */
const after = (other: string) => `until [ -e "$d/${other}.done" ]; do sleep 0.01; done`;
const done = (me: string) => `touch "$d/${me}.done"`;

/** The label of a hook script made by Sandbox.hook (`'/…/bin/<label>-<n>.sh'`). */
const label = (command: string) => command.replace(/-\d+\.sh'?$/, '').replace(/.*\//, '');

const rewrite = (command: string) => answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command } } });

/** A parallel matcher group on Bash with these commands (each with a timeout that ends a hook that waits in vain). */
const parallelGroup = (commands: string[]) => ({
  matcher: 'Bash',
  parallel: true,
  hooks: commands.map((command) => ({ type: 'command', command, timeout: HOOK_TIMEOUT })),
});

/** One `wave -p` run whose model makes one Bash call (id `call_1`) with these PreToolUse groups. */
function bashCall(groups: (sb: Sandbox) => Array<Record<string, unknown>>, command: string) {
  return scenario({
    timeoutMs: SLOW,
    args: BYPASS,
    settings: (sb) => ({ hooks: { PreToolUse: groups(sb) } }),
    script: [call('Bash', { command }, 'call_1'), { text: 'done' }],
  });
}

describe.concurrent('a parallel matcher group under wave -p', () => {
  it(
    'starts its hooks together: each waits for a file the others create, and all of them answer',
    async () => {
      const { run, messages, sb } = await bashCall(
        (sb) => [
          parallelGroup([
            sb.hook('a', { body: meet('a', ['b', 'c']) }),
            sb.hook('b', { body: meet('b', ['a', 'c']) }),
            sb.hook('c', { body: meet('c', ['a', 'b']) }),
          ]),
        ],
        'echo ran > ran.txt',
      );
      expect(run.code).toBe(0);
      expect(hookRuns(messages).map((r) => [label(r.command), r.outcome])).toEqual([
        ['a', 'success'],
        ['b', 'success'],
        ['c', 'success'],
      ]);
      expect(readFileSync(join(sb.workdir, 'ran.txt'), 'utf8')).toBe('ran\n');
    },
    SLOW,
  );

  it(
    'takes the answers in definition order whatever order they finish in, and runs every hook when the first blocks',
    async () => {
      const { run, messages, sb } = await bashCall(
        (sb) => [
          parallelGroup([
            // The first blocks, and finishes last: it waits until the audit logger has finished.
            sb.hook('first', { body: after('audit'), stderr: 'first says no', exit: 2 }),
            sb.hook('second', { body: `${after('third')}; ${done('second')}`, stderr: 'second says no', exit: 2 }),
            sb.hook('third', { body: done('third'), stdout: answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask' } }) }),
            sb.hook('audit', { body: `${after('second')}; ${done('audit')}` }),
          ]),
        ],
        'echo ran > ran.txt',
      );
      expect(run.code).toBe(0);
      const runs = hookRuns(messages);
      expect(runs.map((r) => r.verdict)).toEqual(['blocked', 'blocked', 'asked', 'ok']);
      expect(runs.map((r) => label(r.command))).toEqual(['first', 'second', 'third', 'audit']);
      // The audit logger saw the blocked call.
      expect(sb.dumps('audit')[0]!.tool_input).toEqual({ command: 'echo ran > ran.txt' });
      const result = toolBlocks(messages).find((b) => b.id === 'call_1')!.result!;
      expect(result.indexOf('first says no')).toBeGreaterThanOrEqual(0);
      expect(result.indexOf('second says no')).toBeGreaterThan(result.indexOf('first says no'));
      expect(existsSync(join(sb.workdir, 'ran.txt'))).toBe(false);
    },
    SLOW,
  );

  it(
    'keeps the first rewrite in definition order, ignores a later one with a warning in its record, and hands the first to the hooks after the group',
    async () => {
      const { run, messages, sb } = await bashCall(
        (sb) => [
          // r1 answers after r2 (it waits for r2): still its rewrite is the one that counts.
          parallelGroup([
            sb.hook('r1', { body: after('r2'), stdout: rewrite('echo first > out.txt') }),
            sb.hook('r2', { body: done('r2'), stdout: rewrite('echo second > out.txt') }),
          ]),
          { matcher: 'Bash', hooks: [{ type: 'command', command: sb.hook('next') }] },
        ],
        'echo original > out.txt',
      );
      expect(run.code).toBe(0);
      expect(readFileSync(join(sb.workdir, 'out.txt'), 'utf8')).toBe('first\n');
      // Both hooks of the group saw the group's input; the hook after it saw the first rewrite.
      expect(sb.dumps('r1')[0]!.tool_input).toEqual({ command: 'echo original > out.txt' });
      expect(sb.dumps('r2')[0]!.tool_input).toEqual({ command: 'echo original > out.txt' });
      expect(sb.dumps('next')[0]!.tool_input).toEqual({ command: 'echo first > out.txt' });
      const [r1, r2] = hookRuns(messages);
      expect(r1).toMatchObject({ verdict: 'rewrote' });
      expect(r1!.warning).toBeUndefined();
      expect(r2!.verdict).toBe('ok');
      expect(r2!.warning).toMatch(/^its rewrite of the input was ignored: ".*r1-\d+\.sh'", earlier in the same parallel group, rewrote it first$/);
    },
    SLOW,
  );
});

describe.concurrent('wave hooks import and parallel groups', () => {
  it(
    'marks the imported Claude Code groups "parallel": true, shows the flag in list and validate, and the imported hooks start together',
    async () => {
      const sb = new Sandbox();
      const claude = {
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                { type: 'command', command: sb.hook('x', { body: meet('x', ['y']) }).replace(/^'|'$/g, ''), timeout: HOOK_TIMEOUT },
                { type: 'command', command: sb.hook('y', { body: meet('y', ['x']) }).replace(/^'|'$/g, ''), timeout: HOOK_TIMEOUT },
              ],
            },
          ],
          WorktreeCreate: [{ hooks: [{ type: 'command', command: 'echo /tmp/wt' }] }],
        },
      };
      sb.file('.claude/settings.json', JSON.stringify(claude, null, 2));
      const r = await sb.wave(['hooks', 'import', '--workdir', sb.workdir]);
      expect(r.code).toBe(0);
      const wave = JSON.parse(readFileSync(sb.projectSettings, 'utf8')) as { hooks: Record<string, Array<Record<string, unknown>>> };
      expect(wave.hooks.PreToolUse![0]!.parallel).toBe(true);
      // WorktreeCreate hooks run one after another (the first path wins): not marked.
      expect(wave.hooks.WorktreeCreate![0]!.parallel).toBeUndefined();

      const list = await sb.wave(['hooks', 'list', '--workdir', sb.workdir]);
      expect(list.stdout).toContain('parallel');
      const validate = await sb.wave(['hooks', 'validate', '--workdir', sb.workdir]);
      expect(validate.code).toBe(0);
      expect(validate.stdout).toContain('hooks.PreToolUse[0]: parallel: its 2 hooks start together');

      const { run, messages } = await scenario({
        sandbox: sb,
        timeoutMs: SLOW,
        args: BYPASS,
        script: [call('Bash', { command: 'true' }, 'call_1'), { text: 'done' }],
      });
      expect(run.code).toBe(0);
      expect(hookRuns(messages).map((h) => h.outcome)).toEqual(['success', 'success']);
    },
    SLOW,
  );

  it(
    'warns about a parallel flag that is not true or false, and about one on WorktreeCreate, and runs those hooks in order',
    async () => {
      const sb = new Sandbox();
      writeFileSync(
        sb.projectSettings,
        JSON.stringify({
          hooks: {
            Stop: [{ parallel: 'yes', hooks: [{ type: 'command', command: `echo one >> ${sq(sb.outFile('stop.log'))}` }] }],
            WorktreeCreate: [{ parallel: true, hooks: [{ type: 'command', command: 'echo /tmp/wt' }] }],
          },
        }),
      );
      const validate = await sb.wave(['hooks', 'validate', '--workdir', sb.workdir]);
      expect(validate.code).toBe(0);
      expect(validate.stdout).toContain('hooks.Stop[0].parallel: parallel must be true or false; this group runs its hooks one after another');
      expect(validate.stdout).toContain('hooks.WorktreeCreate[0].parallel: WorktreeCreate hooks always run one after another');
    },
    SLOW,
  );
});
