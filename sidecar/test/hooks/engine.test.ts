// Integration tests of the hook engine through HookManager (SPEC 1–5): real settings files in a
// temporary HOME and workdir, real shell hooks run as real processes. Nothing of the engine is mocked.
// The exit code × answer × event matrix runs on the fake runner in matrix.unit.test.ts; here, a few
// real hooks per behaviour class, and what only real processes show (timeouts, async, env, cwd).
import { afterAll, describe, it } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONTEXT_CAP, EVENTS, assertValidProgrammaticHooks, type HookEventName, type HookRunRecord } from '../../src/hooks/index.js';
import { hookKey } from '../../src/hooks/config/snapshot.js';
import { on, parseEnv, printJson, removeSandboxes, runNames, Sandbox, sq, tool, toHooks, type Group } from './engineSandbox.js';

afterAll(() => removeSandboxes());

// ----- answers from real hook processes, one per behaviour class ----------------------------------
// The whole exit code × answer × event matrix runs on the fake runner (matrix.unit.test.ts); these
// prove that a real `sh` hook gives the engine what the fake stands for.

describe.concurrent('real hook processes: each kind of answer', () => {
  it.for([
    ['PreToolUse', 'blocks'],
    ['SessionStart', 'user'],
    ['PreCompact', 'dropped'],
  ] as Array<[HookEventName, 'blocks' | 'user' | 'dropped']>)('%s: exit 2 with stderr → %s (JSON on stdout ignored)', async ([event, effect], { expect }) => {
    const sb = new Sandbox();
    const command = `${printJson({ continue: false, systemMessage: 'ignored', hookSpecificOutput: { hookEventName: event, additionalContext: 'ignored' } })}; echo 'no way' >&2; exit 2`;
    sb.project(on(event, command));
    const { decision, runs } = await sb.fire(event);
    expect(runs[0]).toMatchObject({ exitCode: 2, outcome: 'blocking_error', stderr: 'no way', source: 'project', file: sb.projectFile });
    expect(decision).toMatchObject({ continue: true, systemMessage: null, additionalContext: null, instructions: null });
    expect(decision.blocked).toBe(effect === 'blocks');
    expect(decision.userMessages).toEqual(effect === 'user' ? ['no way'] : []);
  });

  it('exit 1 → stderr for the user, nothing blocked', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', 'echo some context; echo oops >&2; exit 1'));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs[0]).toMatchObject({ exitCode: 1, outcome: 'non_blocking_error', stdout: 'some context', stderr: 'oops', error: 'hook exited with code 1' });
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages[0]).toContain('oops');
  });

  it('command not found (127) says so', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', 'wave-no-such-command-xyz --flag'));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs[0]).toMatchObject({ exitCode: 127, outcome: 'non_blocking_error', error: 'command not found' });
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages[0]).toContain('command not found');
  });

  it('a hook killed by a signal is a non-blocking error', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', 'kill -KILL $$'));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs[0]).toMatchObject({ signal: 'SIGKILL', outcome: 'non_blocking_error', error: 'hook was killed by SIGKILL' });
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages).toEqual(['hook was killed by SIGKILL']);
  });

  it('exit 0: plain stdout is context; a JSON answer is read', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ ...on('SessionStart', 'echo "  remember the milk  "'), ...on('Stop', printJson({ decision: 'block', reason: 'policy says no' })) });
    const start = await sb.fire('SessionStart');
    expect(start.runs[0]).toMatchObject({ exitCode: 0, outcome: 'success', stdout: 'remember the milk' });
    expect(start.decision.additionalContext).toBe('remember the milk');
    const stop = await sb.fire('Stop');
    expect(stop.runs[0]?.outcome).toBe('success');
    expect(stop.decision).toMatchObject({ blocked: true, reason: 'policy says no' });
  });

  it('stdout starting with "{" that is not JSON is a non-blocking error saying so', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', `echo '{"decision": "block", oops'`));
    const { runs } = await sb.fire('PreToolUse');
    expect(runs[0]?.outcome).toBe('non_blocking_error');
    expect(runs[0]?.error).toMatch(/not valid JSON/);
  });

  it(`injected context is capped at ${CONTEXT_CAP} characters per event`, async ({ expect }) => {
    const sb = new Sandbox();
    const big = (ch: string) =>
      `printf '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"%s"}}' "$(head -c 6000 /dev/zero | tr '\\0' ${ch})"`;
    sb.user(on('UserPromptSubmit', big('a'), big('b')));
    const { decision, runs } = await sb.fire('UserPromptSubmit');
    expect(runs.map((r) => r.outcome)).toEqual(['success', 'success']);
    const ctx = decision.additionalContext ?? '';
    // The hooks' text (12,001 characters joined) is cut so that text plus note fit in the cap.
    expect(ctx.length).toBe(CONTEXT_CAP);
    const note = /\n… \[hook context truncated: (\d+) more characters\]$/.exec(ctx);
    expect(note).not.toBeNull();
    const kept = ctx.slice(0, ctx.length - note![0].length);
    expect(kept).toBe(`${'a'.repeat(6000)}\n${'b'.repeat(kept.length - 6001)}`);
    expect(kept.length + Number(note![1])).toBe(12_001);
  });
});

