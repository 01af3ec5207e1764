// PermissionRequest end to end (SPEC 5 row PermissionRequest, SPEC 6 permission modes, SPEC 5
// "a denied call never triggers PostToolUse"; seed 000 story 10): in default mode Bash needs
// approval, and `wave -p` has nobody to ask, so only the hook (or a headless denial) decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  answer,
  call,
  cleanupSandboxes,
  ensureBuilt,
  errorTexts,
  group,
  PROVIDERS,
  scenario,
  sq,
  toolBlocks,
  wireItems,
  type RecordedRequest,
  type WireItem,
} from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

function resultFor(req: RecordedRequest, id: string): Extract<WireItem, { kind: 'tool_result' }> {
  const r = wireItems(req).find((i): i is Extract<WireItem, { kind: 'tool_result' }> => i.kind === 'tool_result' && i.id === id);
  if (!r) throw new Error(`no tool_result for ${id} in the request`);
  return r;
}

const allow = answer({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } });
const allowRewritten = answer({
  hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedInput: { command: 'echo rewritten-by-hook > w2.txt' } } },
});
const deny = answer({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'DENY-MESSAGE: not on my watch' } } });

describe.concurrent.each(PROVIDERS)('PermissionRequest over %s', (provider) => {
  it('a hook deciding from tool_input: allow (also with updatedInput) runs, deny and exit 2 do not; exit 2 stderr is for the user only; denied calls never fire PostToolUse [seed 10.1, 10.2]', async () => {
    const { sb, run, messages, calls } = await scenario({
      provider,
      prompt: 'run three commands',
      settings: (sb) => ({
        hooks: {
          PermissionRequest: [
            group(
              [
                sb.hook('perm', {
                  body: [
                    `if grep -q allow-me "$f"; then printf '%s' ${sq(allow)}; exit 0; fi`,
                    `if grep -q deny-me "$f"; then printf '%s' ${sq(deny)}; exit 0; fi`,
                    `if grep -q exit2-me "$f"; then printf '%s' 'PR-EXIT2-STDERR' >&2; exit 2; fi`,
                    `if grep -q rewrite-me "$f"; then printf '%s' ${sq(allowRewritten)}; exit 0; fi`,
                  ].join('\n'),
                }),
              ],
              'Bash',
            ),
          ],
          PostToolUse: [group([sb.hook('post')])],
        },
      }),
      script: [
        {
          toolCalls: [
            { name: 'Bash', input: { command: 'echo allow-me > a.txt' }, id: 'call_allow' },
            { name: 'Bash', input: { command: 'echo deny-me > d.txt' }, id: 'call_deny' },
            { name: 'Bash', input: { command: 'echo exit2-me > e.txt' }, id: 'call_exit2' },
            { name: 'Bash', input: { command: 'echo rewrite-me > w.txt' }, id: 'call_rewrite' },
          ],
        },
        { text: 'done' },
      ],
    });
    expect(run.code).toBe(0);

    // Seed 10.1: the hook's stdin has the session context, the event name, tool_name and tool_input.
    const perm = sb.dumps('perm');
    expect(perm).toHaveLength(4);
    expect(perm[0]).toMatchObject({
      session_id: run.json!.session_id,
      transcript_path: run.json!.transcript_path,
      cwd: sb.workdir,
      hook_event_name: 'PermissionRequest',
      permission_mode: 'default',
      tool_name: 'Bash',
      tool_input: { command: 'echo allow-me > a.txt' },
      tool_use_id: 'call_allow',
    });
    expect(perm.map((p) => p.tool_input.command)).toEqual(['echo allow-me > a.txt', 'echo deny-me > d.txt', 'echo exit2-me > e.txt', 'echo rewrite-me > w.txt']);

    // Seed 10.2: what the hook decided from tool_input is what happened.
    expect(existsSync(join(sb.workdir, 'a.txt'))).toBe(true);
    expect(existsSync(join(sb.workdir, 'd.txt'))).toBe(false);
    expect(existsSync(join(sb.workdir, 'e.txt'))).toBe(false);
    const byId = Object.fromEntries(toolBlocks(messages).map((b) => [b.id, b]));
    expect(byId.call_allow).toMatchObject({ success: true });
    expect(byId.call_deny).toMatchObject({ success: false });
    expect(byId.call_exit2).toMatchObject({ success: false });

    expect(calls).toHaveLength(2);
    const after = calls[1]!;
    expect(resultFor(after, 'call_allow').isError).toBe(false);
    // deny: the model gets a denial (with the hook's message).
    expect(resultFor(after, 'call_deny').isError).toBe(true);
    expect(resultFor(after, 'call_deny').content).toMatch(/denied/i);
    expect(resultFor(after, 'call_deny').content).toContain('DENY-MESSAGE');
    // exit 2: denied; the stderr goes to the user only (an error block), the model gets a plain denial.
    expect(resultFor(after, 'call_exit2').isError).toBe(true);
    expect(resultFor(after, 'call_exit2').content).toMatch(/denied/i);
    expect(JSON.stringify(after.body)).not.toContain('PR-EXIT2-STDERR');
    expect(errorTexts(messages).some((t) => t.includes('PR-EXIT2-STDERR'))).toBe(true);

    // allow with updatedInput: the rewritten command ran, and PostToolUse saw it.
    expect(existsSync(join(sb.workdir, 'w.txt'))).toBe(false);
    expect(existsSync(join(sb.workdir, 'w2.txt'))).toBe(true);
    expect(resultFor(after, 'call_rewrite').isError).toBe(false);

    // A call denied before it runs never fires PostToolUse.
    const post = sb.dumps('post');
    expect(post.map((p) => p.tool_use_id)).toEqual(['call_allow', 'call_rewrite']);
    expect(post[1]!.tool_input).toEqual({ command: 'echo rewritten-by-hook > w2.txt' });
  });

  it('no PermissionRequest hook: the headless run denies and tells the model how to allow it; PostToolUse does not fire', async () => {
    const { sb, run, messages, calls } = await scenario({
      provider,
      settings: (sb) => ({ hooks: { PostToolUse: [group([sb.hook('post')])] } }),
      script: [call('Bash', { command: 'npm test > h.txt' }, 'call_b1'), { text: 'ok' }],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'h.txt'))).toBe(false);
    const [block] = toolBlocks(messages);
    expect(block).toMatchObject({ success: false });
    const sent = resultFor(calls[1]!, 'call_b1');
    expect(sent.isError).toBe(true);
    expect(sent.content).toBe(block!.result);
    // How to allow it: a permission mode or an allow rule in the settings.
    expect(sent.content).toContain('--permission-mode');
    expect(sent.content).toMatch(/"allow"/);
    expect(sent.content).toContain('Bash(npm test');
    expect(sb.dumps('post')).toHaveLength(0);
    expect(existsSync(sb.outFile('post-0.json'))).toBe(false);
  });

});

