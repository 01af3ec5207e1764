// Coming over from Claude Code (docs/hooks.md, "Coming from Claude Code"): `wave hooks import`
// (format-preserving, hooks already there skipped, "transcript": "jsonl" added), `wave plugins
// install` of a Claude Code plugin folder, and `wave hooks validate` warning about a command that
// writes into a `.claude/` folder that does not exist — the real `wave` executable.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, hookRuns, Sandbox, scenario } from '../harness.js';

beforeAll(() => ensureBuilt(), 180_000);
afterAll(() => cleanupSandboxes());

const WAVE_FILE = `{
  // my Wave settings
  "permissions": { "allow": ["Bash(npm test:*)"] },
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [ { "type": "command", "command": "echo already" } ] }
    ]
  }
}
`;

const CLAUDE_FILE = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo already' }, { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', timeout: 10 }] },
    ],
    Stop: [{ hooks: [{ type: 'prompt', prompt: 'Is the work done? $ARGUMENTS' }] }],
  },
};

describe.concurrent('wave hooks import', () => {
  it('adds the Claude Code hooks to the matching Wave file, keeps every other byte, skips what is there, and marks command hooks "transcript": "jsonl"', async () => {
    const sb = new Sandbox();
    sb.file('.claude/settings.json', JSON.stringify(CLAUDE_FILE, null, 2));
    writeFileSync(sb.projectSettings, WAVE_FILE);
    const dry = await sb.wave(['hooks', 'import', '--workdir', sb.workdir, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('would add 2 hooks, 1 already there');
    expect(readFileSync(sb.projectSettings, 'utf8')).toBe(WAVE_FILE);

    const r = await sb.wave(['hooks', 'import', '--workdir', sb.workdir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${join(sb.workdir, '.claude', 'settings.json')} → ${sb.projectSettings}: added 2 hooks, 1 already there`);
    expect(r.stdout).toContain('  + PreToolUse [Bash]  "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh');
    expect(r.stdout).toContain('  + Stop  prompt: Is the work done? $ARGUMENTS');
    expect(r.stdout).toContain('  = PreToolUse [Bash]  echo already');
    const text = readFileSync(sb.projectSettings, 'utf8');
    expect(text.startsWith('{\n  // my Wave settings\n  "permissions": { "allow": ["Bash(npm test:*)"] },')).toBe(true);
    const list = JSON.parse((await sb.wave(['hooks', 'list', '--workdir', sb.workdir, '--json'])).stdout) as { hooks: Array<Record<string, unknown>> };
    expect(list.hooks.map((h) => [h.event, h.summary])).toEqual([
      ['PreToolUse', 'echo already'],
      ['PreToolUse', '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh'],
      ['Stop', 'prompt: Is the work done? $ARGUMENTS'],
    ]);
    // Each imported hook says where it came from; the one already there keeps what it had.
    expect(list.hooks.map((h) => (h.handler as { description?: string }).description)).toEqual([undefined, 'from .claude/settings.json', 'from .claude/settings.json']);
    // What validation says of the Wave file now comes with the result (the guard's script does not exist).
    expect(r.stdout).toMatch(/problems of .*settings\.json now:\n {4}warning line \d+: the script .*guard\.sh does not exist/);
    expect(text).toContain('"transcript": "jsonl"');
    expect(text.match(/"transcript"/g)).toHaveLength(1); // the prompt hook has no transcript field
    // Run again: nothing to add, the file is untouched.
    const again = await sb.wave(['hooks', 'import', '--workdir', sb.workdir, '--json']);
    const out = JSON.parse(again.stdout) as { files: Array<{ found: boolean; added: unknown[]; skipped: unknown[] }> };
    expect(out.files.filter((f) => f.found).map((f) => [f.added.length, f.skipped.length])).toEqual([[0, 3]]);
    expect(readFileSync(sb.projectSettings, 'utf8')).toBe(text);
  });

  it('--from FILE imports one file; the user file maps to ~/.wave/settings.json, created when missing', async () => {
    const sb = new Sandbox();
    const from = join(sb.home, '.claude', 'settings.json');
    mkdirSync(join(sb.home, '.claude'), { recursive: true });
    writeFileSync(from, JSON.stringify({ hooks: { SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo hi' }] }] } }));
    const r = await sb.wave(['hooks', 'import', '--from', from]);
    expect(r.code).toBe(0);
    const user = JSON.parse(readFileSync(sb.userSettings, 'utf8')) as Record<string, unknown>;
    expect(user).toEqual({ hooks: { SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'echo hi', description: 'from ~/.claude/settings.json', transcript: 'jsonl' }] }] } });
  });
});

describe.concurrent('wave plugins install', () => {
  it('copies a Claude Code plugin folder into ~/.wave/plugins/<name>/, lists its hooks, and its hooks run first with CLAUDE_PLUGIN_ROOT', async () => {
    const sb = new Sandbox();
    const src = join(sb.root, 'my-plugin');
    mkdirSync(join(src, '.claude-plugin'), { recursive: true });
    mkdirSync(join(src, 'hooks'), { recursive: true });
    writeFileSync(join(src, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'guardian', version: '1.0.0' }));
    writeFileSync(join(src, 'hooks', 'guard.sh'), `#!/bin/sh\ncat > ${JSON.stringify(sb.outFile('plugin-stdin.json'))}\necho "$CLAUDE_PLUGIN_ROOT" > ${JSON.stringify(sb.outFile('root.txt'))}\n`, { mode: 0o755 });
    writeFileSync(
      join(src, 'hooks', 'hooks.json'),
      JSON.stringify({ description: 'guards Bash', hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh' }] }] } }),
    );
    const r = await sb.wave(['plugins', 'install', src]);
    expect(r.code).toBe(0);
    const root = join(sb.home, '.wave', 'plugins', 'guardian');
    expect(r.stdout).toContain(`installed guardian  ${root}  (1 hook)`);
    expect(r.stdout).toContain(`PreToolUse [Bash]  ${root}/hooks/guard.sh`);
    expect(existsSync(join(root, 'hooks', 'guard.sh'))).toBe(true);
    expect((await sb.wave(['plugins', 'list'])).stdout).toContain('guardian');

    const { json } = await scenario({ sandbox: sb, args: ['--permission-mode', 'bypassPermissions'], script: [call('Bash', { command: 'echo x' }), { text: 'ok' }] });
    expect(hookRuns(json.messages).map((h) => [h.event, h.source])).toEqual([['PreToolUse', 'plugin']]);
    expect(readFileSync(sb.outFile('root.txt'), 'utf8').trim()).toBe(root);
    const stdin = JSON.parse(readFileSync(sb.outFile('plugin-stdin.json'), 'utf8')) as Record<string, string>;
    expect(stdin.transcript_path).toMatch(/\.jsonl$/);

    expect((await sb.wave(['plugins', 'remove', 'guardian'])).code).toBe(0);
    expect(existsSync(root)).toBe(false);
  });

  it('reads hooks/hooks.json and the hooks files the manifest names, or its inline hooks; ${CLAUDE_PLUGIN_DATA} is the data folder of the plugin; unused parts are named', async () => {
    const sb = new Sandbox();
    const src = join(sb.root, 'multi');
    mkdirSync(join(src, '.claude-plugin'), { recursive: true });
    mkdirSync(join(src, 'hooks'), { recursive: true });
    mkdirSync(join(src, 'extra'), { recursive: true });
    mkdirSync(join(src, 'commands'), { recursive: true });
    const cmd = (tag: string) => ({ type: 'command', command: `echo ${tag} >> "\${CLAUDE_PLUGIN_DATA}/seen.txt"` });
    writeFileSync(join(src, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'multi', hooks: './extra/more.json' }));
    writeFileSync(join(src, 'hooks', 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [cmd('default')] }] } }));
    writeFileSync(join(src, 'extra', 'more.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [cmd('extra')] }] } }));
    const r = await sb.wave(['plugins', 'install', src]);
    expect(r.stdout).toContain('(2 hooks)');
    expect(r.stdout).toContain('not used by Wave (it runs a plugin\'s hooks only): commands');
    await scenario({ sandbox: sb, script: [{ text: 'ok' }] });
    const data = join(sb.home, '.wave', 'plugin-data', 'multi');
    expect(readFileSync(join(data, 'seen.txt'), 'utf8')).toBe('default\nextra\n');

    const inline = join(sb.root, 'inline');
    mkdirSync(join(inline, '.claude-plugin'), { recursive: true });
    writeFileSync(join(inline, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'inline', hooks: { SessionEnd: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    const r2 = await sb.wave(['plugins', 'install', inline]);
    expect(r2.code).toBe(0);
    expect(r2.stdout).toContain('SessionEnd  true');
  });

  it('refuses a folder without hooks', async () => {
    const sb = new Sandbox();
    mkdirSync(join(sb.root, 'empty'));
    const r = await sb.wave(['plugins', 'install', join(sb.root, 'empty')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('has no hooks file');
  });
});

describe('wave hooks validate and .claude folders', () => {
  it('warns about a command writing into ~/.claude or .claude/ that does not exist (the quickstart logger), not once it exists', async () => {
    const sb = new Sandbox();
    sb.settings({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `jq -r '.tool_input.command' >> ~/.claude/bash-command-log.txt` }] }],
        PostToolUse: [{ hooks: [{ type: 'command', command: 'cat | tee -a .claude/log.jsonl' }] }],
      },
    });
    const r = await sb.wave(['hooks', 'validate', '--workdir', sb.workdir]);
    const warnings = r.stdout.split('\n').filter((l) => l.includes('warning:'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(`this command writes into ~/.claude/bash-command-log.txt, but ${join(sb.home, '.claude')} does not exist`);
    expect(warnings[1]).toContain(`but ${join(sb.workdir, '.claude')} does not exist`);
    mkdirSync(join(sb.home, '.claude'));
    mkdirSync(join(sb.workdir, '.claude'));
    const fixed = await sb.wave(['hooks', 'validate', '--workdir', sb.workdir]);
    expect(fixed.stdout.split('\n').filter((l) => l.includes('warning:'))).toEqual([]);
  });
});

describe('wave hooks import of permissions and env', () => {
  it('brings permissions and env with the hooks into the same file, keeping its layout (a one-line file too), lists what is not imported and why; wave -p then refuses what Claude Code refused', async () => {
    const sb = new Sandbox();
    sb.file(
      '.claude/settings.json',
      JSON.stringify({
        model: 'claude-opus-5-5',
        statusLine: { type: 'command', command: 'echo status' },
        permissions: { deny: ['Bash(git push:*)'], allow: ['Bash(npm test:*)'], defaultMode: 'acceptEdits' },
        env: { TEAM_TOKEN: 'from-claude', KEEP: 'claude-value' },
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo "$TEAM_TOKEN" > "$CLAUDE_PROJECT_DIR/token.txt"' }] }] },
      }),
    );
    const oneLine = '{"model": {"provider":"openai",   "model":"kept-as-is"}, "env": {"KEEP":"wave-value"}, "permissions": {"allow": ["Bash(npm test:*)"]}}\n';
    writeFileSync(sb.projectSettings, oneLine);
    const r = await sb.wave(['hooks', 'import', '--workdir', sb.workdir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('added 1 hook and 2 settings, 1 already there');
    expect(r.stdout).toContain('  + permissions.deny  Bash(git push:*)');
    expect(r.stdout).toContain('  + env.TEAM_TOKEN  from-claude');
    expect(r.stdout).toContain('  = permissions.allow  Bash(npm test:*)');
    expect(r.stdout).toContain('  - model: not imported: Wave’s model is set in its own model section');
    expect(r.stdout).toContain('  - statusLine: not imported: Wave has no status line');
    expect(r.stdout).toContain('  - permissions.defaultMode: not imported:');
    expect(r.stdout).toContain(`  - env.KEEP: not imported: ${sb.projectSettings} sets it to another value, which is kept`);
    const text = readFileSync(sb.projectSettings, 'utf8');
    expect(text.startsWith('{"model": {"provider":"openai",   "model":"kept-as-is"}, "env": {"KEEP":"wave-value",')).toBe(true);
    const json = JSON.parse(text) as Record<string, any>;
    expect(json.permissions).toEqual({ allow: ['Bash(npm test:*)'], deny: ['Bash(git push:*)'] });
    expect(json.env).toEqual({ KEEP: 'wave-value', TEAM_TOKEN: 'from-claude' });
    // The rule and the env act under wave -p, as under Claude Code.
    const { messages } = await scenario({
      sandbox: sb,
      args: ['--permission-mode', 'bypassPermissions'],
      script: [call('Bash', { command: 'git push origin main' }, 'call_push'), { text: 'done' }],
    });
    const push = messages.flatMap((m) => m.blocks).find((b) => b.type === 'tool')!;
    expect(push.success).toBe(false);
    expect(push.result).toContain('Permission to use Bash was denied');
    expect(readFileSync(join(sb.workdir, 'token.txt'), 'utf8')).toBe('from-claude\n');
  });
});
