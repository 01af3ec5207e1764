// Background hooks Claude Code's plugins use (docs/hooks.md, "Async hooks"): `asyncRewake` hooks
// whose exit 2 reaches the model — waking the idle agent, or at the next model request of a running
// turn — and whose other exits are only recorded; through the real `wave -p`, which waits for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, group, hookRuns, scenario, userTexts } from '../harness.js';
import { BYPASS, SETTLE_ENV } from '../work/harness-work.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

const FINDING = 'security review: notes.txt holds an API key';

describe.concurrent('asyncRewake', () => {
  it('a Stop hook that exits 2 after the turn ended wakes the idle agent with its message; the run waits for it', async () => {
    const { sb, calls, json, messages } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({
        hooks: {
          Stop: [
            group([
              {
                command: sb.hook('review', { body: `if [ "$n" = 0 ]; then sleep 0.3; printf '%s' ${JSON.stringify(FINDING)} >&2; exit 2; fi` }),
                asyncRewake: true,
                rewakeMessage: 'The background review found a problem:',
              },
            ]),
          ],
        },
      }),
      script: [{ text: 'first answer' }, { text: 'I removed the key.' }],
    });
    expect(calls).toHaveLength(2);
    expect(json.result).toBe('I removed the key.');
    const told = userTexts(calls[1]!).join('\n');
    expect(told).toContain('Stop hook');
    expect(told).toContain('The background review found a problem:');
    expect(told).toContain(FINDING);
    expect(sb.dumps('review')).toHaveLength(2); // Stop fired again after the new cycle
    const runs = hookRuns(messages).filter((r) => r.event === 'Stop');
    expect(runs.map((r) => [r.async, r.exitCode, r.verdict])).toEqual([
      [true, 2, 'blocked'],
      [true, 0, 'ok'],
    ]);
  });

  it('a PostToolUse hook that exits 2 while the turn runs reaches the model at a later request, once; exit 1 is only recorded', async () => {
    const { sb, calls, messages } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({
        hooks: {
          PostToolUse: [
            group(
              [
                {
                  command: sb.hook('scan', { body: `if [ "$n" = 0 ]; then printf '%s' ${JSON.stringify(FINDING)} >&2; touch "$d/scanned"; exit 2; fi` }),
                  asyncRewake: true,
                },
                { command: sb.hook('lint', { stderr: 'lint crashed', exit: 1 }), asyncRewake: true },
              ],
              'Bash',
            ),
          ],
        },
      }),
      script: (sb) => [
        call('Bash', { command: 'echo write > notes.txt' }, 'call_a1'),
        call('Bash', { command: `while [ ! -f ${JSON.stringify(sb.outFile('scanned'))} ]; do sleep 0.05; done` }, 'call_a2'),
        call('Bash', { command: 'echo three' }, 'call_a3'),
        { text: 'done' },
      ],
    });
    const withFinding = calls.map((c) => userTexts(c).join('\n').includes(FINDING));
    expect(withFinding.slice(0, 2)).toEqual([false, false]);
    expect(withFinding.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    // Delivered once: a single hook message holds it, whichever request it first went to.
    const hookMessages = messages.filter((m) => m.role === 'user' && m.blocks.some((b) => b.type === 'text' && (b.content ?? '').includes(FINDING)));
    expect(hookMessages).toHaveLength(1);
    expect(calls.some((c) => userTexts(c).join('\n').includes('lint crashed'))).toBe(false);
    expect(sb.dumps('lint').length).toBeGreaterThan(0);
    const lint = hookRuns(messages).filter((r) => r.name.includes('lint'));
    expect(lint.every((r) => r.async && r.verdict === 'error')).toBe(true);
  });
});

describe.concurrent('the async first line', () => {
  it('a PreToolUse hook whose first line is {"async":true} is detached at once: the tool runs while it goes on, its end is an async record', async () => {
    const { sb, calls, json, messages } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({
        hooks: {
          PreToolUse: [
            group(
              [
                {
                  // Waits for a file only the tool call creates: without detaching, the call could never run.
                  command: sb.hook('review', {
                    body: `printf '%s\\n' '{"async":true,"asyncTimeout":30000}'; while [ ! -f "$d/ran" ]; do sleep 0.05; done; echo '{"decision":"block","reason":"too late"}'`,
                  }),
                  timeout: 60,
                },
              ],
              'Bash',
            ),
          ],
        },
      }),
      script: (sb) => [call('Bash', { command: `touch ${JSON.stringify(sb.outFile('ran'))}; echo ran` }, 'call_d1'), { text: 'done' }],
    });
    expect(json.result).toBe('done');
    expect(calls).toHaveLength(2);
    expect(JSON.stringify(calls[1])).toContain('ran');
    expect(JSON.stringify(calls[1])).not.toContain('too late'); // a detached hook never answers for the call
    const runs = hookRuns(messages).filter((r) => r.event === 'PreToolUse');
    expect(runs.map((r) => [r.async, r.exitCode, r.timedOut])).toEqual([[true, 0, false]]);
    expect(sb.dumps('review')).toHaveLength(1);
  });
});