// ----- run order, matchers, stdin, env --------------------------------------------------------------

describe.concurrent('run order', () => {
  it('programmatic, plugin, user, project, project local, then file order', async ({ expect }) => {
    const sb = new Sandbox();
    sb.plugin('b-plugin', on('Stop', sb.log('plugin-b')));
    sb.plugin('a-plugin', on('Stop', sb.log('plugin-a1'), sb.log('plugin-a2')));
    sb.user({ Stop: [{ hooks: [sb.log('user-1')] }, { hooks: [sb.log('user-2')] }] });
    sb.project({ Stop: [{ hooks: [sb.log('project-1'), sb.log('project-2')] }, { hooks: [sb.log('project-3')] }] });
    sb.local(on('Stop', sb.log('local-1'), sb.log('local-2')));
    const m = sb.manager({ hooks: toHooks(on('Stop', sb.log('prog-1'), sb.log('prog-2'))) });
    const { runs } = await sb.fire('Stop', {}, { manager: m });
    const expected = ['prog-1', 'prog-2', 'plugin-a1', 'plugin-a2', 'plugin-b', 'user-1', 'user-2', 'project-1', 'project-2', 'project-3', 'local-1', 'local-2'];
    expect(sb.lines('log')).toEqual(expected);
    expect(runs.map((r) => r.source)).toEqual([
      'programmatic',
      'programmatic',
      'plugin',
      'plugin',
      'plugin',
      'user',
      'user',
      'project',
      'project',
      'project',
      'projectLocal',
      'projectLocal',
    ]);
    expect(runs.every((r) => r.outcome === 'success')).toBe(true);
  });
});

describe.concurrent('matchers', () => {
  const named = (description: string, matcher?: string): Group => ({ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ command: `true ${description}`, description }] }); // each its own command: identical hooks run once

  it.for([
    ['Bash', ['bash', 'star', 'none', 'bash-glob']],
    ['Write', ['edit-write', 'star', 'none']],
    ['Edit', ['edit-write', 'star', 'none', 'edit']],
    ['MultiEdit', ['star', 'none']],
    ['mcp__github__create_issue', ['star', 'none', 'mcp']],
    ['bash', ['bash', 'star', 'none', 'bash-glob']],
  ] as const)('PreToolUse tool_name %s runs %j', async ([toolName, expected], { expect }) => {
    const sb = new Sandbox();
    sb.user({
      PreToolUse: [
        named('bash', 'Bash'),
        named('edit-write', 'Edit|Write'),
        named('star', '*'),
        named('none'),
        named('mcp', 'mcp__.*'),
        named('edit', 'Edit'),
        named('bash-glob', 'Bas?'),
      ],
    });
    const { runs } = await sb.fire('PreToolUse', tool(toolName));
    expect(runNames(runs)).toEqual(expected);
  });

  it.for(['PostToolUse', 'PostToolUseFailure', 'PermissionRequest'] as HookEventName[])('%s matches on tool_name', async (event, { expect }) => {
    const sb = new Sandbox();
    sb.user({ [event]: [named('read', 'Read'), named('bash', 'Bash')] });
    const { runs } = await sb.fire(event, tool('Read', { file_path: '/x' }));
    expect(runNames(runs)).toEqual(['read']);
  });

  it('SessionStart matches on source', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ SessionStart: [named('startup', 'startup'), named('resume', 'resume'), named('both', 'resume|compact')] });
    expect(runNames((await sb.fire('SessionStart', { source: 'startup' })).runs)).toEqual(['startup']);
    expect(runNames((await sb.fire('SessionStart', { source: 'resume' })).runs)).toEqual(['resume', 'both']);
    expect(runNames((await sb.fire('SessionStart', { source: 'compact' })).runs)).toEqual(['both']);
  });

  it('PreCompact matches on trigger', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ PreCompact: [named('auto', 'auto'), named('manual', 'manual')] });
    expect(runNames((await sb.fire('PreCompact', { trigger: 'auto' })).runs)).toEqual(['auto']);
    expect(runNames((await sb.fire('PreCompact', { trigger: 'manual' })).runs)).toEqual(['manual']);
  });

  it('SubagentStart matches on agent_type', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ SubagentStart: [named('explore', 'Explore'), named('general', 'general-*')] });
    expect(runNames((await sb.fire('SubagentStart', { agent_type: 'general-purpose' })).runs)).toEqual(['general']);
  });

  it('a matcher on a matcher-less event (Stop) is ignored: the hook still runs', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ Stop: [named('stop-bash', 'Bash'), named('stop-plain')] });
    const m = sb.manager();
    expect(m.snapshot().problems.some((p) => p.severity === 'warning' && p.path === 'hooks.Stop[0].matcher')).toBe(true);
    const { runs } = await sb.fire('Stop', {}, { manager: m });
    expect(runNames(runs)).toEqual(['stop-bash', 'stop-plain']);
    expect(runs[0]?.matcher).toBeNull();
  });
});

