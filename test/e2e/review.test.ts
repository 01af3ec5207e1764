// A guard stays a guard across runs (docs/hooks.md: "Safety", "Changes during a session"): the real
// `wave -p` against the scripted model, whose tool calls attack the user's guard (a PreToolUse hook
// that blocks `git reset --hard`). Settings changes are seen by content (an in-place edit that keeps
// the size and restores the mtime); a change a run saw and nobody reviewed is not taken by the next
// run, which says so; a change made while no run ran is the user's; a run that starts with every
// hook off or fewer hooks says so; `--settings FILE` is watched like the others; a `.wave/` the agent
// made below the project does not become the next run's project.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, group, scenario, sq, toolBlocks, type Sandbox } from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

const BYPASS = ['--permission-mode', 'bypassPermissions'];
const BLOCKED = 'git reset --hard is not allowed here';

/** A PreToolUse guard that blocks `git reset --hard`. */
function guard(sb: Sandbox): Record<string, unknown> {
  const script = sb.file('guards/no-reset.sh', `#!/bin/sh\nif grep -q 'reset --hard'; then echo '${BLOCKED}' >&2; exit 2; fi\n`);
  return group([{ command: `sh ${sq(script)}`, description: 'no git reset --hard' }], 'Bash');
}

/** The Bash call that the guard must block; `reset-ran` appears in out/ when it ran. */
const reset = (sb: Sandbox, id = 'call_reset') => call('Bash', { command: `git reset --hard; touch ${sq(sb.outFile('reset-ran'))}` }, id);

function expectBlocked(sb: Sandbox, messages: Parameters<typeof toolBlocks>[0], id = 'call_reset'): void {
  const b = toolBlocks(messages).find((x) => x.id === id)!;
  expect(b.result).toContain(BLOCKED);
  expect(existsSync(sb.outFile('reset-ran'))).toBe(false);
}

/**
 * A shell command that turns `"disableAllHooks": false` into `"disableAllHooks": true ` in place:
 * same size, same inode, and the mtime put back (what a stamp of mtime, size and inode never sees).
 */
function hiddenEdit(file: string, text: string): string {
  const at = text.indexOf('false');
  const ref = `${file}.mtime`;
  return `touch -r ${sq(file)} ${sq(ref)} && printf 'true ' | dd of=${sq(file)} bs=1 seek=${at} conv=notrunc 2>/dev/null && touch -r ${sq(ref)} ${sq(file)} && rm ${sq(ref)}`;
}

