// Session-level behaviour end to end (SPEC 5 rows SessionStart, InstructionsLoaded, SessionEnd;
// SPEC 5 system prompt; SPEC 6 transcript; SPEC 7 headless command line: --resume, --settings,
// --output-format stream-json, exit codes; seed 000 stories 6, 7.2, 8): the real `wave -p`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  call,
  cleanupSandboxes,
  ensureBuilt,
  errorTexts,
  group,
  hookRuns,
  modelCalls,
  PROVIDERS,
  readTranscriptBody,
  Sandbox,
  scenario,
  server,
  systemOf,
  textOfMessage,
  transcriptsSeen,
  userTexts,
  wireText,
  type Message,
} from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

const texts = (ms: Message[]) => ms.map((m) => `${m.role}: ${textOfMessage(m)}`).join('\n');

describe.concurrent.each(PROVIDERS)('session over %s', (provider) => {
  it('SessionStart (startup), InstructionsLoaded, SessionEnd; the system prompt lists the hooks and the settings paths', async () => {
    const { sb, run, json, calls } = await scenario({
      provider,
      prompt: 'hello there',
      setup: (sb) => {
        sb.file('AGENTS.md', '# Project rules\nAlways answer briefly.\n');
        sb.userSettingsFile({ hooks: { Stop: [group([{ command: sb.hook('user-stop'), description: 'USER-LEVEL-STOP-HOOK' }])] } });
      },
      settings: (sb) => ({
        hooks: {
          SessionStart: [group([sb.hook('start', { stdout: 'SESSION-START-STDOUT' })])],
          InstructionsLoaded: [group([sb.hook('il', { stdout: 'IL-PLAIN-STDOUT' }), sb.hook('il2', { stderr: 'IL-EXIT2-STDERR', exit: 2 })])],
          UserPromptSubmit: [group([sb.hook('ups')])],
          PreToolUse: [group([{ command: sb.hook('pre'), description: 'PROJECT-PRE-BASH' }], 'Bash')],
          Stop: [group([sb.hook('stop')])],
          SessionEnd: [group([sb.hook('end')])],
        },
      }),
      script: [{ text: 'hi' }],
    });
    expect(run.code).toBe(0);

    // SessionStart: source startup, model; its stdout is hidden context for the model.
    expect(sb.dumps('start')).toEqual([
      expect.objectContaining({
        session_id: json.session_id,
        transcript_path: json.transcript_path,
        cwd: sb.workdir,
        hook_event_name: 'SessionStart',
        source: 'startup',
        model: 'scripted-model',
      }),
    ]);
    expect(userTexts(calls[0]!).join('\n')).toContain('SESSION-START-STDOUT');

    // InstructionsLoaded: file_path and load_reason; nothing of the hooks reaches the model.
    const il = sb.dumps('il');
    expect(il).toHaveLength(1);
    expect(il[0]).toMatchObject({ hook_event_name: 'InstructionsLoaded', file_path: join(sb.workdir, 'AGENTS.md'), session_id: json.session_id });
    expect(typeof il[0]!.load_reason).toBe('string');
    expect(il[0]!.load_reason.length).toBeGreaterThan(0);
    for (const c of calls) {
      const body = JSON.stringify(c.body);
      expect(body).not.toContain('IL-PLAIN-STDOUT');
      expect(body).not.toContain('IL-EXIT2-STDERR');
    }

    // SessionEnd fires at the end of -p with a reason, after everything else.
    const end = sb.dumps('end');
    expect(end).toHaveLength(1);
    expect(end[0]).toMatchObject({ hook_event_name: 'SessionEnd', session_id: json.session_id });
    expect(['clear', 'resume', 'exit', 'other']).toContain(end[0]!.reason);
    expect(sb.order()).toEqual(['il', 'il2', 'start', 'ups', 'user-stop', 'stop', 'end']);

    // The system prompt lists the active hooks (event, matcher, name) and the settings files.
    const system = systemOf(calls[0]!);
    for (const e of ['SessionStart', 'InstructionsLoaded', 'UserPromptSubmit', 'PreToolUse', 'Stop', 'SessionEnd']) expect(system).toContain(e);
    expect(system).toContain('PROJECT-PRE-BASH');
    expect(system).toContain('USER-LEVEL-STOP-HOOK');
    expect(system).toMatch(/PreToolUse[^\n]*Bash[^\n]*PROJECT-PRE-BASH|PreToolUse[^\n]*PROJECT-PRE-BASH[^\n]*Bash/);
    expect(system).toContain(sb.userSettings);
    expect(system).toContain(sb.projectSettings);
    expect(system).not.toContain('SESSION-START-STDOUT');
  });

  it('--resume <session_id>: SessionStart source resume, the earlier conversation goes to the model, and a UserPromptSubmit hook sees it in the transcript [seed 6.2, 7.2]', async () => {
    const sb = new Sandbox();
    sb.settings({
      hooks: {
        SessionStart: [group([sb.hook('start')]), group([sb.hook('start-resume-only')], 'resume')],
        UserPromptSubmit: [group([sb.hook('ups', { body: readTranscriptBody('ups-tx') })])],
        SessionEnd: [group([sb.hook('end')])],
      },
    });
    const s = await server([{ text: 'FIRST-REPLY' }, { text: 'SECOND-REPLY' }]);
    try {
      const first = await scenario({ provider, sandbox: sb, server: s, prompt: 'FIRST-PROMPT' });
      expect(first.run.code).toBe(0);
      const second = await scenario({ provider, sandbox: sb, server: s, prompt: 'SECOND-PROMPT', args: ['--resume', first.json.session_id] });
      expect(second.run.code).toBe(0);
      expect(second.json.session_id).toBe(first.json.session_id);
      expect(second.json.result).toBe('SECOND-REPLY');

      expect(sb.dumps('start').map((d) => d.source)).toEqual(['startup', 'resume']);
      expect(sb.dumps('start-resume-only').map((d) => d.source)).toEqual(['resume']); // SPEC 2: matcher on source
      expect(sb.dumps('end')).toHaveLength(2);
      expect(sb.dumps('ups').map((d) => d.prompt)).toEqual(['FIRST-PROMPT', 'SECOND-PROMPT']);
      expect(sb.dumps('ups')[1]!.session_id).toBe(first.json.session_id);

      // The model gets the whole conversation on resume.
      expect(second.calls).toHaveLength(1);
      const sent = wireText(second.calls[0]!);
      expect(sent).toContain('FIRST-PROMPT');
      expect(sent).toContain('FIRST-REPLY');
      expect(sent.indexOf('FIRST-REPLY')).toBeLessThan(sent.indexOf('SECOND-PROMPT'));

      // The hook of the second prompt reads the earlier conversation from transcript_path; the new
      // prompt is in its stdin.
      const seen = transcriptsSeen(sb, 'ups-tx');
      expect(seen).toHaveLength(2);
      expect(texts(seen[1]!)).toContain('user: FIRST-PROMPT');
      expect(texts(seen[1]!)).toContain('assistant: FIRST-REPLY');
      expect(second.messages.map((m) => m.id).slice(0, first.messages.length)).toEqual(first.messages.map((m) => m.id));
    } finally {
      await s.close();
    }
  });
});