describe.concurrent('stdin payload', () => {
  it('PreToolUse: common fields first, then the tool fields; one JSON line then EOF', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', sb.dump('in.json')));
    const input = tool('Bash', { command: 'echo hi', description: 'Print hi' });
    await sb.fire('PreToolUse', input, { ctx: { permissionMode: 'acceptEdits', promptId: 'prompt-9' } });
    const raw = sb.read('in.json');
    expect(raw.endsWith('\n')).toBe(true);
    expect(raw.trimEnd().includes('\n')).toBe(false);
    const p = JSON.parse(raw) as Record<string, unknown>;
    expect(Object.keys(p)).toEqual(['session_id', 'transcript_path', 'cwd', 'prompt_id', 'permission_mode', 'hook_event_name', 'tool_name', 'tool_input', 'tool_use_id']);
    expect(p).toEqual({
      session_id: 'sess-123',
      transcript_path: join(sb.home, '.wave', 'sessions', 'session_sess-123.json'),
      cwd: sb.workdir,
      prompt_id: 'prompt-9',
      permission_mode: 'acceptEdits',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'echo hi', description: 'Print hi' },
      tool_use_id: 'toolu_1',
    });
  });

  it('UserPromptSubmit has both prompt and user_prompt', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('UserPromptSubmit', sb.dump('in.json')));
    await sb.fire('UserPromptSubmit', { prompt: 'please say "hi" ünïcode' });
    const p = sb.readJson('in.json');
    expect(p).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'please say "hi" ünïcode', user_prompt: 'please say "hi" ünïcode', permission_mode: 'default' });
  });

  it('PostToolUse and PostToolUseFailure carry tool_response / error', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ ...on('PostToolUse', sb.dump('post.json')), ...on('PostToolUseFailure', sb.dump('fail.json')) });
    const response = { stdout: 'hi', stderr: '', interrupted: false, success: true };
    await sb.fire('PostToolUse', { ...tool('Bash'), tool_response: response, duration_ms: 31 });
    await sb.fire('PostToolUseFailure', { ...tool('Bash'), error: 'Exit code 3\nout' });
    expect(sb.readJson('post.json')).toMatchObject({ tool_name: 'Bash', tool_response: response, duration_ms: 31 });
    expect(sb.readJson('fail.json')).toMatchObject({ tool_name: 'Bash', error: 'Exit code 3\nout', is_interrupt: false });
  });

  it('Stop: background_tasks items are cut at 1000 characters; session_crons; last_assistant_message trimmed', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', sb.dump('in.json')));
    const longCommand = `echo ${'x'.repeat(1495)}`; // 1500 chars
    const longDescription = 'd'.repeat(1200);
    await sb.fire('Stop', {
      stop_hook_active: true,
      last_assistant_message: '  all done\n',
      background_tasks: [
        { id: 'shell_1', type: 'shell', status: 'running', description: longDescription, command: longCommand },
        { id: 'agent_1', type: 'subagent', status: 'running', description: 'look around', agent_type: 'Explore' },
        { id: 'wf_1', type: 'workflow', status: 'running', description: 'release', name: 'release.md' },
      ],
      session_crons: [{ id: 'cron_1', schedule: '*/5 * * * *', recurring: true, prompt: 'check the build' }],
    });
    const p = sb.readJson('in.json');
    expect(Object.keys(p).slice(0, 5)).toEqual(['session_id', 'transcript_path', 'cwd', 'permission_mode', 'hook_event_name']);
    expect(p.stop_hook_active).toBe(true);
    expect(p.last_assistant_message).toBe('all done');
    const tasks = p.background_tasks as Array<Record<string, unknown>>;
    expect(tasks[0]).toEqual({
      id: 'shell_1',
      type: 'shell',
      status: 'running',
      description: `${'d'.repeat(1000)}… [+200 chars]`,
      command: `${longCommand.slice(0, 1000)}… [+500 chars]`,
    });
    expect(tasks[1]).toEqual({ id: 'agent_1', type: 'subagent', status: 'running', description: 'look around', agent_type: 'Explore' });
    expect(tasks[2]).toEqual({ id: 'wf_1', type: 'workflow', status: 'running', description: 'release', name: 'release.md' });
    expect(p.session_crons).toEqual([{ id: 'cron_1', schedule: '*/5 * * * *', recurring: true, prompt: 'check the build' }]);
  });

  it('Stop: last_assistant_message omitted when empty; arrays always present', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', sb.dump('in.json')));
    await sb.fire('Stop', { stop_hook_active: false, last_assistant_message: '  \n ', background_tasks: [], session_crons: [] });
    const p = sb.readJson('in.json');
    expect('last_assistant_message' in p).toBe(false);
    expect(p.background_tasks).toEqual([]);
    expect(p.session_crons).toEqual([]);
    expect(p.stop_hook_active).toBe(false);
  });

  it('inside a subagent: subagent_type, agent_type and agent_id', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', sb.dump('in.json')));
    await sb.fire('PreToolUse', tool('Read', { file_path: '/a' }), { ctx: { subagent: { type: 'Explore', id: 'agent_42' } } });
    expect(sb.readJson('in.json')).toMatchObject({ subagent_type: 'Explore', agent_type: 'Explore', agent_id: 'agent_42', tool_name: 'Read' });
  });

  it('outside a subagent there are no subagent fields', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', sb.dump('in.json')));
    await sb.fire('PreToolUse');
    const p = sb.readJson('in.json');
    expect('subagent_type' in p || 'agent_type' in p || 'agent_id' in p).toBe(false);
  });

  it('SessionStart, PreCompact, PostCompact, SessionEnd, WorktreeCreate fields', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({
      ...on('SessionStart', sb.dump('ss.json')),
      ...on('PreCompact', sb.dump('pc.json')),
      ...on('PostCompact', sb.dump('poc.json')),
      ...on('SessionEnd', sb.dump('se.json')),
      ...on('WorktreeCreate', sb.dump('wc.json')),
    });
    await sb.fire('SessionStart', { source: 'resume', model: 'm-1' });
    await sb.fire('PreCompact', { trigger: 'auto', compact_instructions: 'keep tests' });
    await sb.fire('PostCompact', { trigger: 'auto', compact_summary: 'sum' });
    await sb.fire('SessionEnd', { reason: 'clear' });
    await sb.fire('WorktreeCreate', { name: 'wt-1' });
    expect(sb.readJson('ss.json')).toMatchObject({ hook_event_name: 'SessionStart', source: 'resume', model: 'm-1' });
    expect(sb.readJson('pc.json')).toMatchObject({ trigger: 'auto', compact_instructions: 'keep tests', custom_instructions: 'keep tests' });
    expect(sb.readJson('poc.json')).toMatchObject({ trigger: 'auto', compact_summary: 'sum' });
    expect(sb.readJson('se.json')).toMatchObject({ reason: 'clear' });
    expect(sb.readJson('wc.json')).toMatchObject({ name: 'wt-1' });
  });

  it('a hook that never reads stdin is fine', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('UserPromptSubmit', 'echo ignoring stdin'));
    const { decision, runs } = await sb.fire('UserPromptSubmit', { prompt: 'p'.repeat(300_000) });
    expect(runs[0]?.outcome).toBe('success');
    expect(decision.additionalContext).toBe('ignoring stdin');
  });
});

