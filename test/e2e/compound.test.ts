// Compound commands walk through rules and `if` (docs/hooks.md, "Permission rules and `if`"): the
// real `wave -p` against the scripted model, which chains `rm -rf` after a harmless command. A
// hook's `if` and a deny rule match when any simple command matches; an allow rule covers a command
// only when it covers every simple command; path patterns without a slash match at any depth.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupSandboxes, ensureBuilt, group, scenario, toolBlocks, type Block, type Message, type Sandbox } from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

const BYPASS = ['--permission-mode', 'bypassPermissions'];
/** Many tool calls in one run on a busy machine: the run's kill guard, not a time limit under test. */
const SLOW = 120_000;

/** The attacks of the model: a harmless first command, then `rm -rf` of a folder of its own. */
const ATTACKS: Array<[string, string]> = [
  ['call_cd', 'cd sub && rm -rf v1'],
  ['call_true', 'true && rm -rf sub/v2'],
  ['call_echo', 'echo ok && rm -rf sub/v3'],
];
/** More ways to hide a simple command: substitution, backticks, a subshell, prefixes, a pipe, a newline. */
const HIDDEN: Array<[string, string]> = [
  ['call_subst', 'echo $(rm -rf sub/v4)'],
  ['call_backticks', 'echo `rm -rf sub/v5`'],
  ['call_subshell', '(cd sub; rm -rf v6)'],
  ['call_prefixes', 'env X=1 command rm -rf sub/v7'],
  ['call_sudo_pipe', 'echo y | sudo -n rm -rf sub/v8 || rm -rf sub/v8'],
  ['call_newline', 'echo one\nrm -rf sub/v9'],
];
const VICTIMS = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9'];

function victims(sb: Sandbox): void {
  for (const v of VICTIMS) mkdirSync(join(sb.workdir, 'sub', v, 'keep'), { recursive: true });
}

function byId(messages: Message[]): Record<string, Block> {
  return Object.fromEntries(toolBlocks(messages).map((b) => [b.id, b]));
}

function calls(list: Array<[string, string]>) {
  return { toolCalls: list.map(([id, command]) => ({ name: 'Bash', input: { command }, id })) };
}

describe.concurrent('a compound command cannot walk past a guard', () => {
  it("a hook's if \"Bash(rm:*)\" fires for rm -rf after cd, true, echo, in $(…), backticks, a subshell, behind env/command/sudo, after a pipe or a newline; not for a command without rm", async () => {
    const { sb, run, messages } = await scenario({
      timeoutMs: SLOW,
      args: BYPASS,
      setup: victims,
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([{ command: `${sb.hook('rm-guard', { stderr: 'rm is not allowed here', exit: 2 })}`, if: 'Bash(rm:*)' }], 'Bash')],
        },
      }),
      script: [calls([...ATTACKS, ...HIDDEN, ['call_plain', 'echo fine > ok.txt']]), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    for (const v of VICTIMS) expect(existsSync(join(sb.workdir, 'sub', v, 'keep')), v).toBe(true);
    const blocks = byId(messages);
    for (const [id] of [...ATTACKS, ...HIDDEN]) {
      expect(blocks[id], id).toMatchObject({ success: false });
      expect(blocks[id]!.result, id).toContain('rm is not allowed here');
    }
    expect(blocks.call_plain).toMatchObject({ success: true });
    expect(existsSync(join(sb.workdir, 'ok.txt'))).toBe(true);
    expect(sb.dumps('rm-guard').map((d) => d.tool_use_id)).not.toContain('call_plain');
  }, SLOW);

  it('a deny rule "Bash(rm:*)" denies rm -rf after cd, true, echo and in every hiding place, even in bypassPermissions mode', async () => {
    const { sb, run, messages } = await scenario({
      timeoutMs: SLOW,
      args: BYPASS,
      setup: victims,
      settings: () => ({ permissions: { deny: ['Bash(rm:*)'] } }),
      script: [calls([...ATTACKS, ...HIDDEN]), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    for (const v of VICTIMS) expect(existsSync(join(sb.workdir, 'sub', v, 'keep')), v).toBe(true);
    const blocks = byId(messages);
    for (const [id] of [...ATTACKS, ...HIDDEN]) expect(blocks[id]!.result, id).toContain('denied by the rule "Bash(rm:*)" in settings');
  }, SLOW);

  it('allow rules for cd, true and echo do not cover the rm -rf chained after them (headless: denied, nothing runs); a command whose every part is covered runs; one that does not parse is not covered', async () => {
    const { sb, run, messages } = await scenario({
      timeoutMs: SLOW,
      setup: victims,
      settings: () => ({ permissions: { allow: ['Bash(cd:*)', 'Bash(true:*)', 'Bash(echo:*)'] } }),
      script: [calls([...ATTACKS, ['call_covered', 'cd sub && echo covered > ../covered.txt'], ['call_broken', 'echo "unclosed > broken.txt']]), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    for (const v of ['v1', 'v2', 'v3']) expect(existsSync(join(sb.workdir, 'sub', v, 'keep')), v).toBe(true);
    const blocks = byId(messages);
    for (const [id] of ATTACKS) {
      expect(blocks[id], id).toMatchObject({ success: false });
      expect(blocks[id]!.result, id).toContain('this run has no one to ask');
    }
    expect(blocks.call_covered).toMatchObject({ success: true });
    expect(existsSync(join(sb.workdir, 'covered.txt'))).toBe(true);
    expect(blocks.call_broken).toMatchObject({ success: false });
  }, SLOW);
});

describe.concurrent('path patterns without a slash match at any depth', () => {
  it('deny "Write(.env*)" and "Read(*.pem)" hold for sub/.env and keys/deep/id.pem; other files are written', async () => {
    const { sb, run, messages } = await scenario({
      timeoutMs: SLOW,
      args: BYPASS,
      setup: (sb) => sb.file('keys/deep/id.pem', 'SECRET'),
      settings: () => ({ permissions: { deny: ['Write(.env*)', 'Read(*.pem)'] } }),
      script: (sb) => [
        {
          toolCalls: [
            { name: 'Write', input: { file_path: 'sub/.env', content: 'TOKEN=x\n' }, id: 'call_env' },
            { name: 'Write', input: { file_path: join(sb.workdir, 'a', 'b', '.env.local'), content: 'TOKEN=x\n' }, id: 'call_env_local' },
            { name: 'Read', input: { file_path: 'keys/deep/id.pem' }, id: 'call_pem' },
            { name: 'Write', input: { file_path: 'sub/notes.txt', content: 'fine\n' }, id: 'call_notes' },
          ],
        },
        { text: 'done' },
      ],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'sub', '.env'))).toBe(false);
    expect(existsSync(join(sb.workdir, 'a', 'b', '.env.local'))).toBe(false);
    const blocks = byId(messages);
    expect(blocks.call_env!.result).toContain('denied by the rule "Write(.env*)"');
    expect(blocks.call_pem!.result).toContain('denied by the rule "Read(*.pem)"');
    expect(blocks.call_pem!.result).not.toContain('SECRET');
    expect(blocks.call_notes).toMatchObject({ success: true });
  }, SLOW);
});
