// Hook safety end to end (docs/hooks.md: "Changes during a session", "Validation", "Where hooks are
// configured", the headless permission text): the real `wave -p` against the scripted model, with
// real guard scripts. The agent cannot switch its guards off by editing settings; a guard that does
// not run is never silent; a run from a sub-folder finds its project.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, group, scenario, sq, toolBlocks, type Sandbox } from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

const BYPASS = ['--permission-mode', 'bypassPermissions'];

/** A PreToolUse guard that blocks `git reset --hard` (what a user puts in front of a destructive command). */
function guard(sb: Sandbox): Record<string, unknown> {
  const script = sb.file('.wave/hooks/no-reset.sh', `#!/bin/sh\nif grep -q 'reset --hard'; then echo 'git reset --hard is not allowed here' >&2; exit 2; fi\n`);
  return group([{ command: `sh ${sq(script)}`, description: 'no git reset --hard' }], 'Bash');
}

describe.concurrent('the agent cannot switch its guards off (the session runs from its snapshot)', () => {
  const attempts: Array<[string, (sb: Sandbox) => string]> = [
    ['writes {"disableAllHooks": true}', () => `${JSON.stringify({ disableAllHooks: true })}\n`],
    ['removes the guard', () => '{}\n'],
  ];
  it.for(attempts)('a model that %s in .wave/settings.json and then runs git reset --hard: the guard still blocks it; ConfigChange fired; stderr says the change applies from the next run', async ([, content]) => {
    const { sb, run, messages } = await scenario({
      args: BYPASS,
      settings: (sb) => ({ hooks: { PreToolUse: [guard(sb)], ConfigChange: [group([sb.hook('cc')])] } }),
      script: (sb) => [
        call('Write', { file_path: sb.projectSettings, content: content(sb) }, 'call_write'),
        call('Bash', { command: `git reset --hard; touch ${sq(sb.outFile('reset-ran'))}` }, 'call_reset'),
        { text: 'done' },
      ],
    });
    expect(run.code).toBe(0);
    const reset = toolBlocks(messages).find((b) => b.id === 'call_reset')!;
    expect(reset.success).toBe(false);
    expect(reset.result).toContain('git reset --hard is not allowed here');
    expect(existsSync(sb.outFile('reset-ran'))).toBe(false);
    expect(sb.dumps('cc')).toEqual([expect.objectContaining({ hook_event_name: 'ConfigChange', source: 'project_settings', file_path: sb.projectSettings })]);
    expect(run.stderr).toContain(`wave: ${sb.projectSettings} changed during this run; this run keeps the hooks it started with, the change applies from the next run`);
    expect(run.stderr.match(/changed during this run/g)).toHaveLength(1);
  });

  it('the next run does not take the change either: nobody reviewed it (docs/hooks.md, "Changes during a session"); it says so', async () => {
    const first = await scenario({
      args: BYPASS,
      settings: (sb) => ({ hooks: { PreToolUse: [guard(sb)] } }),
      script: (sb) => [call('Write', { file_path: sb.projectSettings, content: '{"disableAllHooks": true}\n' }), { text: 'done' }],
    });
    const second = await scenario({ sandbox: first.sb, args: BYPASS, script: [call('Bash', { command: 'echo git reset --hard' }, 'call_b'), { text: 'ok' }] });
    expect(toolBlocks(second.messages).find((b) => b.id === 'call_b')!.result).toContain('git reset --hard is not allowed here');
    expect(second.run.stderr).toContain(`wave: ${first.sb.projectSettings} was changed during an earlier session (`);
  });
});

