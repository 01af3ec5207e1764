// A failed automatic compaction is not retried before every model request (docs/hooks.md,
// "Compaction"): a model that answers the summary request with a tool call (no text) made every
// following request of the turn a full-context compaction attempt again, each one said to the user.
// Now the summary request carries no tools (the history's tool blocks as text), a failure is tried
// again only in a later turn once the conversation has grown, and the user hears of it once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, errorTexts, PROVIDERS, scenario } from '../harness.js';
import { BYPASS, router, SETTLE_ENV, toolNamesOf } from './harness-work.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

describe.concurrent.each(PROVIDERS)('a failed automatic compaction over %s', (provider) => {
  it('one summary request per turn, without tools; one notice; the turn goes on', async () => {
    const big = call('Bash', { command: "head -c 20000 /dev/zero | tr '\\0' x; echo BIG-OUTPUT-END" }, 'call_big');
    const r = router({
      main: [big, ...[1, 2, 3, 4].map((n) => call('Bash', { command: `echo step ${n}` }, `call_${n}`)), { text: 'DONE-AFTER-STEPS' }],
      summary: [call('Bash', { command: 'echo not a summary' }, 'call_summary'), call('Bash', { command: 'echo again' }, 'call_summary2')],
    });
    const { run, json } = await scenario({
      provider,
      args: BYPASS,
      env: SETTLE_ENV,
      prompt: 'PRODUCE-BIG-OUTPUT',
      settings: () => ({ contextWindowTokens: 4000, autoCompactThreshold: 0.8 }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('DONE-AFTER-STEPS');
    expect(r.log.map((c) => c.role)).toEqual(['main', 'summary', 'main', 'main', 'main', 'main', 'main']);
    expect(toolNamesOf(r.of('summary')[0]!)).toEqual([]);
    expect(errorTexts(json.messages).filter((t) => t.includes('Compaction failed'))).toEqual([expect.stringContaining('the model returned an empty summary')]);
  });
});
