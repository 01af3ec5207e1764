// Tool hooks end to end (SPEC 5 rows PreToolUse, PostToolUse, PostToolUseFailure, `continue:
// false`; SPEC 6 test-verification requirements; seed 000 stories 4, 5, 11.2, 12.1, 12.2): the real
// `wave -p` process, the scripted model server in both wire formats, real shell hooks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  answer,
  call,
  cleanupSandboxes,
  ensureBuilt,
  errorTexts,
  group,
  hookRuns,
  PROVIDERS,
  scenario,
  sq,
  textOfMessage,
  toolBlocks,
  wireItems,
  wireText,
  type RecordedRequest,
  type WireItem,
} from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

/** The tool_result the model received for a call, in a request. */
function resultFor(req: RecordedRequest, id: string): Extract<WireItem, { kind: 'tool_result' }> | undefined {
  return wireItems(req).find((i): i is Extract<WireItem, { kind: 'tool_result' }> => i.kind === 'tool_result' && i.id === id);
}
function toolUseFor(req: RecordedRequest, id: string): Extract<WireItem, { kind: 'tool_use' }> | undefined {
  return wireItems(req).find((i): i is Extract<WireItem, { kind: 'tool_use' }> => i.kind === 'tool_use' && i.id === id);
}

describe.concurrent.each(PROVIDERS)('tool hooks over %s', (provider) => {
  it('stdin of PreToolUse / PostToolUse / PostToolUseFailure for Write, Read and a failing Bash; plain stdout of other events never reaches the model [seed 4.1, 4.2, 5.1, 5.2, 11.2]', async () => {
    const { sb, run, json, messages, calls } = await scenario({
      provider,
      prompt: 'write, read, then fail',
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([sb.hook('pre', { stdout: 'PRE-PLAIN-STDOUT' })], '*')],
          PostToolUse: [group([sb.hook('post', { stdout: 'POST-PLAIN-STDOUT' })])],
          PostToolUseFailure: [group([sb.hook('fail', { stderr: 'FAILURE-FEEDBACK', exit: 2 })], 'Bash')],
          Stop: [group([sb.hook('stop', { stdout: 'STOP-PLAIN-STDOUT' })])],
        },
      }),
      script: (sb) => [
        call('Write', { file_path: join(sb.workdir, 'notes.txt'), content: 'hello notes\n' }, 'call_w1'),
        call('Read', { file_path: join(sb.workdir, 'notes.txt') }, 'call_r1'),
        call('Bash', { command: 'echo out; echo err >&2; exit 3', description: 'fail on purpose' }, 'call_b1'),
        { text: 'all done' },
      ],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('all done');
    expect(readFileSync(join(sb.workdir, 'notes.txt'), 'utf8')).toBe('hello notes\n');

    // Seed 4.1: session context, the transcript path format, Write's file_path + content.
    const pre = sb.dumps('pre');
    expect(pre.map((p) => p.tool_name)).toEqual(['Write', 'Read', 'Bash']);
    expect(pre[0]).toMatchObject({
      session_id: json.session_id,
      transcript_path: join(sb.home, '.wave', 'sessions', `session_${json.session_id}.json`),
      cwd: sb.workdir,
      hook_event_name: 'PreToolUse',
      permission_mode: 'bypassPermissions',
      tool_name: 'Write',
      tool_input: { file_path: join(sb.workdir, 'notes.txt'), content: 'hello notes\n' },
      tool_use_id: 'call_w1',
    });
    // Seed 4.2: Read's own tool_input shape.
    expect(pre[1]!.tool_input).toEqual({ file_path: join(sb.workdir, 'notes.txt') });
    expect(pre[1]!.tool_use_id).toBe('call_r1');

    // Seed 5.1: the original tool_input and a tool_response with the success state and file path.
    const post = sb.dumps('post');
    expect(post.map((p) => p.tool_name)).toEqual(['Write', 'Read', 'Bash']);
    expect(post[0]).toMatchObject({
      session_id: json.session_id,
      hook_event_name: 'PostToolUse',
      tool_name: 'Write',
      tool_input: { file_path: join(sb.workdir, 'notes.txt'), content: 'hello notes\n' },
      tool_use_id: 'call_w1',
      tool_response: { success: true, filePath: join(sb.workdir, 'notes.txt') },
    });
    expect(post[1]!.tool_response.success).toBe(true);
    // Seed 5.2 / SPEC 5: PostToolUse fires on failure too, with success:false and the error.
    expect(post[2]!.tool_response).toMatchObject({ success: false, stdout: 'out', stderr: 'err' });
    expect(post[2]!.tool_response.error).toContain('Exit code 3');

    // PostToolUseFailure fires in addition, with `error`; its exit 2 stderr goes to the model.
    const fail = sb.dumps('fail');
    expect(fail).toHaveLength(1);
    expect(fail[0]).toMatchObject({ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_use_id: 'call_b1' });
    expect(fail[0]!.tool_input).toEqual({ command: 'echo out; echo err >&2; exit 3', description: 'fail on purpose' });
    expect(fail[0]!.error).toContain('Exit code 3');

    const bash = toolBlocks(messages).find((b) => b.id === 'call_b1')!;
    expect(bash.success).toBe(false);
    expect(calls).toHaveLength(4);
    const afterBash = calls[3]!;
    expect(resultFor(afterBash, 'call_b1')).toMatchObject({ isError: true });
    expect(resultFor(afterBash, 'call_b1')!.content).toContain('Exit code 3');
    expect(wireText(afterBash)).toContain('FAILURE-FEEDBACK');

    // Seed 11.2: exit 0 stdout of PreToolUse / PostToolUse / Stop is not visible to the model.
    for (const c of calls) {
      const body = JSON.stringify(c.body);
      for (const s of ['PRE-PLAIN-STDOUT', 'POST-PLAIN-STDOUT', 'STOP-PLAIN-STDOUT']) expect(body).not.toContain(s);
    }
    // ... but it is kept in the run record.
    expect(hookRuns(messages).some((r) => r.event === 'PreToolUse' && r.stdout === 'PRE-PLAIN-STDOUT')).toBe(true);
    expect(errorTexts(messages)).toEqual([]);
    // Stop fired once, at the end (not after the tool steps).
    expect(sb.dumps('stop')).toHaveLength(1);
  });

  it('PreToolUse exit 2: the Write does not run, its tool block result holds the stderr, the model gets it, PostToolUse never fires [seed 12.1]', async () => {
    const { sb, run, messages, calls } = await scenario({
      provider,
      args: ['--permission-mode', 'acceptEdits'],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([sb.hook('pre', { stdout: 'STDOUT-IGNORED-ON-EXIT-2', stderr: 'blocked!', exit: 2 })], 'Write')],
          PermissionRequest: [group([sb.hook('perm')])],
          PostToolUse: [group([sb.hook('post')])],
        },
      }),
      script: (sb) => [call('Write', { file_path: join(sb.workdir, 'forbidden.txt'), content: 'x' }, 'call_w1'), { text: 'understood' }],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'forbidden.txt'))).toBe(false);
    const [block] = toolBlocks(messages);
    expect(block).toMatchObject({ id: 'call_w1', name: 'Write', success: false });
    expect(block!.result).toContain('blocked!');
    expect(block!.result).not.toContain('STDOUT-IGNORED-ON-EXIT-2');
    expect(calls).toHaveLength(2);
    const result = resultFor(calls[1]!, 'call_w1')!;
    expect(result.isError).toBe(true);
    expect(result.content).toContain('blocked!');
    expect(sb.dumps('perm')).toHaveLength(0);
    expect(sb.dumps('post')).toHaveLength(0);
    expect(existsSync(sb.outFile('post-0.json'))).toBe(false);
  });

  it('PreToolUse JSON deny: the Bash does not run and the model sees the reason', async () => {
    const { sb, run, messages, calls } = await scenario({
      provider,
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [
            group([sb.hook('pre', { stdout: answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'policy says no' } }) })], 'Bash'),
          ],
          PostToolUse: [group([sb.hook('post')])],
        },
      }),
      script: [call('Bash', { command: 'touch ran.txt' }, 'call_b1'), { text: 'ok' }],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'ran.txt'))).toBe(false);
    expect(toolBlocks(messages)[0]).toMatchObject({ success: false });
    expect(toolBlocks(messages)[0]!.result).toContain('policy says no');
    expect(resultFor(calls[1]!, 'call_b1')).toMatchObject({ isError: true });
    expect(resultFor(calls[1]!, 'call_b1')!.content).toContain('policy says no');
    expect(sb.dumps('post')).toHaveLength(0);
  });

  it('PreToolUse updatedInput (+ allow in default mode): the rewritten command runs without asking, the next hook and PostToolUse see it, the model history keeps the original', async () => {
    const original = { command: 'echo original > which.txt', description: 'write which' };
    const rewritten = { command: 'echo rewritten > which.txt' };
    const { sb, run, messages, calls } = await scenario({
      provider,
      settings: (sb) => ({
        hooks: {
          PreToolUse: [
            group(
              [
                sb.hook('pre', { stdout: answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: rewritten } }) }),
                sb.hook('pre2', { body: 'printf "%s" "$HOOK_TOOL_NAME" > "$d/tool-name-env"' }),
              ],
              'Bash',
            ),
          ],
          PermissionRequest: [group([sb.hook('perm')])],
          PostToolUse: [group([sb.hook('post')])],
        },
      }),
      script: [call('Bash', original, 'call_b1'), { text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(readFileSync(join(sb.workdir, 'which.txt'), 'utf8').trim()).toBe('rewritten');
    expect(sb.dumps('pre')[0]!.tool_input).toEqual(original);
    expect(sb.dumps('pre2')[0]!.tool_input).toEqual(rewritten); // SPEC 3: the next hook gets the rewritten input
    expect(readFileSync(sb.outFile('tool-name-env'), 'utf8')).toBe('Bash'); // SPEC 3: HOOK_TOOL_NAME
    expect(sb.dumps('perm')).toHaveLength(0); // allowed by the hook: nobody was asked
    expect(sb.dumps('post')[0]!.tool_input).toEqual(rewritten); // the whole input is replaced
    const [block] = toolBlocks(messages);
    expect(block).toMatchObject({ success: true, parameters: original });
    expect(calls).toHaveLength(2);
    expect(toolUseFor(calls[1]!, 'call_b1')!.input).toEqual(original);
    expect(resultFor(calls[1]!, 'call_b1')!.isError).toBe(false);
  });

  it('PostToolUse exit 2: a user-role message holding the stderr follows the tool result, the file stays written, the model goes on [seed 12.2]', async () => {
    const { sb, run, json, messages, calls } = await scenario({
      provider,
      args: ['--permission-mode', 'acceptEdits'],
      settings: (sb) => ({
        hooks: { PostToolUse: [group([sb.hook('post', { stderr: 'post-blocked!', exit: 2 })], 'Write')] },
      }),
      script: (sb) => [call('Write', { file_path: join(sb.workdir, 'kept.txt'), content: 'kept\n' }, 'call_w1'), { text: 'fixed it' }],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('fixed it');
    expect(readFileSync(join(sb.workdir, 'kept.txt'), 'utf8')).toBe('kept\n');
    const toolIndex = messages.findIndex((m) => m.blocks.some((b) => b.type === 'tool'));
    const feedbackIndex = messages.findIndex((m) => m.role === 'user' && textOfMessage(m).includes('post-blocked!'));
    expect(feedbackIndex).toBeGreaterThan(toolIndex);
    expect(toolBlocks(messages)[0]).toMatchObject({ success: true });
    // The model is called again and sees the stderr after the (successful) tool result.
    expect(calls).toHaveLength(2);
    const items = wireItems(calls[1]!);
    const r = items.findIndex((i) => i.kind === 'tool_result' && i.id === 'call_w1');
    const fb = items.findIndex((i) => i.kind === 'text' && i.role === 'user' && i.text.includes('post-blocked!'));
    expect(r).toBeGreaterThanOrEqual(0);
    expect(fb).toBeGreaterThan(r);
    expect((items[r] as Extract<WireItem, { kind: 'tool_result' }>).isError).toBe(false);
  });

  it('PostToolUse additionalContext reaches the model', async () => {
    const { run, calls } = await scenario({
      provider,
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PostToolUse: [group([sb.hook('post', { stdout: answer({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'POST-ADDITIONAL-CONTEXT' } }) })])],
        },
      }),
      script: [call('Bash', { command: 'echo hi' }, 'call_b1'), { text: 'ok' }],
    });
    expect(run.code).toBe(0);
    expect(calls).toHaveLength(2);
    expect(wireText(calls[1]!)).toContain('POST-ADDITIONAL-CONTEXT');
    expect(wireText(calls[1]!)).not.toContain('hookSpecificOutput');
  });

  // SPEC 4 lists `additionalContext` among the PreToolUse answer fields (and events.ts accepts it
  // for PreToolUse), like UserPromptSubmit / SessionStart / PostToolUse, where it reaches the model.
  // The agent combines it (decision.additionalContext) but toolCall.ts never uses it for PreToolUse.
  it('PreToolUse additionalContext reaches the model', async () => {
    const { run, calls } = await scenario({
      provider,
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([sb.hook('pre', { stdout: answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'PRE-ADDITIONAL-CONTEXT' } }) })])],
        },
      }),
      script: [call('Bash', { command: 'echo hi' }, 'call_b1'), { text: 'ok' }],
    });
    expect(run.code).toBe(0);
    expect(calls).toHaveLength(2);
    expect(wireText(calls[1]!)).toContain('PRE-ADDITIONAL-CONTEXT');
  });

  it('continue: false from PreToolUse: the tool still runs, then no further model request, stopReason shown to the user', async () => {
    const { sb, run, json, messages, calls } = await scenario({
      provider,
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([sb.hook('pre', { stdout: answer({ continue: false, stopReason: 'halted by hook', systemMessage: 'sysmsg from hook' }) })], 'Bash')],
        },
      }),
      script: [call('Bash', { command: 'echo hi > ran.txt' }, 'call_b1'), { text: 'must not be requested' }],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'ran.txt'))).toBe(true);
    expect(toolBlocks(messages)[0]).toMatchObject({ success: true });
    expect(calls).toHaveLength(1);
    expect(json.stopped).toMatchObject({ reason: 'halted by hook' });
    expect(errorTexts(messages).some((t) => t.includes('halted by hook'))).toBe(true);
    expect(errorTexts(messages).some((t) => t.includes('sysmsg from hook'))).toBe(true);
  });
});

