// Stop end to end (SPEC 5 row Stop, the loop guard and the cap of 8; SPEC 4 plain stdout; seed 000
// stories 3, 8, 12.4): the real `wave -p` process against the scripted model in both wire formats.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  call,
  cleanupSandboxes,
  ensureBuilt,
  errorTexts,
  group,
  hookRuns,
  PROVIDERS,
  REPO,
  scenario,
  sq,
  textOfMessage,
  userMessages,
  userTexts,
} from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

describe.concurrent.each(PROVIDERS)('Stop over %s', (provider) => {
  it('exit 2 once: stdin stop_hook_active false then true, last_assistant_message, empty background arrays; a user-role message holds the stderr and the model is called again [seed 12.4, 3.1]', async () => {
    const { sb, run, json, messages, calls } = await scenario({
      provider,
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          Stop: [group([sb.hook('stop', { body: `if [ "$n" = 0 ]; then printf '%s' 'stop-exit2 keep going' >&2; exit 2; fi` })])],
        },
      }),
      script: [call('Bash', { command: 'echo step' }, 'call_b1'), { text: 'first answer' }, { text: 'second answer' }],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('second answer');

    const stop = sb.dumps('stop');
    expect(stop).toHaveLength(2); // not after the tool step: only when the model stopped calling tools
    expect(stop[0]).toMatchObject({
      session_id: json.session_id,
      transcript_path: json.transcript_path,
      cwd: sb.workdir,
      hook_event_name: 'Stop',
      stop_hook_active: false,
      last_assistant_message: 'first answer',
      background_tasks: [],
      session_crons: [],
    });
    expect(stop[1]).toMatchObject({ stop_hook_active: true, last_assistant_message: 'second answer', background_tasks: [], session_crons: [] });

    // SPEC 6: a user-role message holding the stderr, between the two answers.
    const first = messages.findIndex((m) => m.role === 'assistant' && textOfMessage(m) === 'first answer');
    const feedback = messages.findIndex((m) => m.role === 'user' && textOfMessage(m).includes('stop-exit2 keep going'));
    const second = messages.findIndex((m) => m.role === 'assistant' && textOfMessage(m) === 'second answer');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(feedback).toBeGreaterThan(first);
    expect(second).toBeGreaterThan(feedback);

    expect(calls).toHaveLength(3);
    expect(userTexts(calls[2]!).join('\n')).toContain('stop-exit2 keep going');
    expect(userTexts(calls[1]!).join('\n')).not.toContain('stop-exit2 keep going');
  });

  it('a hook that always blocks: the turn ends after 8 consecutive blocks with an error block telling the user', async () => {
    const { sb, run, json, messages, calls } = await scenario({
      provider,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop', { stderr: 'never done', exit: 2 })])] } }),
      script: Array.from({ length: 12 }, (_, i) => ({ text: `answer ${i + 1}` })),
    });
    expect(run.code).toBe(0);
    const stop = sb.dumps('stop');
    expect(stop).toHaveLength(8);
    expect(stop.map((s) => s.stop_hook_active)).toEqual([false, true, true, true, true, true, true, true]);
    expect(calls).toHaveLength(8);
    expect(json.result).toBe('answer 8');
    const errors = errorTexts(messages);
    expect(errors.some((t) => /\b8\b/.test(t) && /stop/i.test(t))).toBe(true);
  });

});

/** A model that retries forever: a tool call, then a text answer, then a tool call again... */
const retryingForever = (n: number) =>
  Array.from({ length: n }, (_, i) => (i % 2 === 0 ? call('Bash', { command: `echo retry ${i}` }) : { text: `answer ${(i + 1) / 2}` }));