describe.concurrent('permission rules and hooks (model-independent)', () => {
  it('a PreToolUse allow never overrides a deny rule in settings nor another hook’s deny (SPEC 4 combination)', async () => {
    const allowPre = answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
    const denyPre = answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'SECOND-HOOK-SAYS-NO' } });
    const { sb, run, messages, calls } = await scenario({
      settings: (sb) => ({
        permissions: { deny: ['Bash(rm:*)'] },
        hooks: {
          PreToolUse: [
            group([sb.hook('pre-allow', { stdout: allowPre })], 'Bash'),
            group([sb.hook('pre-deny', { body: `if grep -q two.txt "$f"; then printf '%s' ${sq(denyPre)}; fi` })], 'Bash'),
          ],
          PostToolUse: [group([sb.hook('post')])],
        },
      }),
      setup: (sb) => sb.file('keep.txt', 'keep\n'),
      script: [
        {
          toolCalls: [
            { name: 'Bash', input: { command: 'rm keep.txt' }, id: 'call_rule' },
            { name: 'Bash', input: { command: 'echo two > two.txt' }, id: 'call_hook' },
          ],
        },
        { text: 'ok' },
      ],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'keep.txt'))).toBe(true);
    expect(existsSync(join(sb.workdir, 'two.txt'))).toBe(false);
    const byId = Object.fromEntries(toolBlocks(messages).map((b) => [b.id, b]));
    expect(byId.call_rule).toMatchObject({ success: false });
    expect(byId.call_hook).toMatchObject({ success: false });
    expect(resultFor(calls[1]!, 'call_hook').content).toContain('SECOND-HOOK-SAYS-NO');
    expect(sb.dumps('post')).toHaveLength(0);
  });

  it('a settings allow rule lets the command run without any PermissionRequest', async () => {
    const { sb, run } = await scenario({
      settings: (sb) => ({ permissions: { allow: ['Bash(echo:*)'] }, hooks: { PermissionRequest: [group([sb.hook('perm')])] } }),
      script: [call('Bash', { command: 'echo ruled > r.txt' }, 'call_b1'), { text: 'ok' }],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'r.txt'))).toBe(true);
    expect(sb.dumps('perm')).toHaveLength(0);
  });
});