describe.concurrent('tool hook processes and answers (model-independent)', () => {
  it('a hook that never reads stdin gets a large payload without EPIPE or hang; exit 2 without stderr blocks with a default reason', async () => {
    const big = 'x'.repeat(300_000);
    const { sb, run, messages } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [
            group([sb.hook('ignores-stdin', { noStdin: true })], 'Write'),
            group([sb.hook('silent-block', { noStdin: true, exit: 2 })], 'Bash'),
          ],
        },
      }),
      script: (sb) => [
        { toolCalls: [{ name: 'Write', input: { file_path: join(sb.workdir, 'big.txt'), content: big }, id: 'call_w1' }, { name: 'Bash', input: { command: 'touch blocked.txt' }, id: 'call_b1' }] },
        { text: 'ok' },
      ],
    });
    expect(run.code).toBe(0);
    expect(readFileSync(join(sb.workdir, 'big.txt'), 'utf8')).toHaveLength(300_000);
    expect(errorTexts(messages)).toEqual([]);
    expect(hookRuns(messages).find((r) => r.command.includes('ignores-stdin'))).toMatchObject({ outcome: 'success', exitCode: 0 });
    expect(existsSync(join(sb.workdir, 'blocked.txt'))).toBe(false);
    const blocked = toolBlocks(messages).find((b) => b.id === 'call_b1')!;
    expect(blocked.success).toBe(false);
    expect(blocked.result).toMatch(/^PreToolUse:Bash hook error: \[.*silent-block.*\]: No stderr output$/); // Claude Code's words
  });

  it('a missing hook command and stdout that starts with "{" but is not JSON are non-blocking errors that say what is wrong; the tool runs', async () => {
    const { sb, run, messages } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([join(sb.root, 'no-such-dir', 'hook.sh'), sb.hook('bad-json', { stdout: '{not json' })])],
        },
      }),
      script: [call('Bash', { command: 'echo ran > ran.txt' }, 'call_b1'), { text: 'ok' }],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'ran.txt'))).toBe(true);
    const errors = errorTexts(messages);
    expect(errors.some((t) => /not found/i.test(t))).toBe(true);
    expect(errors.some((t) => /JSON/.test(t))).toBe(true);
    expect(hookRuns(messages).filter((r) => r.event === 'PreToolUse').map((r) => r.outcome)).toEqual(['non_blocking_error', 'non_blocking_error']);
  });
});