describe.concurrent('session (model-independent)', () => {
  it('the transcript at transcript_path holds .state.messages, and each hook sees the conversation up to that point [seed 6.1, 6.2, 8.1, 8.2]', async () => {
    const { sb, run, json } = await scenario({
      prompt: 'TRANSCRIPT-PROMPT',
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([sb.hook('pre', { body: readTranscriptBody('pre-tx') })])],
          // An async hook first: it is not waited for, but what it reads is as current as for the others.
          PostToolUse: [
            { hooks: [{ type: 'command', command: sb.hook('apost', { body: readTranscriptBody('apost-tx') }), async: true }] },
            group([sb.hook('post', { body: readTranscriptBody('post-tx') })]),
          ],
          Stop: [group([sb.hook('stop', { body: readTranscriptBody('stop-tx') })])],
        },
      }),
      script: [{ text: 'let me look', toolCalls: [{ name: 'Bash', input: { command: 'echo TOOL-OUTPUT' }, id: 'call_b1' }] }, { text: 'FINAL-WORDS' }],
    });
    expect(run.code).toBe(0);
    const [pre] = transcriptsSeen(sb, 'pre-tx');
    const [post] = transcriptsSeen(sb, 'post-tx');
    const [stop] = transcriptsSeen(sb, 'stop-tx');

    // Before the tool: the prompt and the assistant message asking for the tool, no result yet.
    expect(texts(pre!)).toContain('user: TRANSCRIPT-PROMPT');
    const preTool = pre!.flatMap((m) => m.blocks).find((b) => b.type === 'tool')!;
    expect(preTool).toMatchObject({ id: 'call_b1', name: 'Bash' });
    expect(preTool.result).toBeUndefined();
    // After the tool: its result is in.
    const postTool = post!.flatMap((m) => m.blocks).find((b) => b.type === 'tool')!;
    expect(postTool).toMatchObject({ id: 'call_b1', success: true, result: 'TOOL-OUTPUT' });
    expect(texts(post!)).not.toContain('FINAL-WORDS');
    const [asyncPost] = transcriptsSeen(sb, 'apost-tx');
    expect(asyncPost!.flatMap((m) => m.blocks).find((b) => b.type === 'tool')).toMatchObject({ id: 'call_b1', success: true, result: 'TOOL-OUTPUT' });
    // Stop: the final state, with the last answer (seed 8.2).
    expect(texts(stop!)).toContain('assistant: FINAL-WORDS');
    expect(sb.dumps('stop')[0]).toMatchObject({ session_id: json.session_id, transcript_path: json.transcript_path, hook_event_name: 'Stop' });

    // The transcript file itself ends up holding the whole conversation.
    expect(json.transcript_path).toBe(join(sb.home, '.wave', 'sessions', `session_${json.session_id}.json`));
  });

  it('--output-format stream-json prints one JSON object per line, hook_run records included, a result line last', async () => {
    const { run, server: s } = await scenario({
      format: 'stream-json',
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({ hooks: { PreToolUse: [group([sb.hook('pre', { stdout: 'PRE-STDOUT' })])], Stop: [group([sb.hook('stop')])] } }),
      script: [call('Bash', { command: 'echo streamed' }, 'call_b1'), { text: 'streamed answer' }],
    });
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n').filter((l) => l.trim() !== '');
    const objects = lines.map((l) => JSON.parse(l) as Record<string, any>);
    expect(objects.every((o) => typeof o === 'object' && o !== null && typeof o.type === 'string')).toBe(true);
    const hookLines = objects.filter((o) => o.type === 'hook_run');
    expect(hookLines.map((o) => o.run.event)).toEqual(expect.arrayContaining(['PreToolUse', 'Stop']));
    expect(hookLines.find((o) => o.run.event === 'PreToolUse')!.run).toMatchObject({ stdout: 'PRE-STDOUT', outcome: 'success' });
    expect(objects.some((o) => o.type === 'tool_call' && o.name === 'Bash')).toBe(true);
    expect(objects.some((o) => o.type === 'tool_result' && o.result === 'streamed')).toBe(true);
    expect(objects.some((o) => o.type === 'text_delta')).toBe(true);
    const last = objects[objects.length - 1]!;
    expect(last).toMatchObject({ type: 'result', result: 'streamed answer' });
    expect(typeof last.session_id).toBe('string');
    expect(modelCalls(s)).toHaveLength(2);
  });

  it('--settings <json> adds hooks, run before the settings files’ hooks [seed 14.3 from the command line]', async () => {
    const sb = new Sandbox();
    const flag = JSON.stringify({
      hooks: { Stop: [group([sb.hook('flag-stop')])], UserPromptSubmit: [group([sb.hook('flag-ups', { stdout: 'FLAG-CONTEXT' })])] },
    });
    const { run, calls } = await scenario({
      sandbox: sb,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('file-stop')])] } }),
      args: ['--settings', flag],
      script: [{ text: 'ok' }],
    });
    expect(run.code).toBe(0);
    expect(sb.order()).toEqual(['flag-ups', 'flag-stop', 'file-stop']);
    expect(userTexts(calls[0]!).join('\n')).toContain('FLAG-CONTEXT');
  });

  it('"disableAllHooks": true in the user settings turns every hook off (SPEC 1.1)', async () => {
    const { sb, run, messages, calls } = await scenario({
      setup: (sb) => sb.userSettingsFile({ disableAllHooks: true }),
      settings: (sb) => ({
        hooks: {
          SessionStart: [group([sb.hook('start', { stdout: 'MUST-NOT-APPEAR' })])],
          UserPromptSubmit: [group([sb.hook('ups', { stderr: 'no', exit: 2 })])],
          Stop: [group([sb.hook('stop', { stderr: 'no', exit: 2 })])],
          SessionEnd: [group([sb.hook('end')])],
        },
      }),
      script: [{ text: 'unhooked' }],
    });
    expect(run.code).toBe(0);
    expect(sb.order()).toEqual([]);
    expect(hookRuns(messages)).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0]!.body)).not.toContain('MUST-NOT-APPEAR');
  });

  it('exit code 1 with a one-line reason when no model is configured', async () => {
    const sb = new Sandbox();
    sb.settings({ hooks: { SessionStart: [group([sb.hook('start')])] } });
    const run = await sb.run('hello', { baseURL: 'http://127.0.0.1:9/v1', env: { WAVE_MODEL: undefined } });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/model/i);
  });

  it.each(PROVIDERS)('exit code 1 with a one-line reason when the %s server is unreachable', async (provider) => {
    const gone = await server([]);
    const baseURL = provider === 'anthropic' ? gone.anthropicBaseURL : gone.openaiBaseURL;
    await gone.close();
    const sb = new Sandbox();
    sb.settings({ maxRetries: 0 });
    const text = await sb.run('hello', { provider, baseURL, format: 'text' });
    expect(text.code).toBe(1);
    const lines = text.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/unreachable|ECONNREFUSED/);
    const json = await sb.run('hello', { provider, baseURL, format: 'json' });
    expect(json.code).toBe(1);
    expect(json.json!.error).toMatch(/unreachable|ECONNREFUSED/);
    expect(errorTexts(json.json!.messages).some((t) => /unreachable|ECONNREFUSED/.test(t))).toBe(true);
  });
});