describe.concurrent('Stop loop guard', () => {
  it('a Stop hook that always blocks and a model that makes a tool call while it retries: exactly 8 Stop runs, stop_hook_active false then true, and wave -p ends by itself', async () => {
    const { sb, run, json, messages, calls } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop', { stderr: 'not done yet', exit: 2 })])] } }),
      script: retryingForever(60),
    });
    expect(run.code).toBe(0);
    const stop = sb.dumps('stop');
    expect(stop).toHaveLength(8);
    expect(stop.map((s) => s.stop_hook_active)).toEqual([false, true, true, true, true, true, true, true]);
    expect(calls).toHaveLength(16); // 8 × (a tool call, then a text answer)
    expect(json.result).toBe('answer 8');
    expect(errorTexts(messages).some((t) => /Stop hook blocked the turn from ending 8 times/.test(t))).toBe(true);
  });

  it("docs/hooks.md's stop-until-tests-pass example with failing tests and a model that makes a tool call while it retries: Stop fires twice (false, then true) and the run ends", async () => {
    const example = join(REPO, 'docs', 'examples', 'hooks', 'stop-until-tests-pass.sh');
    const { sb, run, calls } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        env: { TEST_CMD: 'echo "1 test failed"; false' },
        hooks: { Stop: [group([sb.hook('stop', { body: `sh ${sq(example)} < "$f"; exit $?` })])] },
      }),
      script: retryingForever(60),
    });
    expect(run.code).toBe(0);
    expect(sb.dumps('stop').map((s) => s.stop_hook_active)).toEqual([false, true]);
    expect(calls).toHaveLength(4);
    expect(userTexts(calls[2]!).join('\n')).toContain('The tests fail; fix them before you finish.');
    expect(userTexts(calls[2]!).join('\n')).toContain('1 test failed');
  });

  it('a new user prompt resets the guard: the first Stop of the next turn has stop_hook_active false', async () => {
    const first = await scenario({
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop', { body: `if [ "$n" = 0 ]; then echo again >&2; exit 2; fi` })])] } }),
      script: [{ text: 'one' }, { text: 'two' }],
    });
    expect(first.sb.dumps('stop').map((s) => s.stop_hook_active)).toEqual([false, true]);
    const second = await scenario({ sandbox: first.sb, prompt: 'next', args: ['--resume', first.json.session_id], script: [{ text: 'three' }] });
    expect(second.run.code).toBe(0);
    expect(first.sb.dumps('stop').map((s) => s.stop_hook_active)).toEqual([false, true, false]);
  });
});

describe.concurrent('Stop (model-independent)', () => {
  it('JSON decision "block" once: the reason reaches the model as a user message', async () => {
    const { sb, run, calls, messages } = await scenario({
      settings: (sb) => ({
        hooks: { Stop: [group([sb.hook('stop', { body: `if [ "$n" = 0 ]; then printf '%s' ${sq(answer({ decision: 'block', reason: 'keep going please' }))}; fi` })])] },
      }),
      script: [{ text: 'first answer' }, { text: 'second answer' }],
    });
    expect(run.code).toBe(0);
    expect(sb.dumps('stop')).toHaveLength(2);
    expect(calls).toHaveLength(2);
    expect(userTexts(calls[1]!).join('\n')).toContain('keep going please');
    expect(userMessages(messages).some((m) => textOfMessage(m).includes('keep going please'))).toBe(true);
  });

  it('last_assistant_message is omitted when the last answer has no text', async () => {
    const { sb, run } = await scenario({
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])] } }),
      script: [{ text: '' }],
    });
    expect(run.code).toBe(0);
    const [stop] = sb.dumps('stop');
    expect(stop).toMatchObject({ hook_event_name: 'Stop', stop_hook_active: false, background_tasks: [], session_crons: [] });
    expect(stop).not.toHaveProperty('last_assistant_message');
  });

  it('`Stop: echo done` is a quiet success: no error, nothing more for the model', async () => {
    const { run, json, messages, calls } = await scenario({
      settings: () => ({ hooks: { Stop: [group(['echo done'])] } }),
      script: [{ text: 'finished' }, { text: 'must not be requested' }],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('finished');
    expect(calls).toHaveLength(1);
    expect(errorTexts(messages)).toEqual([]);
    const runs = hookRuns(messages).filter((r) => r.event === 'Stop');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'success', exitCode: 0, stdout: 'done' });
  });
});