describe.concurrent('PreToolUse permission decisions (model-independent)', () => {
  it('PreToolUse permissionDecision allow vs ask in default headless mode: allow runs without asking, ask is denied with an explanation', async () => {
    const { sb, run, messages, calls } = await scenario({
      settings: (sb) => ({
        hooks: {
          PreToolUse: [
            group(
              [
                sb.hook('pre', {
                  body: [
                    `if grep -q allowed "$f"; then printf '%s' ${sq(answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }))}; fi`,
                    `if grep -q asked "$f"; then printf '%s' ${sq(answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'hook wants a human' } }))}; fi`,
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
        { toolCalls: [{ name: 'Bash', input: { command: 'echo allowed > a.txt' }, id: 'call_allow' }, { name: 'Bash', input: { command: 'echo asked > b.txt' }, id: 'call_ask' }] },
        { text: 'ok' },
      ],
    });
    expect(run.code).toBe(0);
    expect(existsSync(join(sb.workdir, 'a.txt'))).toBe(true);
    expect(existsSync(join(sb.workdir, 'b.txt'))).toBe(false);
    const asked = toolBlocks(messages).find((b) => b.id === 'call_ask')!;
    expect(asked.success).toBe(false);
    expect(asked.result).toMatch(/permission|denied|not granted/i);
    expect(resultFor(calls[1]!, 'call_ask')!.isError).toBe(true);
    expect(sb.dumps('post').map((p) => p.tool_use_id)).toEqual(['call_allow']);
  });
});