describe.concurrent('environment and working directory', () => {
  it('HOOK_EVENT, HOOK_TOOL_NAME, project dir, session id, settings env; cwd = ctx.cwd', async ({ expect }) => {
    const sb = new Sandbox();
    const sub = join(sb.workdir, 'src', 'deep');
    mkdirSync(sub, { recursive: true });
    sb.user(on('PreToolUse', `env > ${sq(sb.path('env.txt'))}; pwd > ${sq(sb.path('pwd.txt'))}`), { env: { FROM_USER: 'u', SHARED: 'user' } });
    sb.project(undefined, { env: { FROM_PROJECT: 'p', SHARED: 'project' } });
    await sb.fire('PreToolUse', tool('Edit', { file_path: '/x' }), { ctx: { cwd: sub, sessionId: 'sess-env' } });
    const env = parseEnv(sb.read('env.txt'));
    expect(env).toMatchObject({
      HOOK_EVENT: 'PreToolUse',
      HOOK_TOOL_NAME: 'Edit',
      WAVE_PROJECT_DIR: sb.workdir,
      CLAUDE_PROJECT_DIR: sb.workdir,
      WAVE_SESSION_ID: 'sess-env',
      FROM_USER: 'u',
      FROM_PROJECT: 'p',
      SHARED: 'project',
    });
    expect(env.PATH).toBe(process.env.PATH);
    expect('WAVE_PLUGIN_ROOT' in env).toBe(false);
    expect(sb.read('pwd.txt').trim()).toBe(sub);
  });

  it('HOOK_TOOL_NAME is empty for events without a tool; baseEnv replaces process.env', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', `env > ${sq(sb.path('env.txt'))}`));
    const m = sb.manager({ baseEnv: { PATH: process.env.PATH, ONLY_IN_BASE: 'yes' } });
    await sb.fire('Stop', {}, { manager: m });
    const env = parseEnv(sb.read('env.txt'));
    expect(env.HOOK_EVENT).toBe('Stop');
    expect(env.HOOK_TOOL_NAME).toBe('');
    expect(env.ONLY_IN_BASE).toBe('yes');
  });

  it('plugin hooks get WAVE_PLUGIN_ROOT / CLAUDE_PLUGIN_ROOT, and ${…PLUGIN_ROOT} in the command is replaced', async ({ expect }) => {
    const sb = new Sandbox();
    const root = join(sb.home, '.wave', 'plugins', 'fmt');
    sb.script(
      'home/.wave/plugins/fmt/scripts/hook.sh',
      `printf '%s\\n' "$1" "$2" "$WAVE_PLUGIN_ROOT" "$CLAUDE_PLUGIN_ROOT" > ${sq(sb.path('plugin.txt'))}`,
    );
    // Single quotes: sh would not expand the variables, so only the engine's substitution can.
    expect(sb.plugin('fmt', { PostToolUse: [{ matcher: 'Edit|Write', hooks: ["sh '${CLAUDE_PLUGIN_ROOT}/scripts/hook.sh' '${WAVE_PLUGIN_ROOT}' '${CLAUDE_PLUGIN_ROOT}'"] }] })).toBe(root);
    const { runs } = await sb.fire('PostToolUse', tool('Write', { file_path: '/x', content: '' }));
    expect(runs[0]).toMatchObject({ source: 'plugin', outcome: 'success', file: join(root, 'hooks', 'hooks.json') });
    expect(runs[0]?.command).toBe(`sh '${root}/scripts/hook.sh' '${root}' '${root}'`);
    expect(sb.read('plugin.txt').split('\n').slice(0, 4)).toEqual([root, root, root, root]);
  });
});

