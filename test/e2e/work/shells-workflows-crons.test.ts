// Background shells (BashOutput, KillShell), workflows and cron jobs end to end (SPEC 5 Stop
// `background_tasks` / `session_crons`, "tool hooks also run for tools called by ... workflow steps";
// SPEC 6 Bash run_in_background, BashOutput, KillShell, CronCreate / CronList / CronDelete, Workflow;
// SPEC 7 `wave -p` waits for shells, subagents and workflows, not for crons).
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, group, PROVIDERS, Sandbox, scenario, sq, textOfMessage, userMessages, userTexts } from '../harness.js';
import { BYPASS, lastUserText, router, SETTLE_ENV, shWait, toolResults, waitFile } from './harness-work.js';
import { finalAnswer } from './harness-work.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

const shellId = (text: string) => /\b(bash_\d+|[a-z]+_\d+)\b/.exec(text)?.[1] ?? '';

describe.concurrent('background shells', () => {
  it('BashOutput reads new output and the status; KillShell kills the whole command (the run does not wait for `sleep 600`), a killed shell is not listed at Stop; unknown ids are tool errors naming the known shells', async () => {
    let id = '';
    const sb0 = new Sandbox();
    const ready = sb0.outFile('first-line-written');
    const r = router({
      main: [
        call('Bash', { command: `echo first-line; touch ${sq(ready)}; sleep 600; echo never-printed`, run_in_background: true }, 'c1'),
        async (req) => {
          id = shellId(toolResults(req).find((t) => t.id === 'c1')!.content);
          await waitFile(ready);
          return call('BashOutput', { bash_id: id }, 'c2');
        },
        () => call('KillShell', { shell_id: id }, 'c3'),
        () => call('BashOutput', { bash_id: id }, 'c4'),
        call('KillShell', { shell_id: 'bash_999' }, 'c5'),
        { text: 'KILLED-IT' },
      ],
    });
    const { sb, run } = await scenario({
      sandbox: sb0,
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])], PreToolUse: [group([sb.hook('pre')], 'BashOutput|KillShell')] } }),
      script: r.script,
    });
    expect(run.code).toBe(0); // it did not wait for the `sleep 600` (the run's hang limit would have killed it)
    const main = r.of('main');
    expect(main).toHaveLength(6);
    const res = (i: number, cid: string) => toolResults(main[i]!).find((t) => t.id === cid)!;
    expect(res(2, 'c2').content).toContain('first-line');
    expect(res(2, 'c2').content).toMatch(/running/);
    expect(res(3, 'c3').isError).toBe(false);
    expect(res(3, 'c3').content).toContain(id);
    expect(res(4, 'c4').content).toMatch(/killed/);
    expect(res(4, 'c4').content).not.toContain('never-printed');
    expect(res(5, 'c5').isError).toBe(true);
    expect(res(5, 'c5').content).toContain('bash_999');
    expect(res(5, 'c5').content).toContain(id);
    // The kill was told to the model within the turn; nothing is running at Stop.
    expect(sb.dumps('stop')).toHaveLength(1);
    expect(sb.dumps('stop')[0]!.background_tasks).toEqual([]);
    expect(sb.dumps('pre').map((p) => [p.tool_name, p.tool_input])).toEqual([
      ['BashOutput', { bash_id: id }],
      ['KillShell', { shell_id: id }],
      ['BashOutput', { bash_id: id }],
      ['KillShell', { shell_id: 'bash_999' }],
    ]);
  });

  it('a failing background command: the notification says it failed with its exit code, Stop fires again with []', async () => {
    const sb0 = new Sandbox();
    const r = router({
      main: [call('Bash', { command: `${shWait(sb0.outFile('stop-0.json'))}; echo oops >&2; exit 7`, run_in_background: true }), { text: 'A' }, { text: 'B' }],
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
    expect(lastUserText(r.of('main')[2]!)).toMatch(/exit code 7/);
  });
});

