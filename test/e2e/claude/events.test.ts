// The events Claude Code hooks also use (docs/hooks.md, "Events"): PermissionDenied (with retry),
// PostToolBatch, StopFailure, CwdChanged and SessionStart with CLAUDE_ENV_FILE reaching Bash,
// `prompt_id` in every payload of a turn, and relative paths made absolute before any hook sees
// them — through the real `wave -p`, real hook processes and the scripted model.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, call, cleanupSandboxes, ensureBuilt, group, hookRuns, scenario, toolBlocks, userTexts } from '../harness.js';
import { BYPASS, gitInit, SETTLE_ENV } from '../work/harness-work.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

describe.concurrent('Claude Code events', () => {
  it('PermissionDenied fires for a headless denial with its reason; retry: true is told to the model', async () => {
    const { sb, calls, messages } = await scenario({
      settings: (sb) => ({
        hooks: { PermissionDenied: [group([sb.hook('denied', { stdout: answer({ hookSpecificOutput: { hookEventName: 'PermissionDenied', retry: true } }) })], 'Bash')] },
      }),
      script: [call('Bash', { command: 'touch x' }, 'call_d1'), { text: 'ok' }],
    });
    const [d] = sb.dumps('denied');
    expect(d).toMatchObject({ hook_event_name: 'PermissionDenied', tool_name: 'Bash', tool_input: { command: 'touch x' }, tool_use_id: 'call_d1' });
    expect(d!.reason).toMatch(/^Permission to use Bash was not granted: this run has no one to ask/);
    expect(toolBlocks(messages)[0]!.result).toMatch(/\nA PermissionDenied hook says this call may be retried\.$/);
    expect(JSON.stringify(calls[1]!.body)).toContain('A PermissionDenied hook says this call may be retried.');
  });

  it('PostToolBatch fires once per model answer with every call; its block reaches the model before the next request', async () => {
    const { sb, calls } = await scenario({
      args: BYPASS,
      settings: (sb) => ({ hooks: { PostToolBatch: [group([sb.hook('batch', { body: 'if [ "$n" = 0 ]; then echo "lint the files first" >&2; exit 2; fi' })])] } }),
      script: [
        { toolCalls: [{ id: 'call_b1', name: 'Bash', input: { command: 'echo a' } }, { id: 'call_b2', name: 'Bash', input: { command: 'exit 3' } }] },
        call('Bash', { command: 'echo c' }, 'call_b3'),
        { text: 'done' },
      ],
    });
    expect(sb.dumps('batch').map((b) => b.tool_calls)).toEqual([
      [
        { tool_name: 'Bash', tool_use_id: 'call_b1', success: true },
        { tool_name: 'Bash', tool_use_id: 'call_b2', success: false },
      ],
      [{ tool_name: 'Bash', tool_use_id: 'call_b3', success: true }],
    ]);
    expect(userTexts(calls[1]!).join('\n')).toContain('PostToolBatch hook feedback:');
    expect(userTexts(calls[1]!).join('\n')).toContain('lint the files first');
  });

  it('StopFailure fires when a model error ends the turn, with the error_type matcher', async () => {
    const { sb, run } = await scenario({
      settings: (sb) => ({
        hooks: {
          StopFailure: [group([sb.hook('auth')], 'authentication_failed'), group([sb.hook('rate')], 'rate_limit')],
          Stop: [group([sb.hook('stop')])],
        },
      }),
      script: [{ error: { status: 401, message: 'bad key' } }],
    });
    expect(run.code).not.toBe(0);
    expect(sb.dumps('rate')).toEqual([]);
    expect(sb.dumps('stop')).toEqual([]);
    const [f] = sb.dumps('auth');
    expect(f).toMatchObject({ hook_event_name: 'StopFailure', error_type: 'authentication_failed' });
    expect(f!.error_message).toMatch(/401|key|auth/i);
  });

  it('SessionStart and CwdChanged hooks write CLAUDE_ENV_FILE (set -u safe); later Bash commands see the variables', async () => {
    const envLine = (line: string) => `set -u; : "$CLAUDE_ENV_FILE"; test "$CLAUDE_ENV_FILE" = "$WAVE_ENV_FILE"; echo ${JSON.stringify(line)} >> "$CLAUDE_ENV_FILE"`;
    const { sb, messages } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      setup: (sb) => gitInit(sb.workdir),
      settings: (sb) => ({
        hooks: {
          SessionStart: [group([{ command: envLine('export GREETING="hello from SessionStart"') }])],
          CwdChanged: [group([sb.hook('cwd', { body: `set -u; w=$(jq -r .new_cwd "$f"); echo "export WHERE='$w'" >> "$CLAUDE_ENV_FILE"` })])],
          PreToolUse: [group([sb.hook('pre', { body: 'env | grep -c "^GREETING=" > /dev/null && exit 1; exit 0' })], 'Bash')],
        },
      }),
      script: [
        call('Bash', { command: 'echo "$GREETING"' }, 'call_e1'),
        call('EnterWorktree', { name: 'feat' }, 'call_e2'),
        call('Bash', { command: 'echo "$WHERE"' }, 'call_e3'),
        { text: 'done' },
      ],
    });
    const results = toolBlocks(messages).map((b) => b.result);
    expect(results[0]).toBe('hello from SessionStart');
    const wt = join(sb.workdir, '.wave', 'worktrees', 'feat');
    expect(sb.dumps('cwd')).toEqual([expect.objectContaining({ hook_event_name: 'CwdChanged', old_cwd: sb.workdir, new_cwd: wt })]);
    expect(results[2]).toBe(wt);
    // Hooks themselves do not get the variables (only Bash commands do).
    expect(hookRuns(messages).filter((r) => r.event === 'PreToolUse').every((r) => r.exitCode === 0)).toBe(true);
  });

  it('prompt_id is the same in every payload of a turn; a relative file_path is absolute for hooks and the tool', async () => {
    const { sb, messages } = await scenario({
      args: BYPASS,
      setup: (sb) => sb.file('notes/a.txt', 'alpha\n'),
      settings: (sb) => ({
        hooks: {
          UserPromptSubmit: [group([sb.hook('ups')])],
          PreToolUse: [group([sb.hook('pre')])],
          PostToolUse: [group([sb.hook('post')])],
          Stop: [group([sb.hook('stop')])],
        },
      }),
      script: [call('Read', { file_path: 'notes/a.txt' }, 'call_r1'), { text: 'done' }],
    });
    const ids = ['ups', 'pre', 'post', 'stop'].map((l) => sb.dumps(l)[0]!.prompt_id as string);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(1);
    expect(sb.dumps('pre')[0]!.tool_input).toEqual({ file_path: join(sb.workdir, 'notes/a.txt') });
    expect(sb.dumps('post')[0]!.tool_input).toEqual({ file_path: join(sb.workdir, 'notes/a.txt') });
    expect(toolBlocks(messages)[0]).toMatchObject({ success: true });
  });
});