describe.concurrent('a change a run saw stays unreviewed for the next run', () => {
  it('an in-place edit that keeps the size and restores the mtime is seen (ConfigChange, stderr); the next run starts from the approved content, says so, and the guard still blocks', async () => {
    let settingsText = '';
    const first = await scenario({
      args: BYPASS,
      format: 'text',
      settings: (sb) => ({ disableAllHooks: false, hooks: { PreToolUse: [guard(sb)], ConfigChange: [group([sb.hook('cc')])] } }),
      script: (sb) => {
        settingsText = readFileSync(sb.projectSettings, 'utf8');
        return [call('Bash', { command: hiddenEdit(sb.projectSettings, settingsText) }, 'call_edit'), { text: 'done' }];
      },
    });
    const { sb } = first;
    const after = readFileSync(sb.projectSettings, 'utf8');
    expect(after).toContain('"disableAllHooks": true ');
    expect(after.length).toBe(settingsText.length);
    expect(first.run.stderr).toContain(`wave: ${sb.projectSettings} changed during this run; this run keeps the hooks it started with`);
    expect(sb.dumps('cc')).toEqual([expect.objectContaining({ hook_event_name: 'ConfigChange', source: 'project_settings', file_path: sb.projectSettings })]);

    const second = await scenario({ sandbox: sb, args: BYPASS, script: [reset(sb), { text: 'ok' }] });
    expectBlocked(sb, second.messages);
    expect(second.run.stderr).toMatch(
      new RegExp(
        `wave: ${sb.projectSettings} was changed during an earlier session \\(\\d{4}-\\d\\d-\\d\\dT[^)]+\\) and was not reviewed \\("disableAllHooks": true\\); this run uses its last approved content`,
      ),
    );
    // The file itself is left as the agent wrote it, for the user to apply or revert.
    expect(readFileSync(sb.projectSettings, 'utf8')).toBe(after);
    expect((await sb.wave(['hooks', 'review'])).stdout).toContain(`${sb.projectSettings}: changed during a session (`);
    expect((await sb.wave(['hooks', 'review', '--revert', sb.projectSettings])).stdout).toBe(`reverted ${sb.projectSettings}\n`);
    expect(readFileSync(sb.projectSettings, 'utf8')).toBe(settingsText);
    expect((await sb.wave(['hooks', 'review'])).stdout).toContain('No unreviewed change');
  });

  it('a change made while no run ran is the user’s and applies; a run that starts with every hook off, or with fewer hooks than the last run, says so', async () => {
    const first = await scenario({ args: BYPASS, settings: (sb) => ({ hooks: { PreToolUse: [guard(sb)] } }), script: (sb) => [reset(sb), { text: 'ok' }] });
    const { sb } = first;
    expectBlocked(sb, first.messages);
    writeFileSync(sb.projectSettings, '{}\n'); // the user, between runs
    const fewer = await scenario({ sandbox: sb, args: BYPASS, script: [call('Bash', { command: 'echo git reset --hard' }, 'call_b'), { text: 'ok' }] });
    expect(toolBlocks(fewer.messages).find((b) => b.id === 'call_b')!.success).toBe(true);
    expect(fewer.run.stderr).toContain('wave: this run starts with 0 hooks, fewer than the last run of this project (1)');
    expect(fewer.run.stderr).not.toContain('earlier session');
    writeFileSync(sb.projectSettings, `${JSON.stringify({ disableAllHooks: true, hooks: { PreToolUse: [guard(sb)] } })}\n`);
    const off = await scenario({ sandbox: sb, args: BYPASS, script: [{ text: 'ok' }] });
    expect(off.run.stderr).toContain(`wave: every hook is off in this run: "disableAllHooks": true in ${sb.projectSettings}`);
  });

  it('--settings FILE is watched: the model empties it during a run (ConfigChange, stderr); the next run keeps its approved guard and says so', async () => {
    let flagFile = '';
    const args = () => [...BYPASS, '--settings', flagFile];
    const first = await scenario({
      setup: (sb) => {
        flagFile = join(sb.root, 'guard-settings.json');
        writeFileSync(flagFile, `${JSON.stringify({ hooks: { PreToolUse: [guard(sb)] } })}\n`);
      },
      args,
      format: 'text',
      settings: (sb) => ({ hooks: { ConfigChange: [group([sb.hook('cc')])] } }),
      script: () => [call('Bash', { command: `printf '{}\\n' > ${sq(flagFile)}` }, 'call_w'), { text: 'done' }],
    });
    const { sb } = first;
    expect(readFileSync(flagFile, 'utf8')).toBe('{}\n');
    expect(first.run.stderr).toContain(`wave: ${flagFile} changed during this run; this run keeps the hooks it started with`);
    expect(sb.dumps('cc')).toEqual([expect.objectContaining({ hook_event_name: 'ConfigChange', file_path: flagFile })]);
    const second = await scenario({ sandbox: sb, args, script: [reset(sb), { text: 'ok' }] });
    expectBlocked(sb, second.messages);
    expect(second.run.stderr).toContain(`wave: --settings ${flagFile} was changed during an earlier session (`);
  });

  it('a .wave/ the agent makes in a sub-folder during a run does not become the project of the next run from there; the note says which root and why', async () => {
    const first = await scenario({
      args: BYPASS,
      setup: (sb) => {
        mkdirSync(join(sb.workdir, '.git'), { recursive: true });
        mkdirSync(join(sb.workdir, 'pkg'), { recursive: true });
      },
      fromFolder: 'pkg',
      settings: (sb) => ({ hooks: { PreToolUse: [guard(sb)] } }),
      script: (sb) => [call('Write', { file_path: join(sb.workdir, 'pkg', '.wave', 'settings.json'), content: '{}\n' }, 'call_w'), { text: 'done' }],
    });
    const { sb } = first;
    expect(statSync(join(sb.workdir, 'pkg', '.wave', 'settings.json')).isFile()).toBe(true);
    const second = await scenario({ sandbox: sb, args: BYPASS, fromFolder: 'pkg', script: [reset(sb), { text: 'ok' }] });
    expectBlocked(sb, second.messages);
    expect(second.run.stderr).toContain(
      `wave: using the project ${sb.workdir} (it has .wave/ settings); not ${join(sb.workdir, 'pkg')}: its .wave/ settings were created during a session of a project above it`,
    );
  });
});