describe.concurrent('SessionStart, InstructionsLoaded and SessionEnd answers', () => {
  it('SessionStart JSON additionalContext is hidden context for the model', async () => {
    const { run, messages, calls } = await scenario({
      settings: (sb) => ({
        hooks: {
          SessionStart: [
            group([
              sb.hook('start', { stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'SS-JSON-CONTEXT' } }) }),
            ]),
          ],
        },
      }),
      script: [{ text: 'ok' }],
    });
    expect(run.code).toBe(0);
    expect(userTexts(calls[0]!).join('\n')).toContain('SS-JSON-CONTEXT');
    expect(wireText(calls[0]!)).not.toContain('hookSpecificOutput');
    const hidden = messages.find((m) => m.role === 'user' && textOfMessage(m).includes('SS-JSON-CONTEXT'))!;
    expect(hidden.isMeta).toBe(true);
    expect(hidden.blocks.every((b) => b.type !== 'text' || b.source === 'hook')).toBe(true);
  });

  // SPEC 4: a non-blocking error's stderr "is shown to the user; execution continues"; seed 13.1:
  // "任何 hook 返回除 0 或 2 以外的退出码并带有 stderr 内容 … stderr 显示给用户". SPEC 5: SessionStart
  // exit 2 → "stderr to the user only". The agent records the run but shows nothing for the
  // session-level events (agent.ts start()/destroy() never pass decision.userMessages on).
  const userOnly = (event: 'SessionStart' | 'SessionEnd' | 'InstructionsLoaded', exit: number) => async () => {
    const stderr = `${event.toUpperCase()}-EXIT${exit}-STDERR`;
    const { run, json, messages, calls } = await scenario({
      setup: (sb) => sb.file('AGENTS.md', 'Be brief.\n'),
      settings: (sb) => ({ hooks: { [event]: [group([sb.hook('h', { stdout: 'IGNORED-STDOUT', stderr, exit })])] } }),
      script: [{ text: 'still answered' }],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('still answered'); // execution continues
    expect(JSON.stringify(calls[0]!.body)).not.toContain('IGNORED-STDOUT');
    expect(JSON.stringify(calls[0]!.body)).not.toContain(stderr);
    expect(hookRuns(messages).find((r) => r.event === event && r.exitCode === exit)).toBeDefined();
    expect(errorTexts(messages).some((t) => t.includes(stderr))).toBe(true);
  };
  it('SessionStart exit 1: the stderr is shown to the user (error block) [seed 13.1]', userOnly('SessionStart', 1));
  it('SessionStart exit 2: the stderr is shown to the user only (error block)', userOnly('SessionStart', 2));
  it('SessionEnd exit 1: the stderr is shown to the user (error block) [seed 13.1]', userOnly('SessionEnd', 1));
  it('InstructionsLoaded exit 1: the stderr is shown to the user (error block) [seed 13.1]', userOnly('InstructionsLoaded', 1));
});