// ----- async, timeout, budget -------------------------------------------------------------------

describe.concurrent('async hooks, timeouts and the turn budget', () => {
  it('an async hook runs in the background and never affects the decision', async ({ expect }) => {
    const sb = new Sandbox();
    const asyncRuns: HookRunRecord[] = [];
    sb.user(
      on(
        'UserPromptSubmit',
        { command: `sleep 1; echo async context; echo async blocked >&2; ${sb.log('async-done')}; exit 2`, async: true, description: 'slow async' },
        'echo sync context',
      ),
    );
    const m = sb.manager({ onRecord: (r) => r.async && asyncRuns.push(r) });
    const t0 = Date.now();
    const { decision, runs } = await sb.fire('UserPromptSubmit', {}, { manager: m });
    // Not waited for: when the event returns, the async hook (sleep 1) has not finished.
    expect(asyncRuns).toEqual([]);
    expect(sb.lines('log')).toEqual([]);
    expect(runs.map((r) => r.name)).toEqual(['echo sync context']);
    expect(decision).toMatchObject({ blocked: false, additionalContext: 'sync context', userMessages: [] });
    await m.waitForAsync();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(sb.lines('log')).toEqual(['async-done']);
    expect(asyncRuns).toHaveLength(1);
    expect(asyncRuns[0]).toMatchObject({ async: true, name: 'slow async', exitCode: 2, stdout: 'async context', stderr: 'async blocked', event: 'UserPromptSubmit' });
    expect(asyncRuns[0]?.decision).toMatch(/^async: /);
    // The decision already returned stays as it was.
    expect(decision.blocked).toBe(false);
  });

  it('one record channel gets the sync and the async records; an async hook that prints context injects nothing', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('SessionStart', { command: 'echo from async', async: true }, 'echo from sync'));
    const seen: HookRunRecord[] = [];
    const m = sb.manager({ onRecord: (r) => seen.push(r) });
    const { decision, runs } = await sb.fire('SessionStart', {}, { manager: m });
    expect(runs.map((r) => r.stdout)).toEqual(['from sync']);
    expect(decision.additionalContext).toBe('from sync');
    await m.waitForAsync();
    // In the order they finished: the async one may well end first.
    expect(seen.map((r) => [r.async, r.stdout, r.verdict]).sort()).toEqual([
      [false, 'from sync', 'context'],
      [true, 'from async', 'ok'],
    ]);
  });

  it('an async hook still has its timeout', async ({ expect }) => {
    const sb = new Sandbox();
    const asyncRuns: HookRunRecord[] = [];
    sb.user(on('PostToolUse', { command: 'sleep 10', async: true, timeout: 1 }));
    const m = sb.manager({ onRecord: (r) => r.async && asyncRuns.push(r) });
    const t0 = Date.now();
    const { runs } = await sb.fire('PostToolUse', {}, { manager: m });
    expect(runs).toEqual([]);
    await m.waitForAsync();
    expect(Date.now() - t0).toBeLessThan(10_000); // ended before its `sleep 10` could: killed at its timeout
    expect(asyncRuns[0]).toMatchObject({ async: true, outcome: 'timeout', timedOut: true, error: 'hook timed out after 1 s' });
  });

  it('a hook over its timeout is killed: outcome timeout, non-blocking, "hook timed out after 1 s"', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', { command: 'sleep 10; echo late >&2; exit 2', timeout: 1 }, 'echo after'));
    const t0 = Date.now();
    const { decision, runs } = await sb.fire('PreToolUse');
    const elapsed = Date.now() - t0;
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(10_000); // before the hook's `sleep 10` could end: it was killed
    expect(runs[0]).toMatchObject({ outcome: 'timeout', timedOut: true, error: 'hook timed out after 1 s' });
    expect(runs[1]?.outcome).toBe('success');
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages).toEqual(['hook timed out after 1 s']);
  });

  it('newTurnBudget follows hookTurnBudgetSeconds', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager();
    expect(m.newTurnBudget().totalSeconds).toBe(600);
    sb.user(undefined, { hookTurnBudgetSeconds: 42 });
    expect(m.newTurnBudget().totalSeconds).toBe(600); // the session's snapshot, until applied
    expect(m.config.review()).toMatchObject([{ keys: ['hookTurnBudgetSeconds'] }]);
    m.config.apply();
    expect(m.newTurnBudget().totalSeconds).toBe(42);
  });
});