describe.concurrent.each(PROVIDERS)('workflows over %s', (provider) => {
  it('.wave/workflows/release.md with 2 steps: Workflow starts it in the background (Stop lists {type "workflow", name}), the steps reach the model in order, tool hooks run for the steps with the agent fields, the completion notification starts a new cycle', async () => {
    const sb0 = new Sandbox();
    const r = router({
      main: [call('Workflow', { name: 'release' }, 'call_wf'), { text: 'WF-STARTED' }, { text: 'WF-SEEN' }],
      sub: [
        // The first step answers once the main turn has ended (Stop fired), so Stop sees it running.
        async () => (await waitFile(sb0.outFile('stop-0.json')), call('Bash', { command: 'echo step-one-ran' }, 'call_s1')),
        { text: 'STEP-1-DONE' },
        { text: 'STEP-2-DONE' },
      ],
    });
    const { sb, run, json } = await scenario({
      sandbox: sb0,
      provider,
      args: BYPASS,
      env: SETTLE_ENV,
      setup: (sb) => {
        sb.file(
          '.wave/workflows/release.md',
          '---\ndescription: Release the thing\n---\n# Release\n\n1. RELEASE-STEP-ONE bump the version\n2. RELEASE-STEP-TWO write the changelog\n',
        );
      },
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([sb.hook('pre')])],
          PostToolUse: [group([sb.hook('post')], 'Bash')],
          Stop: [group([sb.hook('stop')])],
          SubagentStop: [group([sb.hook('substop')])],
        },
      }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe(finalAnswer(json.messages)); // the answer after the background cycle, not the first 'WF-STARTED'
    const main = r.of('main');
    const started = toolResults(main[1]!).find((t) => t.id === 'call_wf')!;
    expect(started.isError).toBe(false);

    const stop = sb.dumps('stop');
    expect(stop).toHaveLength(2);
    expect(stop[0]!.background_tasks).toEqual([{ id: expect.any(String), type: 'workflow', status: 'running', name: 'release', description: expect.any(String) }]);
    const wfId = stop[0]!.background_tasks[0].id as string;
    expect(started.content).toContain(wfId);
    expect(stop[1]).toMatchObject({ background_tasks: [], last_assistant_message: 'WF-SEEN' });

    // The steps' prompts, in order, in one subagent conversation.
    const sub = r.of('sub');
    expect(sub).toHaveLength(3);
    expect(lastUserText(sub[0]!)).toContain('RELEASE-STEP-ONE bump the version');
    expect(userTexts(sub[0]!).join('\n')).not.toContain('RELEASE-STEP-TWO');
    expect(lastUserText(sub[2]!)).toContain('RELEASE-STEP-TWO write the changelog');
    const s2 = userTexts(sub[2]!).join('\n');
    expect(s2.indexOf('RELEASE-STEP-ONE')).toBeLessThan(s2.indexOf('RELEASE-STEP-TWO'));

    // Tool hooks for the step's Bash, with the agent fields of the workflow's subagent.
    const pre = sb.dumps('pre');
    expect(pre.map((p) => p.tool_name)).toEqual(['Workflow', 'Bash']);
    expect(pre[0]).not.toHaveProperty('agent_id');
    expect(pre[1]).toMatchObject({ tool_input: { command: 'echo step-one-ran' }, agent_id: wfId, agent_type: 'general-purpose', subagent_type: 'general-purpose' });
    expect(sb.dumps('post')[0]).toMatchObject({ agent_id: wfId, tool_response: expect.objectContaining({ stdout: 'step-one-ran' }) });
    expect(sb.dumps('substop').length).toBeGreaterThanOrEqual(1);
    expect(sb.dumps('substop').every((d) => d.agent_id === wfId && !('background_tasks' in d))).toBe(true);

    // The completion notification reached the main agent (new cycle), naming the workflow.
    const note = userTexts(main[2]!).join('\n');
    expect(note).toContain('release');
    expect(note).toContain('STEP-2-DONE');
    expect(sb.order().filter((l) => l === 'stop' || l === 'substop').at(-1)).toBe('stop');
  });
});

describe.concurrent('workflows (model-independent)', () => {
  it('an unknown workflow name is a tool error naming the known workflows; nothing is left running', async () => {
    const r = router({ main: [call('Workflow', { name: 'nope' }, 'c1'), { text: 'DONE' }] });
    const { sb, run } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      setup: (sb) => {
        sb.file('.wave/workflows/release.md', '1. one\n2. two\n');
      },
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const res = toolResults(r.of('main')[1]!)[0]!;
    expect(res.isError).toBe(true);
    expect(res.content).toContain('nope');
    expect(res.content).toContain('release');
    expect(sb.dumps('stop')[0]!.background_tasks).toEqual([]);
  });
});

