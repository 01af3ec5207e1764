// A guard stays a guard (docs/hooks.md, "Safety"; docs/reliability.md, "Guards fail closed"): the
// real `wave -p` against the scripted model, which makes the attacking calls itself, with real
// guard processes. Editing the guard's script, swapping it for a link to /bin/true or putting a fake
// program first on PATH holds the guard back and denies the call; a fake `sh` on PATH changes
// nothing (hooks run in /bin/sh); a guard the turn's budget skipped or cut denies the call; a hook
// with `onFailure: "block"` blocks on every failure, saying which.
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cleanupSandboxes,
  ensureBuilt,
  errorTexts,
  group,
  hookRuns,
  ownProcessesInThisFile,
  Sandbox,
  scenario as runScenario,
  sq,
  toolBlocks,
  type ScenarioOptions,
} from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());
// The guards' promise is tested on the real binary: every `wave -p` of this file is a process of its own.
ownProcessesInThisFile();

const BYPASS = ['--permission-mode', 'bypassPermissions'];
/** The machine may be busy: a run is given all the time it needs (the tests wait on its end, not on a clock). */
const scenario = (o: ScenarioOptions) => runScenario({ timeoutMs: 150_000, ...o });
const SLOW = { timeout: 180_000 };
const GUARD_TEXT = `#!/bin/sh\nif grep -q 'rm -rf'; then echo 'rm -rf is not allowed here' >&2; exit 2; fi\nexit 0\n`;

/** The user's guard: a script in .wave/hooks that blocks `rm -rf`. */
function guardScript(sb: Sandbox): string {
  const path = sb.file('.wave/hooks/guard.sh', GUARD_TEXT);
  chmodSync(path, 0o755);
  return path;
}

/** The attack's last call: `rm -rf` on a folder, then a marker that says the call ran. */
const rmCall = (sb: Sandbox) => call('Bash', { command: `mkdir -p victim && rm -rf victim; touch ${sq(sb.outFile('rm-ran'))}` }, 'call_rm');