describe.concurrent('a guard that does not run is never silent', () => {
  it('a trailing comma in the project settings: one stderr line with file, line and column saying its hooks do not run; a settings_error event in stream-json', async () => {
    const broken = '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "exit 2" }] },\n    ]\n  }\n}\n';
    const text = await scenario({ setup: (sb) => sb.file('.wave/settings.json', broken), format: 'text', script: [{ text: 'ok' }] });
    expect(text.run.code).toBe(0);
    expect(text.run.stderr).toContain(
      `wave: ${text.sb.projectSettings}:4:83: error: not valid JSON: trailing comma before "]": JSON allows none, remove this "," at line 4, column 83; its 1 hook does not run`,
    );
    const stream = await scenario({ setup: (sb) => sb.file('.wave/settings.json', broken), format: 'stream-json', script: [{ text: 'ok' }] });
    const events = stream.run.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events[0]).toMatchObject({ type: 'settings_error', severity: 'error', file: stream.sb.projectSettings, line: 4, column: 83 });
  });

  it('scripts that cannot run (not executable, CRLF, relative to the working directory) are warned about on stderr', async () => {
    const { sb, run } = await scenario({
      format: 'text',
      setup: (sb) => {
        sb.file('.wave/hooks/noexec.sh', '#!/bin/sh\nexit 2\n');
        sb.file('.wave/hooks/crlf.sh', '#!/bin/sh\r\nexit 2\r\n');
      },
      settings: () => ({
        hooks: {
          PreToolUse: [group(['"$WAVE_PROJECT_DIR"/.wave/hooks/noexec.sh', '"$WAVE_PROJECT_DIR"/.wave/hooks/crlf.sh', './.wave/hooks/crlf.sh'], 'Bash')],
        },
      }),
      script: [{ text: 'ok' }],
    });
    expect(run.code).toBe(0);
    const hooks = join(sb.workdir, '.wave', 'hooks');
    expect(run.stderr).toContain(`warning: hooks.PreToolUse[0].hooks[0].command: the script ${hooks}/noexec.sh is not executable`);
    expect(run.stderr).toContain(`warning: hooks.PreToolUse[0].hooks[1].command: the script ${hooks}/crlf.sh has Windows line endings (CRLF)`);
    expect(run.stderr).toContain('warning: hooks.PreToolUse[0].hooks[2].command: the script ./.wave/hooks/crlf.sh is given relative to the working directory');
  });

  it('wave -p from a sub-folder of the project finds the project (its guard runs) and says which project it uses', async () => {
    const { sb, run, messages } = await scenario({
      args: BYPASS,
      setup: (sb) => mkdirSync(join(sb.workdir, 'src', 'deep'), { recursive: true }),
      fromFolder: 'src/deep',
      settings: (sb) => ({ hooks: { PreToolUse: [guard(sb)] } }),
      script: [call('Bash', { command: 'echo git reset --hard' }, 'call_reset'), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`wave: using the project ${sb.workdir} (it has .wave/ settings)`);
    expect(toolBlocks(messages).find((b) => b.id === 'call_reset')!.result).toContain('git reset --hard is not allowed here');
  });

  it('from a sub-folder of a git repository without Wave settings, the git root is the project', async () => {
    const { sb, run } = await scenario({
      setup: (sb) => {
        mkdirSync(join(sb.workdir, '.git'), { recursive: true });
        writeFileSync(join(sb.workdir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
        mkdirSync(join(sb.workdir, 'pkg'), { recursive: true });
      },
      fromFolder: 'pkg',
      script: [{ text: 'ok' }],
    });
    expect(run.stderr).toContain(`wave: using the project ${sb.workdir} (it is the git root)`);
  });
});

describe.concurrent('headless denials say the real reason', () => {
  const denied = async (o: { mode?: string; tool: 'Edit' | 'Bash'; settings?: (sb: Sandbox) => Record<string, unknown> }) => {
    const input = (sb: Sandbox) =>
      o.tool === 'Bash' ? { command: 'npm publish --tag next' } : { file_path: join(sb.workdir, 'a.txt'), old_string: 'a', new_string: 'b' };
    const { messages } = await scenario({
      args: o.mode ? ['--permission-mode', o.mode] : [],
      setup: (sb) => sb.file('a.txt', 'a\n'),
      ...(o.settings ? { settings: o.settings } : {}),
      script: (sb) => [call(o.tool, input(sb), 'call_x'), { text: 'ok' }],
    });
    return toolBlocks(messages).find((b) => b.id === 'call_x')!.result!;
  };

  it('default mode, Edit: names acceptEdits or bypassPermissions and an allow rule', async () => {
    const text = await denied({ tool: 'Edit' });
    expect(text).toContain('--permission-mode acceptEdits or bypassPermissions');
    expect(text).toContain('"allow": ["Edit"]');
  });

  it('acceptEdits mode, Bash: never suggests the mode it runs in', async () => {
    const text = await denied({ tool: 'Bash', mode: 'acceptEdits' });
    expect(text).toContain('--permission-mode bypassPermissions');
    expect(text).not.toContain('acceptEdits');
    expect(text).toContain('"allow": ["Bash(npm publish:*)"]');
  });

  it('a hook asked (even in bypassPermissions): says that headless runs deny what a hook asks about, no mode advice', async () => {
    const ask = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'publishing needs a human' } });
    const text = await denied({ tool: 'Bash', mode: 'bypassPermissions', settings: (sb) => ({ hooks: { PreToolUse: [group([sb.hook('ask', { stdout: ask })], 'Bash')] } }) });
    expect(text).toContain('A PreToolUse hook asked for confirmation (publishing needs a human), and headless runs deny what a hook asks about');
    expect(text).not.toContain('--permission-mode');
  });

  it('an ask rule: names the rule', async () => {
    const text = await denied({ tool: 'Bash', mode: 'bypassPermissions', settings: () => ({ permissions: { ask: ['Bash(npm publish:*)'] } }) });
    expect(text).toContain('The rule "Bash(npm publish:*)" in the settings\' "permissions.ask" asks for confirmation');
    expect(text).not.toContain('--permission-mode');
  });
});
