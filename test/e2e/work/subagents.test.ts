// Subagents end to end (SPEC 5 rows SubagentStart / SubagentStop, "tool hooks also run for tools
// called by subagents", the subagent fields of every payload; SPEC 6 Task; seed 000 SubagentStop
// exit 2 "阻止停止（子代理继续）", story "末条助手消息" 2): the real `wave -p` process, in both wire
// formats, with the scripted model answering the main agent and the subagent from separate queues.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, call, cleanupSandboxes, ensureBuilt, errorTexts, group, PROVIDERS, Sandbox, scenario, sq, systemOf, userTexts } from '../harness.js';
import { BYPASS, router, SETTLE_ENV, toolNamesOf, toolResults, waitFile } from './harness-work.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

describe.concurrent.each(PROVIDERS)('subagents over %s', (provider) => {
  it('Task in the foreground: tool hooks inside get subagent_type / agent_type / agent_id; SubagentStart JSON additionalContext reaches the subagent; SubagentStop gets last_assistant_message and exit 2 once makes the subagent continue with the feedback; the main Stop fires once, for the main agent only', async () => {
    const r = router({
      main: [
        call('Agent', { description: 'look around', prompt: 'SUB-PROMPT find the config', subagent_type: 'general-purpose' }, 'call_task'),
        { text: 'MAIN-DONE' },
      ],
      'sub:general-purpose': [call('Bash', { command: 'echo from-sub' }, 'call_subbash'), { text: 'SUB-FIRST' }, { text: 'SUB-FINAL' }],
    });
    const startCtx = answer({ hookSpecificOutput: { hookEventName: 'SubagentStart', additionalContext: 'SUBSTART-CTX remember the codeword' } });
    const { sb, run, json, messages } = await scenario({
      provider,
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([sb.hook('pre')])],
          PostToolUse: [group([sb.hook('post')])],
          SubagentStart: [group([sb.hook('substart', { stdout: startCtx })])],
          SubagentStop: [group([sb.hook('substop', { body: `if [ "$n" = 0 ]; then printf '%s' 'SUBSTOP-MORE check twice' >&2; exit 2; fi` })])],
          Stop: [group([sb.hook('stop')])],
          UserPromptSubmit: [group([sb.hook('ups')])],
          SessionStart: [group([sb.hook('start')])],
        },
      }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('MAIN-DONE');
    // SessionStart and UserPromptSubmit belong to the visible conversation only (SPEC 5).
    expect(sb.dumps('ups').map((d) => d.prompt)).toEqual(['hello']);
    expect(sb.dumps('start')).toHaveLength(1);
    expect(r.log.map((c) => c.role)).toEqual(['main', 'sub:general-purpose', 'sub:general-purpose', 'sub:general-purpose', 'main']);

    // Tool hooks: the main agent's Task call has no agent fields, the subagent's Bash has them all.
    const pre = sb.dumps('pre');
    expect(pre.map((p) => p.tool_name)).toEqual(['Agent', 'Bash']);
    expect(pre[0]).not.toHaveProperty('agent_id');
    expect(pre[0]).not.toHaveProperty('subagent_type');
    expect(pre[1]).toMatchObject({
      session_id: json.session_id,
      hook_event_name: 'PreToolUse',
      tool_input: { command: 'echo from-sub' },
      subagent_type: 'general-purpose',
      agent_type: 'general-purpose',
      agent_id: expect.any(String),
    });
    const agentId = pre[1]!.agent_id as string;
    expect(agentId).not.toBe('');
    const post = sb.dumps('post');
    expect(post.map((p) => p.tool_name)).toEqual(['Bash', 'Agent']);
    expect(post[0]).toMatchObject({ subagent_type: 'general-purpose', agent_type: 'general-purpose', agent_id: agentId });

    // SubagentStart: payload, and its additionalContext is in the subagent's first request (only).
    const start = sb.dumps('substart');
    expect(start).toHaveLength(1);
    expect(start[0]).toMatchObject({ hook_event_name: 'SubagentStart', subagent_type: 'general-purpose', agent_type: 'general-purpose', agent_id: agentId });
    const sub = r.of('sub');
    expect(userTexts(sub[0]!).join('\n')).toContain('SUBSTART-CTX remember the codeword');
    expect(userTexts(sub[0]!).join('\n')).toContain('SUB-PROMPT find the config');
    expect(systemOf(sub[0]!)).toMatch(/subagent/i);
    for (const m of r.of('main')) expect(JSON.stringify(m.body)).not.toContain('SUBSTART-CTX');

    // SubagentStop: exit 2 once → one more subagent request carrying the feedback.
    const stops = sb.dumps('substop');
    expect(stops).toHaveLength(2);
    expect(stops[0]).toMatchObject({
      hook_event_name: 'SubagentStop',
      stop_hook_active: false,
      last_assistant_message: 'SUB-FIRST',
      subagent_type: 'general-purpose',
      agent_type: 'general-purpose',
      agent_id: agentId,
    });
    expect(stops[1]).toMatchObject({ stop_hook_active: true, last_assistant_message: 'SUB-FINAL', agent_type: 'general-purpose' });
    expect(userTexts(sub[2]!).join('\n')).toContain('SUBSTOP-MORE check twice');
    expect(userTexts(sub[1]!).join('\n')).not.toContain('SUBSTOP-MORE');

    // The main agent got the subagent's final answer as the Task result.
    const taskResult = toolResults(r.of('main')[1]!).find((t) => t.id === 'call_task')!;
    expect(taskResult.isError).toBe(false);
    expect(taskResult.content).toContain('SUB-FINAL');

    // The main Stop fired once (not for the subagent's stops), without agent fields.
    const stop = sb.dumps('stop');
    expect(stop).toHaveLength(1);
    expect(stop[0]).toMatchObject({ last_assistant_message: 'MAIN-DONE', background_tasks: [], session_crons: [] });
    expect(stop[0]).not.toHaveProperty('agent_id');
    expect(errorTexts(messages)).toEqual([]);
  });

  it('a .wave/agents/reviewer.md definition limits the tools (the subagent request lists only those) and its body reaches the subagent system prompt; an unknown subagent_type is a tool error listing the types', async () => {
    const r = router({
      main: [
        call('Agent', { description: 'bad type', prompt: 'x', subagent_type: 'no-such-agent' }, 'call_bad'),
        call('Agent', { description: 'review it', prompt: 'REVIEW-PROMPT', subagent_type: 'reviewer' }, 'call_review'),
        { text: 'MAIN-DONE' },
      ],
      'sub:reviewer': [{ text: 'LGTM-REVIEW' }],
    });
    const { sb, run } = await scenario({
      provider,
      args: BYPASS,
      env: SETTLE_ENV,
      setup: (sb) => {
        sb.file(
          '.wave/agents/reviewer.md',
          '---\nname: reviewer\ndescription: Reviews changes\ntools: Read, Grep\n---\nREVIEWER-BODY: you review code carefully and never edit.\n',
        );
      },
      settings: (sb) => ({
        hooks: { SubagentStart: [group([sb.hook('substart')])], SubagentStop: [group([sb.hook('substop')])], Stop: [group([sb.hook('stop')])] },
      }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const main = r.of('main');
    const bad = toolResults(main[1]!).find((t) => t.id === 'call_bad')!;
    expect(bad.isError).toBe(true);
    expect(bad.content).toContain('no-such-agent');
    expect(bad.content).toContain('general-purpose');
    expect(bad.content).toContain('reviewer');

    const sub = r.of('sub:reviewer');
    expect(sub).toHaveLength(1);
    expect(toolNamesOf(sub[0]!)).toEqual(['Grep', 'Read']);
    expect(systemOf(sub[0]!)).toContain('REVIEWER-BODY: you review code carefully and never edit.');
    expect(userTexts(sub[0]!).join('\n')).toContain('REVIEW-PROMPT');
    // The main agent keeps all its tools.
    expect(toolNamesOf(main[0]!)).toEqual(expect.arrayContaining(['Bash', 'Agent', 'Read', 'Write']));

    expect(sb.dumps('substart').map((d) => d.agent_type)).toEqual(['reviewer']); // none for the unknown type
    expect(sb.dumps('substop')).toMatchObject([{ agent_type: 'reviewer', last_assistant_message: 'LGTM-REVIEW' }]);
    expect(toolResults(main[2]!).find((t) => t.id === 'call_review')!.content).toContain('LGTM-REVIEW');
    expect(sb.dumps('stop')).toHaveLength(1);
  });
});

describe.concurrent('subagents (model-independent)', () => {
  it('the SubagentStop loop guard, per subagent run: a subagent that makes a tool call while it retries and a SubagentStop hook that always blocks: exactly 8 SubagentStop runs (false, then true), then the Task returns and the main Stop starts at false', async () => {
    const r = router({
      main: [call('Agent', { description: 'retry', prompt: 'SUB-RETRY', subagent_type: 'general-purpose' }, 'call_task'), { text: 'MAIN-DONE' }],
      'sub:general-purpose': (_req, i) => (i % 2 === 0 ? call('Bash', { command: `echo sub-retry ${i}` }) : { text: `SUB-ANSWER ${(i + 1) / 2}` }),
    });
    const { sb, run, json } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({
        hooks: {
          SubagentStop: [group([sb.hook('substop', { stderr: 'sub not done', exit: 2 })])],
          Stop: [group([sb.hook('stop')])],
        },
      }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('MAIN-DONE');
    expect(sb.dumps('substop').map((s) => s.stop_hook_active)).toEqual([false, true, true, true, true, true, true, true]);
    expect(r.of('sub')).toHaveLength(16);
    expect(sb.dumps('stop').map((s) => s.stop_hook_active)).toEqual([false]);
  });

  it('SubagentStart / SubagentStop matchers test agent_type; a SubagentStop JSON decision "block" also makes the subagent continue', async () => {
    const r = router({
      main: [call('Agent', { description: 'r', prompt: 'P', subagent_type: 'reviewer' }), { text: 'MAIN-DONE' }],
      'sub:reviewer': [{ text: 'FIRST' }, { text: 'SECOND' }],
    });
    const { sb, run } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      setup: (sb) => {
        sb.file('.wave/agents/reviewer.md', '---\nname: reviewer\ndescription: r\n---\nBody.\n');
      },
      settings: (sb) => ({
        hooks: {
          SubagentStart: [group([sb.hook('start-other')], 'general-purpose'), group([sb.hook('start-rev')], 'reviewer')],
          SubagentStop: [
            group([sb.hook('stop-other')], 'general-purpose'),
            group([sb.hook('stop-rev', { body: `if [ "$n" = 0 ]; then printf '%s' ${sq(answer({ decision: 'block', reason: 'JSON-BLOCK-REASON' }))}; fi` })], 'reviewer'),
          ],
        },
      }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(sb.dumps('start-other')).toEqual([]);
    expect(sb.dumps('stop-other')).toEqual([]);
    expect(sb.dumps('start-rev')).toHaveLength(1);
    expect(sb.dumps('stop-rev').map((d) => d.last_assistant_message)).toEqual(['FIRST', 'SECOND']);
    expect(userTexts(r.of('sub')[1]!).join('\n')).toContain('JSON-BLOCK-REASON');
  });

  it('a background subagent whose model request fails: the notification says it failed, a new cycle runs and Stop fires again with []', async () => {
    const sb0 = new Sandbox();
    const r = router({
      main: [call('Agent', { description: 'doomed', prompt: 'P', run_in_background: true }, 'c_task'), { text: 'WAITING' }, { text: 'SAW-FAILURE' }],
      sub: [async () => (await waitFile(sb0.outFile('stop-0.json')), { error: { status: 400, message: 'SUB-MODEL-REJECTED' } })],
    });
    const { sb, run } = await scenario({
      sandbox: sb0,
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(sb.dumps('stop').map((s) => s.background_tasks.length)).toEqual([1, 0]);
    const note = userTexts(r.of('main')[2]!).join('\n');
    expect(note).toMatch(/fail/i);
    expect(note).toContain('SUB-MODEL-REJECTED');
  });

  // A definition's `model` (front matter, "inherit" = the session's) names the model its requests
  // use: Agent has `modelFor` for it, but `wave -p` (cli/print.ts) never passes one, so
  // Agent.modelFor() falls back to the session's model and the field is silently ignored.
  it('a definition with `model: other-model` sends the subagent requests to that model', async () => {
    const r = router({ main: [call('Agent', { description: 'd', prompt: 'P', subagent_type: 'fast' }), { text: 'DONE' }], 'sub:fast': [{ text: 'FAST-DONE' }] });
    const { run } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      setup: (sb) => {
        sb.file('.wave/agents/fast.md', '---\nname: fast\ndescription: quick\nmodel: other-model\n---\nBe quick.\n');
      },
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(r.of('main')[0]!.body.model).toBe('scripted-model');
    expect(r.of('sub:fast')[0]!.body.model).toBe('other-model');
  });

  it('SubagentStart exit 2: the stderr goes to the user only (an error block), the subagent still runs', async () => {
    const r = router({ main: [call('Agent', { description: 'd', prompt: 'P' }), { text: 'MAIN-DONE' }], sub: [{ text: 'SUB-OK' }] });
    const { run, messages } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { SubagentStart: [group([sb.hook('substart', { stderr: 'SUBSTART-STDERR', exit: 2 })])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(r.of('sub')).toHaveLength(1);
    expect(errorTexts(messages).join('\n')).toContain('SUBSTART-STDERR');
    for (const c of r.log) expect(JSON.stringify(c.req.body)).not.toContain('SUBSTART-STDERR');
  });
});
