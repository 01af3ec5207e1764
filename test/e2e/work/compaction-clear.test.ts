// Compaction and /clear end to end (SPEC 5 rows PreCompact, PostCompact, SessionStart source
// compact / clear, SessionEnd reason clear; seed 000 stories "PreCompact Hook 用于压缩定制" 1-3 and
// "PostCompact Hook 用于压缩后操作" 1-3): `wave -p "/compact ..."` and `wave -p "/clear"` resuming an
// earlier run, and automatic compaction with a tiny `contextWindowTokens`, in both wire formats.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, errorTexts, group, PROVIDERS, Sandbox, scenario, server, systemOf, userTexts, wireText } from '../harness.js';
import { BYPASS, COMPACT_PROMPT, lastUserText, router, SETTLE_ENV } from './harness-work.js';

beforeAll(() => ensureBuilt(), 180_000);
afterAll(() => cleanupSandboxes());

describe.concurrent.each(PROVIDERS)('compaction over %s', (provider) => {
  it('manual `/compact focus on the API` on a resumed session: PreCompact gets trigger manual + compact_instructions / custom_instructions, its stdout and the typed instructions are both in the summary request, PostCompact gets compact_summary, then SessionStart source compact; the next turn starts from the summary [seed PreCompact 1-2, PostCompact 1]', async () => {
    const sb = new Sandbox();
    sb.settings({
      hooks: {
        SessionStart: [group([sb.hook('start')]), group([sb.hook('start-compact', { stdout: 'AFTER-COMPACT-CONTEXT reload the notes' })], 'compact')],
        PreCompact: [group([sb.hook('precompact', { stdout: 'HOOK-SUMMARY-RULES keep every file path' })])],
        PostCompact: [group([sb.hook('postcompact')])],
      },
    });
    const r = router({
      main: [{ text: 'FIRST-REPLY about /api/users' }, { text: 'THIRD-REPLY' }],
      summary: [{ text: 'SUMMARY-TEXT: the user works on the API' }],
    });
    const s = await server(r.script);
    try {
      const first = await scenario({ provider, sandbox: sb, server: s, prompt: 'FIRST-PROMPT explain the API', env: SETTLE_ENV });
      expect(first.run.code).toBe(0);
      const id = first.json.session_id;
      const order0 = sb.order().length;

      const second = await scenario({ provider, sandbox: sb, server: s, prompt: '/compact focus on the API', args: ['--resume', id], env: SETTLE_ENV });
      expect(second.run.code).toBe(0);
      // Only the summary request was made: /compact is not a prompt for the model.
      expect(second.calls).toHaveLength(1);
      expect(r.log.map((c) => c.role)).toEqual(['main', 'summary']);

      const pre = sb.dumps('precompact');
      expect(pre).toHaveLength(1);
      expect(pre[0]).toMatchObject({
        session_id: id,
        hook_event_name: 'PreCompact',
        trigger: 'manual',
        compact_instructions: 'focus on the API',
        custom_instructions: 'focus on the API',
      });

      // The summary request: the conversation so far + the summary prompt with both instructions.
      const summaryReq = r.of('summary')[0]!;
      const ask = lastUserText(summaryReq);
      expect(ask).toContain(COMPACT_PROMPT.slice(0, 40));
      expect(ask).toContain('focus on the API');
      expect(ask).toContain('HOOK-SUMMARY-RULES keep every file path');
      const sent = wireText(summaryReq);
      expect(sent).toContain('FIRST-PROMPT explain the API');
      expect(sent).toContain('FIRST-REPLY about /api/users');

      const post = sb.dumps('postcompact');
      expect(post).toHaveLength(1);
      expect(post[0]).toMatchObject({ session_id: id, hook_event_name: 'PostCompact', trigger: 'manual', compact_summary: 'SUMMARY-TEXT: the user works on the API' });

      // PreCompact, then PostCompact, then SessionStart (compact).
      expect(sb.dumps('start').map((d) => d.source)).toEqual(['startup', 'resume', 'compact']);
      const order = sb.order().slice(order0);
      expect(order.indexOf('precompact')).toBeLessThan(order.indexOf('postcompact'));
      expect(order.indexOf('postcompact')).toBeLessThan(order.lastIndexOf('start'));
      expect(sb.dumps('start')[2]!.session_id).toBe(id);
      // The compaction says how much it saved: estimated tokens before and after ("compacted N → M tokens").
      const block = second.messages.flatMap((m) => m.blocks).find((b) => b.type === 'compact') as { tokensBefore?: number; tokensAfter?: number };
      expect(block.tokensBefore).toBeGreaterThan(block.tokensAfter!);
      expect(block.tokensAfter).toBeGreaterThan(0);

      // The next turn (resumed again) starts from the summary: earlier messages are not sent.
      const third = await scenario({ provider, sandbox: sb, server: s, prompt: 'THIRD-PROMPT', args: ['--resume', id], env: SETTLE_ENV });
      expect(third.run.code).toBe(0);
      expect(third.json.result).toBe('THIRD-REPLY');
      expect(third.calls).toHaveLength(1);
      const next = wireText(third.calls[0]!);
      expect(next).toContain('SUMMARY-TEXT: the user works on the API');
      expect(next).toContain('THIRD-PROMPT');
      expect(next).not.toContain('FIRST-PROMPT');
      expect(next).not.toContain('FIRST-REPLY');
      // SessionStart (compact) stdout is hidden context after the summary.
      expect(sb.dumps('start-compact')).toHaveLength(1);
      expect(next).toContain('AFTER-COMPACT-CONTEXT reload the notes');
      expect(next.indexOf('SUMMARY-TEXT')).toBeLessThan(next.indexOf('AFTER-COMPACT-CONTEXT'));
      // The transcript keeps the whole conversation for the user.
      expect(JSON.stringify(third.messages)).toContain('FIRST-PROMPT explain the API');
    } finally {
      await s.close();
    }
  });

  it('automatic compaction when the estimate passes contextWindowTokens × autoCompactThreshold: PreCompact and PostCompact get trigger "auto", the next model request starts from the summary', async () => {
    const r = router({
      main: [call('Bash', { command: "head -c 20000 /dev/zero | tr '\\0' x; echo BIG-OUTPUT-END" }, 'call_big'), { text: 'AFTER-AUTO' }],
      summary: [{ text: 'AUTO-SUMMARY of the big output' }],
    });
    const { sb, run, json } = await scenario({
      provider,
      args: BYPASS,
      env: SETTLE_ENV,
      prompt: 'PRODUCE-BIG-OUTPUT',
      settings: (sb) => ({
        contextWindowTokens: 4000,
        autoCompactThreshold: 0.8,
        hooks: {
          PreCompact: [group([sb.hook('precompact')])],
          PostCompact: [group([sb.hook('postcompact')])],
          SessionStart: [group([sb.hook('start')])],
          Stop: [group([sb.hook('stop')])],
        },
      }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('AFTER-AUTO');
    expect(r.log.map((c) => c.role)).toEqual(['main', 'summary', 'main']);
    expect(sb.dumps('precompact')).toMatchObject([{ hook_event_name: 'PreCompact', trigger: 'auto', compact_instructions: '', custom_instructions: '' }]);
    expect(sb.dumps('postcompact')).toMatchObject([{ trigger: 'auto', compact_summary: 'AUTO-SUMMARY of the big output' }]);
    expect(sb.dumps('start').map((d) => d.source)).toEqual(['startup', 'compact']);
    // The summary request carried the big output; the request after it has the summary instead.
    expect(wireText(r.of('summary')[0]!)).toContain('BIG-OUTPUT-END');
    const after = r.of('main')[1]!;
    expect(wireText(after)).toContain('AUTO-SUMMARY of the big output');
    expect(wireText(after)).not.toContain('BIG-OUTPUT-END');
    // The prompt being answered survives the compaction word for word.
    expect(wireText(after)).toContain('PRODUCE-BIG-OUTPUT');
    expect(systemOf(after)).toBe(systemOf(r.of('main')[0]!));
    expect(sb.dumps('stop')).toMatchObject([{ last_assistant_message: 'AFTER-AUTO' }]);
  });
});

describe.concurrent('compaction (model-independent)', () => {
  it('PostCompact never runs when the summary request fails (HTTP 400): the user sees the failure, no SessionStart compact, nothing was compacted [seed PostCompact 3]', async () => {
    const sb = new Sandbox();
    sb.settings({
      hooks: {
        SessionStart: [group([sb.hook('start')])],
        PreCompact: [group([sb.hook('precompact')])],
        PostCompact: [group([sb.hook('postcompact')])],
      },
    });
    const r = router({
      main: [{ text: 'FIRST-REPLY' }, { text: 'THIRD-REPLY' }],
      summary: [{ error: { status: 400, message: 'SUMMARY-REJECTED context too long' } }],
    });
    const s = await server(r.script);
    try {
      const first = await scenario({ sandbox: sb, server: s, prompt: 'FIRST-PROMPT', env: SETTLE_ENV });
      const id = first.json.session_id;
      const second = await scenario({ sandbox: sb, server: s, prompt: '/compact', args: ['--resume', id], env: SETTLE_ENV });
      expect(r.of('summary')).toHaveLength(1); // 400 is not retried
      expect(sb.dumps('precompact')).toMatchObject([{ trigger: 'manual', compact_instructions: '' }]);
      expect(sb.dumps('postcompact')).toEqual([]);
      expect(sb.dumps('start').map((d) => d.source)).toEqual(['startup', 'resume']);
      const errors = errorTexts(second.messages).join('\n');
      expect(errors).toMatch(/compact/i);
      expect(errors).toContain('SUMMARY-REJECTED');
      expect(second.messages.some((m) => m.blocks.some((b) => b.type === 'compact'))).toBe(false);

      const third = await scenario({ sandbox: sb, server: s, prompt: 'THIRD-PROMPT', args: ['--resume', id], env: SETTLE_ENV });
      expect(third.run.code).toBe(0);
      expect(wireText(third.calls[0]!)).toContain('FIRST-PROMPT');
    } finally {
      await s.close();
    }
  });

  it('PreCompact exit 2 is non-blocking and its stderr is silently dropped; PostCompact exit 1 shows its stderr to the user; compaction still happens [seed PreCompact 3, PostCompact 2]', async () => {
    const sb = new Sandbox();
    sb.settings({
      hooks: {
        PreCompact: [group([sb.hook('precompact', { stderr: 'PRECOMPACT-STDERR', exit: 2 })])],
        PostCompact: [group([sb.hook('postcompact', { stderr: 'POSTCOMPACT-STDERR', exit: 1 })])],
      },
    });
    const r = router({ main: [{ text: 'FIRST-REPLY' }], summary: [{ text: 'THE-SUMMARY' }] });
    const s = await server(r.script);
    try {
      const first = await scenario({ sandbox: sb, server: s, prompt: 'FIRST-PROMPT', env: SETTLE_ENV });
      const second = await scenario({ sandbox: sb, server: s, prompt: '/compact', args: ['--resume', first.json.session_id], env: SETTLE_ENV });
      expect(second.run.code).toBe(0);
      expect(r.of('summary')).toHaveLength(1);
      expect(lastUserText(r.of('summary')[0]!)).not.toContain('PRECOMPACT-STDERR');
      expect(sb.dumps('postcompact')).toMatchObject([{ compact_summary: 'THE-SUMMARY' }]);
      const errors = errorTexts(second.messages).join('\n');
      expect(errors).not.toContain('PRECOMPACT-STDERR');
      expect(errors).toContain('POSTCOMPACT-STDERR');
      expect(second.messages.some((m) => m.blocks.some((b) => b.type === 'compact'))).toBe(true);
    } finally {
      await s.close();
    }
  });
});

describe.concurrent('/clear', () => {
  it('`wave -p "/clear" --resume <id>`: SessionEnd reason "clear" (old session) then SessionStart source "clear" with a new session id; the new session starts empty', async () => {
    const sb = new Sandbox();
    sb.settings({ hooks: { SessionStart: [group([sb.hook('start')])], SessionEnd: [group([sb.hook('end')])] } });
    const r = router({ main: [{ text: 'FIRST-REPLY' }, { text: 'AFTER-CLEAR-REPLY' }] });
    const s = await server(r.script);
    try {
      const first = await scenario({ sandbox: sb, server: s, prompt: 'FIRST-PROMPT', env: SETTLE_ENV });
      const oldId = first.json.session_id;
      const mark = sb.order().length;
      const second = await scenario({ sandbox: sb, server: s, prompt: '/clear', args: ['--resume', oldId], env: SETTLE_ENV });
      expect(second.run.code).toBe(0);
      expect(second.calls).toHaveLength(0); // /clear is not sent to the model
      const newId = second.json.session_id;
      expect(newId).not.toBe(oldId);

      const starts = sb.dumps('start');
      expect(starts.map((d) => [d.source, d.session_id])).toEqual([
        ['startup', oldId],
        ['resume', oldId],
        ['clear', newId],
      ]);
      const ends = sb.dumps('end');
      const clearEnd = ends.find((d) => d.reason === 'clear')!;
      expect(clearEnd).toMatchObject({ hook_event_name: 'SessionEnd', session_id: oldId });
      // SessionEnd (clear) came before SessionStart (clear).
      const order = sb.order().slice(mark);
      expect(order.indexOf('end')).toBeLessThan(order.lastIndexOf('start'));
      expect(order.filter((l) => l === 'start')).toHaveLength(2); // resume, clear
      expect(existsSync(second.json.transcript_path)).toBe(true);
      expect(JSON.stringify(second.messages)).not.toContain('FIRST-PROMPT');
      expect(starts[2]!.transcript_path).toBe(second.json.transcript_path);

      const third = await scenario({ sandbox: sb, server: s, prompt: 'AFTER-CLEAR', args: ['--resume', newId], env: SETTLE_ENV });
      expect(third.run.code).toBe(0);
      const sent = userTexts(third.calls[0]!).join('\n');
      expect(sent).toContain('AFTER-CLEAR');
      expect(sent).not.toContain('FIRST-PROMPT');
    } finally {
      await s.close();
    }
  });
});