// ----- snapshot, trust, robustness, hasHooks -------------------------------------------------------

describe.concurrent('snapshot and review', () => {
  it('a changed settings file does not change what runs: the review lists the change; apply takes it', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', sb.log('old')));
    const m = sb.manager();
    await sb.fire('Stop', {}, { manager: m });
    sb.user(on('Stop', sb.log('new-hook'), sb.log('another')));
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['old', 'old']);
    const [change] = m.config.review();
    expect(change).toMatchObject({ source: 'user', configSource: 'user_settings', path: sb.userFile, removed: [], keys: [] });
    expect(change!.changed.map((c) => [c.before.command, c.after.command])).toEqual([[sb.log('old'), sb.log('new-hook')]]);
    expect(change!.added.map((a) => a.command)).toEqual([sb.log('another')]);
    expect(m.config.pending().size).toBe(2);
    m.config.apply();
    expect(m.config.review()).toEqual([]);
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['old', 'old', 'new-hook', 'another']);
  });

  it('a .wave/ folder created after the session started is a change like any other: pending until applied', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager();
    expect(m.hasHooks('UserPromptSubmit')).toBe(false);
    expect(existsSync(join(sb.workdir, '.wave'))).toBe(false);
    sb.project(on('UserPromptSubmit', 'echo late project'));
    expect(m.hasHooks('UserPromptSubmit')).toBe(false);
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).runs).toEqual([]);
    expect(m.config.review().map((c) => [c.source, c.added.length])).toEqual([['project', 1]]);
    m.config.apply(m.config.review()[0]!.path);
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).decision.additionalContext).toBe('late project');
    sb.local(on('UserPromptSubmit', 'echo late local'));
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).decision.additionalContext).toBe('late project');
    m.config.apply();
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).decision.additionalContext).toBe('late project\nlate local');
  });

  it('a plugin installed after start is pending until applied', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager();
    sb.plugin('late', on('Stop', 'true'));
    expect(m.hasHooks('Stop')).toBe(false);
    expect(m.config.review().map((c) => [c.source, c.configSource, c.added.length])).toEqual([['plugin', 'plugin', 1]]);
    m.config.apply();
    expect(m.hasHooks('Stop')).toBe(true);
  });

  it.for(['user', 'project'] as const)('disableAllHooks: true written into %s settings during the session does not switch the guards off until applied', async (where, { expect }) => {
    const sb = new Sandbox();
    sb.plugin('p', on('Stop', sb.log('plugin')));
    sb.user(on('Stop', sb.log('user')));
    sb.project(on('Stop', sb.log('project')));
    const m = sb.manager({ hooks: toHooks(on('Stop', sb.log('prog'))) });
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['prog', 'plugin', 'user', 'project']);
    if (where === 'user') sb.user(on('Stop', sb.log('user')), { disableAllHooks: true });
    else sb.project(on('Stop', sb.log('project')), { disableAllHooks: true });
    expect(m.hasHooks('Stop')).toBe(true);
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['prog', 'plugin', 'user', 'project', 'prog', 'plugin', 'user', 'project']);
    expect(m.config.review()).toMatchObject([{ keys: ['disableAllHooks'], disableAllHooks: true, added: [], removed: [] }]);
    m.config.apply();
    expect(m.hasHooks('Stop')).toBe(false);
    expect((await sb.fire('Stop', {}, { manager: m })).runs).toEqual([]);
  });

  it('disableAllHooks set when the session starts turns every hook off', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', sb.log('user')), { disableAllHooks: true });
    sb.project(on('Stop', sb.log('project')));
    const m = sb.manager();
    expect(m.hasHooks('Stop')).toBe(false);
    expect(m.snapshot().settings.disabledBy).toBe(sb.userFile);
  });

  it('ConfigChange fires for each changed file with source and file_path; exit 2 keeps the change from being offered', async ({ expect }) => {
    const sb = new Sandbox();
    const refuseProject = `cat > ${sq(sb.path('cc.json'))}; if grep -q project_settings ${sq(sb.path('cc.json'))}; then echo 'project settings are locked' >&2; exit 2; fi`;
    sb.user(on('ConfigChange', `${refuseProject}; cat ${sq(sb.path('cc.json'))} >> ${sq(sb.path('cc.log'))}; echo >> ${sq(sb.path('cc.log'))}`));
    const notices: unknown[] = [];
    const m = sb.manager({ onConfigChange: (changes) => notices.push(...changes) });
    sb.project(on('Stop', 'true'));
    await sb.fire('Stop', {}, { manager: m });
    expect(notices).toEqual([{ path: sb.projectFile, source: 'project', refused: 'project settings are locked' }]);
    expect(m.config.review()).toEqual([]);
    expect(m.config.changes()).toHaveLength(1); // still different on disk, just not offered
    sb.local(on('Stop', 'true'));
    await sb.fire('Stop', {}, { manager: m });
    expect(notices).toHaveLength(2);
    expect(m.config.review().map((c) => c.source)).toEqual(['projectLocal']);
    const input = JSON.parse(sb.read('cc.json')) as Record<string, unknown>;
    expect(input).toMatchObject({ hook_event_name: 'ConfigChange', source: 'local_settings', file_path: sb.localFile });
  });

  it('a hook deleted through the settings page stops at once while other pending changes stay pending; dismiss hides a change until the file changes again', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', sb.log('keep'), sb.log('delete-me')));
    const m = sb.manager();
    const deleted = m.snapshot().hooks[1]!;
    sb.user(on('Stop', sb.log('keep'), sb.log('agent-added')));
    m.config.forgetHook(sb.userFile, hookKey(deleted));
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['keep']);
    expect(m.config.review().map((c) => c.added.map((a) => a.command))).toEqual([[sb.log('agent-added')]]);
    m.config.dismiss();
    expect(m.config.review()).toEqual([]);
    sb.user(on('Stop', sb.log('keep'), sb.log('agent-added'), sb.log('third')));
    expect(m.config.review().map((c) => c.added.length)).toEqual([2]);
  });
});