describe.concurrent('cron jobs', () => {
  it('CronCreate "* * * * * *": Stop lists it in session_crons {id, schedule, recurring, prompt}; CronList shows it; while a background shell keeps the run alive the due prompt is sent as a user turn when the agent is idle; CronDelete removes it and the next Stop has session_crons []', async () => {
    let cronId = '';
    let deleted = false;
    const sb0 = new Sandbox();
    const deletedFile = sb0.outFile('cron-deleted');
    const keepAlive = `${shWait(deletedFile)}; sleep 0.3`;
    const r = router({
      main: (req, i) => {
        const last = lastUserText(req);
        if (i === 0) {
          return {
            toolCalls: [
              { id: 'c_create', name: 'CronCreate', input: { schedule: '* * * * * *', prompt: 'CRON-TICK run the checks', recurring: true } },
              // Keeps the run alive until the due prompt came and the job was deleted.
              { id: 'c_sleep', name: 'Bash', input: { command: keepAlive, run_in_background: true } },
            ],
          };
        }
        if (i === 1) {
          cronId = /\b(cron_\d+|[a-z]+_\d+)\b/.exec(toolResults(req).find((t) => t.id === 'c_create')!.content)?.[1] ?? '';
          return call('CronList', {}, 'c_list');
        }
        if (i === 2) return { text: 'SCHEDULED' };
        if (last.includes('CRON-TICK') && !deleted) {
          deleted = true;
          writeFileSync(deletedFile, '');
          return call('CronDelete', { id: cronId }, 'c_delete');
        }
        return { text: `REPLY-${i}` };
      },
    });
    const { sb, run, json, messages } = await scenario({
      sandbox: sb0,
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])], PreToolUse: [group([sb.hook('pre')], 'Cron.*')] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe(finalAnswer(json.messages)); // the answer after the background cycle, not the first 'SCHEDULED'
    const main = r.of('main');
    expect(cronId).not.toBe('');
    expect(toolResults(main[2]!).find((t) => t.id === 'c_list')!.content).toContain(cronId);

    const stop = sb.dumps('stop');
    expect(stop[0]!.session_crons).toEqual([{ id: cronId, schedule: '* * * * * *', recurring: true, prompt: 'CRON-TICK run the checks' }]);
    expect(stop[0]!.background_tasks).toMatchObject([{ type: 'shell', command: keepAlive }]);

    // The due prompt came as a user turn of its own, after the first turn had ended.
    const tickReq = main.findIndex((m) => lastUserText(m).includes('CRON-TICK run the checks'));
    expect(tickReq).toBeGreaterThan(2);
    expect(userMessages(messages).some((m) => textOfMessage(m) === 'CRON-TICK run the checks')).toBe(true);
    expect(sb.dumps('pre').map((p) => p.tool_name)).toEqual(['CronCreate', 'CronList', 'CronDelete']);
    const del = main.find((m) => toolResults(m).some((t) => t.id === 'c_delete'))!;
    expect(toolResults(del).find((t) => t.id === 'c_delete')!.isError).toBe(false);

    // After the delete no Stop lists the job; the last Stop (after the shell finished) has neither.
    const afterDelete = stop.findIndex((s) => s.last_assistant_message !== 'SCHEDULED' && s.session_crons.length === 0);
    expect(afterDelete).toBeGreaterThan(0);
    for (const s of stop.slice(afterDelete)) expect(s.session_crons).toEqual([]);
    expect(stop.at(-1)).toMatchObject({ session_crons: [], background_tasks: [] });
  });

  // (Whether Stop lists the job before it fires is scenario 5's business: an every-second job may
  // fire before the first Stop, so it is not asserted here.)
  it('a one-shot job (recurring false) "* * * * * *" fires once at its next match (not every second) and is then gone from session_crons', async () => {
    const sb0 = new Sandbox();
    const fired = sb0.outFile('one-shot-fired');
    const r = router({
      main: (req, i) => {
        if (i === 0) {
          return {
            toolCalls: [
              { id: 'c_create', name: 'CronCreate', input: { schedule: '* * * * * *', prompt: 'ONE-SHOT-PROMPT', recurring: false } },
              // Keeps the run alive for two more seconds after the job fired.
              { id: 'c_wait', name: 'Bash', input: { command: `${shWait(fired)}; sleep 2.2`, run_in_background: true } },
            ],
          };
        }
        if (lastUserText(req).includes('ONE-SHOT-PROMPT')) writeFileSync(fired, '');
        return { text: `REPLY-${i}` };
      },
    });
    const { sb, run, messages } = await scenario({
      sandbox: sb0,
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const stop = sb.dumps('stop');
    expect(toolResults(r.of('main')[1]!).find((t) => t.id === 'c_create')!.isError).toBe(false);
    // Fired exactly once, even though the run went on for two more seconds.
    expect(userMessages(messages).filter((m) => textOfMessage(m) === 'ONE-SHOT-PROMPT')).toHaveLength(1);
    const firedTurn = r.log.findIndex((c) => c.role === 'main' && lastUserText(c.req).includes('ONE-SHOT-PROMPT'));
    expect(firedTurn).toBeGreaterThan(0);
    // Every Stop from the job's own turn on has no cron left.
    expect(stop.length).toBeGreaterThanOrEqual(2);
    expect(stop.at(-1)!.session_crons).toEqual([]);
    expect(stop.at(-2)!.session_crons).toEqual([]);
  });

  it('`wave -p` does not wait for a cron job by itself: with only a far-away job the run ends right after the turn', async () => {
    const r = router({ main: [call('CronCreate', { schedule: '*/30 * * * *', prompt: 'LATER' }), { text: 'OK' }] });
    const { sb, run } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0); // it ended: a wait for the job (every 30 min) would have met the run's hang limit
    expect(r.of('main')).toHaveLength(2); // the job never ran
    expect(sb.dumps('stop')).toHaveLength(1);
    expect(sb.dumps('stop')[0]!.session_crons).toMatchObject([{ schedule: '*/30 * * * *', recurring: true, prompt: 'LATER' }]);
  });
});