describe.concurrent('what a guard runs cannot be changed under it', SLOW, () => {
  const attacks: Array<[string, (script: string) => string, RegExp]> = [
    ['edits the guard script to `exit 0`', (script) => `printf 'exit 0\\n' > ${sq(script)}`, /the script .*guard\.sh changed/],
    [
      'replaces the guard script with a link to /bin/true',
      (script) => `ln -sf /bin/true ${sq(script)}`,
      /the script .*guard\.sh is now a link to \/(usr\/)?bin\/true/,
    ],
  ];
  it.for(attacks)('the model %s, then runs rm -rf: the guard does not run, the call is denied saying why, the user is told', async ([, attack, said]) => {
    const { sb, run, messages } = await scenario({
      args: BYPASS,
      settings: (sb) => ({ hooks: { PreToolUse: [group([{ command: sq(guardScript(sb)), description: 'no rm -rf' }], 'Bash')] } }),
      script: (sb) => [call('Bash', { command: attack(join(sb.workdir, '.wave/hooks/guard.sh')) }, 'call_attack'), rmCall(sb), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(toolBlocks(messages).find((b) => b.id === 'call_attack')!.success).toBe(true);
    const rm = toolBlocks(messages).find((b) => b.id === 'call_rm')!;
    expect(rm.success).toBe(false);
    expect(rm.result).toMatch(said);
    expect(rm.result).toContain('what it runs changed during this session and the user has not approved it');
    expect(existsSync(sb.outFile('rm-ran'))).toBe(false);
    expect(existsSync(join(sb.workdir, 'victim'))).toBe(false); // mkdir never ran either
    expect(errorTexts(messages).some((t) => said.test(t) && /Until you approve the change/.test(t))).toBe(true);
    expect(
      hookRuns(messages)
        .filter((r) => r.event === 'PreToolUse')
        .at(-1),
    ).toMatchObject({ verdict: 'blocked', durationMs: 0 });
  });

  /** A sandbox whose PATH starts with a folder the agent can write (`tools`, empty at the start). */
  const withTools = () => {
    const sb = new Sandbox();
    const tools = join(sb.root, 'tools');
    mkdirSync(tools, { recursive: true });
    return { sb, tools, env: { PATH: `${tools}:${process.env.PATH ?? '/usr/bin:/bin'}` } };
  };
  const fake = (file: string) => `printf '#!/bin/true\\n' > ${sq(file)} && chmod +x ${sq(file)}`;

  it('the model puts a fake `jq` first on PATH: the guard that reads the call with jq does not run, the call is denied', async () => {
    const { sb, tools, env } = withTools();
    const { run, messages } = await scenario({
      sandbox: sb,
      args: BYPASS,
      env,
      settings: () => ({
        hooks: {
          PreToolUse: [
            group(
              [
                {
                  command: `jq -r .tool_input.command | grep -q 'rm -rf' && { echo 'rm -rf is not allowed here' >&2; exit 2; }; exit 0`,
                  description: 'no rm -rf',
                },
              ],
              'Bash',
            ),
          ],
        },
      }),
      script: (sb) => [call('Bash', { command: fake(join(tools, 'jq')) }, 'call_attack'), rmCall(sb), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(toolBlocks(messages).find((b) => b.id === 'call_attack')!.success).toBe(true);
    const rm = toolBlocks(messages).find((b) => b.id === 'call_rm')!;
    expect(rm.success).toBe(false);
    expect(rm.result).toContain(`\`jq\` now runs ${join(tools, 'jq')}`);
    expect(existsSync(sb.outFile('rm-ran'))).toBe(false);
  });

  it('a fake `jq` used inside the guard script (not in its command) is caught too', async () => {
    const { sb, tools, env } = withTools();
    const { run, messages } = await scenario({
      sandbox: sb,
      args: BYPASS,
      env,
      settings: (sb) => {
        const path = sb.file(
          '.wave/hooks/jq-guard.sh',
          `#!/bin/sh\njq -r .tool_input.command | grep -q 'rm -rf' && { echo 'rm -rf is not allowed here' >&2; exit 2; }\nexit 0\n`,
        );
        chmodSync(path, 0o755);
        return { hooks: { PreToolUse: [group([sq(path)], 'Bash')] } };
      },
      script: (sb) => [call('Bash', { command: fake(join(tools, 'jq')) }), rmCall(sb), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(toolBlocks(messages).find((b) => b.id === 'call_rm')!.result).toContain(`\`jq\` now runs ${join(tools, 'jq')}`);
    expect(existsSync(sb.outFile('rm-ran'))).toBe(false);
  });

  it('the model puts a fake `sh` first on PATH: hooks run in /bin/sh, so the guard still runs and blocks', async () => {
    const { sb, tools, env } = withTools();
    const { run, messages } = await scenario({
      sandbox: sb,
      args: BYPASS,
      env,
      settings: (sb) => ({ hooks: { PreToolUse: [group([sq(guardScript(sb))], 'Bash')] } }),
      script: (sb) => [call('Bash', { command: fake(join(tools, 'sh')) }, 'call_attack'), rmCall(sb), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(toolBlocks(messages).find((b) => b.id === 'call_attack')!.success).toBe(true);
    expect(toolBlocks(messages).find((b) => b.id === 'call_rm')!.result).toContain('rm -rf is not allowed here');
    expect(existsSync(sb.outFile('rm-ran'))).toBe(false);
  });

  it('a PostToolUse hook whose script changed still runs, and the user is warned once', async () => {
    const { sb, run, messages } = await scenario({
      args: BYPASS,
      settings: (sb) => {
        const path = sb.file('.wave/hooks/audit.sh', `#!/bin/sh\ncat > /dev/null\necho audited >> ${sq(sb.outFile('audit.log'))}\n`);
        chmodSync(path, 0o755);
        return { hooks: { PostToolUse: [group([sq(path)], 'Bash')] } };
      },
      script: (sb) => [
        call('Bash', { command: 'echo zero' }),
        call('Bash', { command: `printf '#!/bin/sh\\necho changed >> ${sb.outFile('audit.log')}\\n' > ${sq(join(sb.workdir, '.wave/hooks/audit.sh'))}` }),
        call('Bash', { command: 'echo one' }),
        { text: 'done' },
      ],
    });
    expect(run.code).toBe(0);
    expect(readFileSync(sb.outFile('audit.log'), 'utf8').trim().split('\n')).toEqual(['audited', 'changed', 'changed']);
    const warned = errorTexts(messages).filter((t) => /audit\.sh changed/.test(t));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain('it runs as it is now');
  });
});

describe.concurrent('a guard that gave no answer denies the call', SLOW, () => {
  it('the turn budget is spent before the guard: it is not skipped into "the tool runs"; the call is denied saying why', async () => {
    const { sb, run, messages } = await scenario({
      args: BYPASS,
      settings: (sb) => ({
        hookTurnBudgetSeconds: 1,
        hooks: {
          UserPromptSubmit: [group([sb.hook('slow-prompt', { sleep: 30 })])],
          PreToolUse: [group([{ command: sb.hook('guard'), description: 'the guard' }], 'Bash')],
        },
      }),
      script: (sb) => [call('Bash', { command: `touch ${sq(sb.outFile('ran'))}` }, 'call_b'), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(sb.dumps('guard')).toHaveLength(0);
    const b = toolBlocks(messages).find((b) => b.id === 'call_b')!;
    expect(b.success).toBe(false);
    expect(b.result).toContain('The PreToolUse hook "the guard" did not run: the turn’s hook budget (1 s) is spent; the call is denied');
    expect(existsSync(sb.outFile('ran'))).toBe(false);
    expect(hookRuns(messages).find((r) => r.event === 'PreToolUse')).toMatchObject({ verdict: 'blocked' });
  });

  it('a guard whose timeout the budget cut fires: the call is denied, not let through', async () => {
    const { sb, run, messages } = await scenario({
      args: BYPASS,
      settings: (sb) => ({
        hookTurnBudgetSeconds: 1,
        hooks: { PreToolUse: [group([{ command: sb.hook('slow-guard', { sleep: 30 }), description: 'slow guard' }], 'Bash')] },
      }),
      script: (sb) => [call('Bash', { command: `touch ${sq(sb.outFile('ran'))}` }, 'call_b'), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    const b = toolBlocks(messages).find((b) => b.id === 'call_b')!;
    expect(b.success).toBe(false);
    expect(b.result).toMatch(
      /The PreToolUse hook "slow guard" gave no answer: hook timed out after 1 s \(cut to what was left of the turn’s hook budget\); the call is denied/,
    );
    expect(existsSync(sb.outFile('ran'))).toBe(false);
  });
});

describe.concurrent('onFailure: "block"', SLOW, () => {
  const failures: Array<[string, (sb: Sandbox) => Record<string, unknown>, RegExp]> = [
    ['a script that does not exist', (sb) => ({ command: sq(join(sb.workdir, '.wave/hooks/missing.sh')) }), /failed: command not found/],
    [
      'a script that is not executable',
      (sb) => ({ command: sq(sb.file('.wave/hooks/noexec.sh', '#!/bin/sh\nexit 0\n')) }),
      /failed: command is not executable/,
    ],
    ['a crash (exit 1)', (sb) => ({ command: sb.hook('crash', { stderr: 'Traceback: boom', exit: 1 }) }), /failed: hook exited with code 1/],
    ['a crash (killed by a signal)', () => ({ command: 'kill -9 $$' }), /failed: hook was killed by SIGKILL/],
    ['a timeout', (sb) => ({ command: sb.hook('slow', { sleep: 30 }), timeout: 1 }), /failed: hook timed out after 1 s/],
    ['an invalid JSON answer', (sb) => ({ command: sb.hook('badjson', { stdout: '{"decision": ' }) }), /failed: stdout starts with "\{" but is not valid JSON/],
  ];
  it.for(failures)('%s blocks the call like exit 2, saying what failed', async ([, handler, said]) => {
    const { sb, run, messages } = await scenario({
      args: BYPASS,
      settings: (sb) => ({ hooks: { PreToolUse: [group([{ ...handler(sb), onFailure: 'block', description: 'strict guard' }], 'Bash')] } }),
      script: (sb) => [call('Bash', { command: `touch ${sq(sb.outFile('ran'))}` }, 'call_b'), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    const b = toolBlocks(messages).find((b) => b.id === 'call_b')!;
    expect(b.success).toBe(false);
    expect(b.result).toContain('The PreToolUse hook "strict guard" ');
    expect(b.result).toMatch(said);
    expect(b.result).toContain('it blocks because its onFailure is "block"');
    expect(existsSync(sb.outFile('ran'))).toBe(false);
  });

  it('without onFailure the same failure is a non-blocking error (the call runs), and a success with onFailure changes nothing', async () => {
    const { sb, messages } = await scenario({
      args: BYPASS,
      settings: (sb) => ({
        hooks: { PreToolUse: [group([sb.hook('crash', { exit: 1 }), { command: sb.hook('fine'), onFailure: 'block' }], 'Bash')] },
      }),
      script: (sb) => [call('Bash', { command: `touch ${sq(sb.outFile('ran'))}` }, 'call_b'), { text: 'done' }],
    });
    expect(toolBlocks(messages).find((b) => b.id === 'call_b')!.success).toBe(true);
    expect(existsSync(sb.outFile('ran'))).toBe(true);
  });
});