describe.concurrent('trust', () => {
  it('untrusted: project and local hooks do not run, user hooks do, project env is not applied', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', `${sb.log('user')}; env > ${sq(sb.path('env.txt'))}`), { env: { FROM_USER: 'u' } });
    sb.project(on('Stop', sb.log('project')), { env: { FROM_PROJECT: 'p', FROM_USER: 'overridden' } });
    sb.local(on('Stop', sb.log('local')), { env: { FROM_LOCAL: 'l' } });
    const m = sb.manager({ trustProject: false });
    const { runs } = await sb.fire('Stop', {}, { manager: m });
    expect(runs.map((r) => r.source)).toEqual(['user']);
    expect(sb.lines('log')).toEqual(['user']);
    const env = parseEnv(sb.read('env.txt'));
    expect(env.FROM_USER).toBe('u');
    expect('FROM_PROJECT' in env).toBe(false);
    expect('FROM_LOCAL' in env).toBe(false);
    expect(m.snapshot().untrustedHooks.map((h) => h.source)).toEqual(['project', 'projectLocal']);
  });

  it('untrusted: hasHooks ignores project hooks; trusting later (function) runs them', async ({ expect }) => {
    const sb = new Sandbox();
    sb.project(on('UserPromptSubmit', 'echo project context'));
    let trusted = false;
    const m = sb.manager({ trustProject: () => trusted });
    expect(m.hasHooks('UserPromptSubmit')).toBe(false);
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).runs).toEqual([]);
    trusted = true;
    expect(m.hasHooks('UserPromptSubmit')).toBe(true);
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).decision.additionalContext).toBe('project context');
  });
});

