// What a hook runs is recorded when the session starts (docs/hooks.md, "Safety"): the engine with
// real settings files and real processes. A guard whose script changed does not run and blocks,
// reported once; the settings page's list names it; the user's approval lets it run again as it is
// now. Programs: a command word that newly resolves through PATH is a change.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HookManager, type TargetChangeNotice } from '../../src/hooks/index.js';
import { programNames, simpleCommands } from '../../src/hooks/run/commandWords.js';

const TMP = realpathSync(mkdtempSync(join(tmpdir(), 'wave-targets-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function session(name: string, hooks: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env) {
  const home = join(TMP, name, 'home');
  const workdir = join(TMP, name, 'work');
  mkdirSync(join(home, '.wave'), { recursive: true });
  mkdirSync(workdir, { recursive: true });
  writeFileSync(join(home, '.wave', 'settings.json'), JSON.stringify({ hooks }));
  const notices: TargetChangeNotice[] = [];
  const manager = new HookManager({ workdir, homeDir: home, historyFile: null, baseEnv: env, onTargetChange: (n) => notices.push(n) });
  const ctx = { sessionId: 's', transcriptPath: join(TMP, name, 't.json'), cwd: workdir, permissionMode: 'default' as const };
  return { manager, ctx, notices };
}

const rm = { tool_name: 'Bash', tool_input: { command: 'rm -rf x' }, tool_use_id: 'call_1' };

describe('run targets', () => {
  it('a changed guard script holds the guard back until approved; PostToolUse runs it and warns', async () => {
    const script = join(TMP, 'guard.sh');
    writeFileSync(script, "#!/bin/sh\ngrep -q 'rm -rf' && { echo no >&2; exit 2; }\nexit 0\n");
    chmodSync(script, 0o755);
    const group = { matcher: 'Bash', hooks: [{ type: 'command', command: script, description: 'guard' }] };
    const { manager, ctx, notices } = session('a', { PreToolUse: [group], PostToolUse: [group] });
    expect((await manager.fire('PreToolUse', rm, ctx)).decision.reason).toBe('no');
    writeFileSync(script, '#!/bin/sh\nexit 0\n');
    const held = await manager.fire('PreToolUse', rm, ctx);
    expect(held.decision.blocked).toBe(true);
    expect(held.decision.reason).toContain(
      `did not run: what it runs changed during this session and the user has not approved it (the script ${script} changed)`,
    );
    await manager.fire('PreToolUse', rm, ctx);
    expect(notices.map((n) => [n.event, n.held])).toEqual([['PreToolUse', true]]);
    const post = await manager.fire('PostToolUse', { ...rm, tool_response: {} }, ctx);
    expect(post.runs[0]).toMatchObject({ outcome: 'success', exitCode: 0 });
    expect(notices.map((n) => [n.event, n.held])).toEqual([
      ['PreToolUse', true],
      ['PostToolUse', false],
    ]);
    expect([...manager.changedRunTargets().values()]).toEqual([[`the script ${script} changed`], [`the script ${script} changed`]]);
    expect(manager.approveRunTargets()).toBe(2);
    expect(manager.changedRunTargets().size).toBe(0);
    const after = await manager.fire('PreToolUse', rm, ctx);
    expect(after.decision.blocked).toBe(false); // it runs, as the user approved it
    expect(after.runs[0]).toMatchObject({ exitCode: 0 });
  });

  it('a program that newly resolves through PATH (a fake jq) is a change; UserPromptSubmit is held too', async () => {
    const tools = join(TMP, 'tools');
    mkdirSync(tools, { recursive: true });
    const env = { ...process.env, PATH: `${tools}:${process.env.PATH}` };
    const cmd = 'jq -r .prompt | grep -q secret && exit 2; exit 0';
    const { manager, ctx } = session('b', { UserPromptSubmit: [{ hooks: [{ type: 'command', command: cmd }] }] }, env);
    expect((await manager.fire('UserPromptSubmit', { prompt: 'hello' }, ctx)).decision.blocked).toBe(false);
    writeFileSync(join(tools, 'jq'), '#!/bin/true\n');
    chmodSync(join(tools, 'jq'), 0o755);
    const held = await manager.fire('UserPromptSubmit', { prompt: 'hello' }, ctx);
    expect(held.decision.blocked).toBe(true);
    expect(held.decision.reason).toMatch(new RegExp(`\`jq\` now runs ${tools}/jq \\(it was /\\S+/jq\\)`));
    expect(held.decision.reason).toContain('the prompt is blocked');
  });

  it('reads the simple commands and program names of a command', () => {
    expect(simpleCommands(`a 'x;y' && b | c; (d) $(e) \`f\``)).toEqual(["a 'x;y'", 'b', 'c', 'd', 'e', 'f']);
    expect(programNames('FOO=1 env -i jq . | sudo python3 x.py && if test -f x; then exit 2; fi; timeout 5 node a.js; ./local.sh; "$X"/y')).toEqual([
      'env',
      'jq',
      'sudo',
      'python3',
      'timeout',
      'node',
    ]);
  });
});
