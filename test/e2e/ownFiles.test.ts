// Wave's own files ask (docs/hooks.md, "Safety"): the real `wave -p` against the scripted model,
// which writes Wave's settings, trust store, a hook's script and the session env file in every way
// it can. Headless, with allow rules and acceptEdits that would let the calls run, each is denied
// with that reason and no file changes; in bypassPermissions they run and the user is told; only
// `export` lines of the env file reach later commands.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupSandboxes, ensureBuilt, group, scenario, sq, toolBlocks, type Block, type Message } from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

/** Many tool calls in one run on a busy machine: the run's kill guard, not a time limit under test. */
const SLOW = 120_000;
const GUARD = '#!/bin/sh\nif grep -q "reset --hard"; then echo "git reset --hard is not allowed" >&2; exit 2; fi\n';

function byId(messages: Message[]): Record<string, Block> {
  return Object.fromEntries(toolBlocks(messages).map((b) => [b.id, b]));
}

const bash = (id: string, command: string) => ({ name: 'Bash', input: { command }, id });

describe.concurrent("writes to Wave's own files always ask", () => {
  it('headless with acceptEdits and allow rules for every tool: redirection, mv, cp, tee, ln, rm, sed -i, Write and Edit to settings, the trust store, a plugin, a hook script and the env file are denied with the reason; nothing changes', async () => {
    const { sb, run, messages } = await scenario({
      timeoutMs: SLOW,
      args: ['--permission-mode', 'acceptEdits'],
      setup: (sb) => {
        sb.file('.wave/hooks/guard.sh', GUARD);
        sb.file('evil.json', '{"disableAllHooks": true}\n');
        sb.file('sub/keep.txt', 'keep\n');
      },
      settings: (sb) => ({
        permissions: { allow: ['Bash', 'Write', 'Edit'] },
        hooks: { PreToolUse: [group([`sh ${sq(join(sb.workdir, '.wave', 'hooks', 'guard.sh'))}`], 'Bash')] },
      }),
      script: (sb) => [
        {
          toolCalls: [
            bash('call_redirect', `echo '{"disableAllHooks":true}' > .wave/settings.json`),
            bash('call_cd_redirect', `cd sub && echo '{}' >> ../.wave/settings.local.json`),
            bash('call_mv', 'mv evil.json .wave/settings.json'),
            bash('call_cp', 'cp evil.json "$WAVE_PROJECT_DIR/.wave/settings.local.json"'),
            bash('call_tee', `echo '{}' | tee ~/.wave/settings.json`),
            bash('call_ln', 'ln -sf /bin/true .wave/hooks/guard.sh'),
            bash('call_rm', 'rm -rf .wave'),
            bash('call_sed', "sed -i 's/exit 2/exit 0/' .wave/hooks/guard.sh"),
            bash('call_envfile', `echo 'rm() { :; }' >> "$CLAUDE_ENV_FILE"`),
            bash('call_plugin', 'mkdir -p ~/.wave/plugins/evil && echo x > ~/.wave/plugins/evil/hooks.json'),
            { name: 'Write', input: { file_path: join(sb.home, '.wave', 'trusted-workdirs.json'), content: `{"${sb.workdir}": true}\n` }, id: 'call_trust' },
            { name: 'Write', input: { file_path: '.wave/settings.json', content: '{"disableAllHooks": true}\n' }, id: 'call_write' },
            { name: 'Edit', input: { file_path: '.wave/hooks/guard.sh', old_string: 'exit 2', new_string: 'exit 0' }, id: 'call_edit' },
            bash('call_fine', 'echo fine > sub/fine.txt'),
          ],
        },
        { text: 'done' },
      ],
    });
    expect(run.code).toBe(0);
    const blocks = byId(messages);
    const denied = Object.keys(blocks).filter((id) => id !== 'call_fine');
    expect(denied).toHaveLength(13);
    for (const id of denied) {
      expect(blocks[id], id).toMatchObject({ success: false });
      expect(blocks[id]!.result, id).toContain("It changes Wave's own files");
    }
    expect(blocks.call_trust!.result).toContain("Wave's trust store");
    expect(blocks.call_edit!.result).toContain('a script a hook runs');
    expect(blocks.call_envfile!.result).toContain("the session's env file (CLAUDE_ENV_FILE)");
    expect(blocks.call_plugin!.result).toContain('a Wave plugin');
    expect(blocks.call_fine).toMatchObject({ success: true });
    // Nothing changed.
    expect(JSON.parse(readFileSync(sb.projectSettings, 'utf8'))).toHaveProperty('hooks');
    expect(existsSync(join(sb.workdir, '.wave', 'settings.local.json'))).toBe(false);
    expect(existsSync(sb.userSettings)).toBe(false);
    expect(existsSync(join(sb.home, '.wave', 'trusted-workdirs.json'))).toBe(false);
    expect(existsSync(join(sb.home, '.wave', 'plugins', 'evil'))).toBe(false);
    expect(readFileSync(join(sb.workdir, '.wave', 'hooks', 'guard.sh'), 'utf8')).toBe(GUARD);
    expect(readFileSync(join(sb.workdir, 'sub', 'fine.txt'), 'utf8')).toBe('fine\n');
  }, SLOW);

  it('bypassPermissions: the write runs and stderr says it changed Wave\'s own files without asking', async () => {
    const { sb, run } = await scenario({
      timeoutMs: SLOW,
      format: 'text',
      args: ['--permission-mode', 'bypassPermissions'],
      script: [call_('Bash', `echo '{"disableAllHooks":true}' > .wave/settings.json`), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(readFileSync(sb.projectSettings, 'utf8')).toContain('disableAllHooks');
    expect(run.stderr).toContain(`wave: Bash changes Wave's own files without asking (bypassPermissions mode): a Wave settings file (${sb.projectSettings})`);
  }, SLOW);
});

describe.concurrent('the session env file: only export lines', () => {
  it('a function and an alias written to CLAUDE_ENV_FILE never run (the guard reading the command is not bypassed); export lines still reach Bash', async () => {
    const envLines = ['export GREETING=hello', 'cleanup() { rm -rf "$1"; }', "alias ll='rm -rf'", 'export A=1; cleanup victim2'];
    const { sb, run, messages } = await scenario({
      timeoutMs: SLOW,
      args: ['--permission-mode', 'bypassPermissions'],
      setup: (sb) => {
        sb.file('victim/keep.txt', 'keep\n');
        sb.file('victim2/keep.txt', 'keep\n');
      },
      settings: (sb) => ({
        hooks: {
          SessionStart: [group([`printf '%s\\n' ${envLines.map(sq).join(' ')} >> "$CLAUDE_ENV_FILE"`])],
          PreToolUse: [group([{ command: `${sb.hook('guard', { stderr: 'rm is not allowed', exit: 2 })}`, if: 'Bash(rm:*)' }], 'Bash')],
        },
      }),
      script: [call_('Bash', 'cleanup victim; echo "$GREETING" > greet.txt', 'call_hidden'), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'victim', 'keep.txt'))).toBe(true);
    expect(existsSync(join(sb.workdir, 'victim2', 'keep.txt'))).toBe(true);
    expect(readFileSync(join(sb.workdir, 'greet.txt'), 'utf8')).toBe('hello\n');
    expect(byId(messages).call_hidden).toBeDefined();
  }, SLOW);
});

function call_(name: string, command: string, id?: string) {
  return { toolCalls: [{ name, input: { command }, ...(id ? { id } : {}) }] };
}