describe.concurrent('robustness', () => {
  it('a hook that cannot be started (missing cwd) does not throw out of fire', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', 'echo never'));
    const { decision, runs } = await sb.fire('PreToolUse', {}, { ctx: { cwd: join(sb.root, 'no', 'such', 'dir') } });
    expect(runs).toHaveLength(1);
    expect(runs[0]?.outcome).toBe('non_blocking_error');
    expect(runs[0]?.error).toMatch(/could not be started/);
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages).toHaveLength(1);
  });

  it('a hook flooding stdout and stderr is capped and does not throw', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('UserPromptSubmit', 'head -c 300000 /dev/zero | tr "\\0" x; head -c 300000 /dev/zero | tr "\\0" y >&2; exit 1'));
    const { decision, runs } = await sb.fire('UserPromptSubmit');
    expect(runs[0]?.outcome).toBe('non_blocking_error');
    expect(runs[0]!.stdout.length).toBeLessThan(70 * 1024);
    expect(runs[0]!.stdout).toMatch(/truncated/);
    expect(decision.blocked).toBe(false);
  });

  it('an invalid settings file contributes nothing and does not throw', async ({ expect }) => {
    const sb = new Sandbox();
    mkdirSync(dirname(sb.projectFile), { recursive: true });
    writeFileSync(sb.projectFile, '{ "hooks": { "Stop": [ }');
    sb.user(on('Stop', sb.log('user')));
    const m = sb.manager();
    const { runs } = await sb.fire('Stop', {}, { manager: m });
    expect(runs.map((r) => r.source)).toEqual(['user']);
    const problem = m.snapshot().problems.find((p) => p.file === sb.projectFile);
    expect(problem).toMatchObject({ severity: 'error', line: 1 });
    expect(problem?.message).toMatch(/not valid JSON/);
  });

  it('a bad entry is dropped alone; the rest of the file still loads', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ Stop: [{ hooks: [sb.log('good-1'), { command: '' }, { command: sb.log('good-2'), timeout: -1 }, sb.log('good-3')] }] }, { env: { KEPT: 'yes' } });
    const m = sb.manager();
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['good-1', 'good-3']);
    expect(m.snapshot().settings.env.KEPT).toBe('yes');
    expect(m.snapshot().problems.map((p) => p.path)).toEqual(['hooks.Stop[0].hooks[1].command', 'hooks.Stop[0].hooks[2].timeout']);
  });
});

describe.concurrent('hasHooks and programmatic hooks', () => {
  it('programmatic Stop `echo done` (seed acceptance): hasHooks("Stop") true, runs as a quiet success', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } });
    expect(m.hasHooks('Stop')).toBe(true);
    expect(m.hasHooks('PreToolUse')).toBe(false);
    const { decision, runs } = await sb.fire('Stop', {}, { manager: m });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ source: 'programmatic', file: null, stdout: 'done', outcome: 'success' });
    expect(decision).toMatchObject({ blocked: false, userMessages: [], additionalContext: null });
  });

  it('no hooks anywhere: hasHooks false for every event, fire runs nothing', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager();
    for (const event of Object.keys(EVENTS) as HookEventName[]) expect(m.hasHooks(event)).toBe(false);
    const { decision, runs } = await sb.fire('PreToolUse', {}, { manager: m });
    expect(runs).toEqual([]);
    expect(decision).toMatchObject({ blocked: false, continue: true, permissionDecision: null, userMessages: [] });
  });

  it('hasHooks sees each source', async ({ expect }) => {
    const sb = new Sandbox();
    sb.plugin('p', on('PostCompact', 'true'));
    sb.user(on('SessionStart', 'true'));
    sb.project(on('PreToolUse', 'true'));
    sb.local(on('SessionEnd', 'true'));
    const m = sb.manager();
    expect(['PostCompact', 'SessionStart', 'PreToolUse', 'SessionEnd', 'Stop'].map((e) => m.hasHooks(e as HookEventName))).toEqual([true, true, true, true, false]);
  });

  it('assertValidProgrammaticHooks accepts valid hooks and throws naming the event and the problem', ({ expect }) => {
    expect(() => assertValidProgrammaticHooks({ Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] })).not.toThrow();
    expect(() => assertValidProgrammaticHooks(undefined)).not.toThrow();
    expect(() => assertValidProgrammaticHooks({ Stop: [{ hooks: [{ type: 'command', command: '' }] }] })).toThrow(/Stop.*command.*empty/);
    expect(() => assertValidProgrammaticHooks({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command' }] }] })).toThrow(/PreToolUse\[0\]\.hooks\[0\]\.command.*required/);
    expect(() => assertValidProgrammaticHooks({ Stop: [{ hooks: [{ type: 'http', command: 'x' }] }] })).toThrow(/Stop\[0\]\.hooks\[0\]\.url: url is required/);
    expect(() => assertValidProgrammaticHooks({ Stop: [{ hooks: [{ type: 'webhook', command: 'x' }] }] })).toThrow(/Stop.*type/);
    expect(() => assertValidProgrammaticHooks({ PostToolUse: [{ hooks: [{ command: 'x', timeout: 'soon' }] }] })).toThrow(/PostToolUse.*timeout/);
    expect(() => assertValidProgrammaticHooks({ Stop: 'echo done' })).toThrow(/Stop/);
    expect(() => assertValidProgrammaticHooks('echo done')).toThrow(/hooks/);
  });

  it('invalid programmatic entries are dropped when loading, valid ones still run', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager({ hooks: { Stop: [{ hooks: [{ command: '' }, { command: sb.log('valid') }] }] } });
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['valid']);
    expect(m.snapshot().problems[0]).toMatchObject({ file: '<programmatic>', path: 'hooks.Stop[0].hooks[0].command', severity: 'error' });
  });
});
