// The timeline rules (webui/src/state/timeline.ts), the decision words of a run (runWords.ts, from
// the kind and reason the engine gives: hooks/contract/answers.ts) and the approval diff (diff.ts).
import { describe, expect, it } from 'vitest';
import type { HookRunRecord, HookRunStart, Message, RunVerdict } from '../../src/connection/protocol.js';
import { lineDiff } from '../../src/state/diff.js';
import { decisionDetail } from '../../src/state/runWords.js';
import { layoutTimeline } from '../../src/state/timeline.js';
import { interpretRun, verdictOf } from '../../../sidecar/src/hooks/contract/answers.js';
import { eventSpec } from '../../../sidecar/src/hooks/contract/events.js';
import { reasonOf } from '../../../sidecar/src/hooks/fire/record.js';

let n = 0;
function run(event: string, verdict: RunVerdict, toolUseId?: string, extra: Partial<HookRunRecord> = {}): HookRunRecord {
  return {
    id: `r${++n}`,
    event,
    hookId: 'h',
    source: 'user',
    file: '/f',
    name: `hook ${n}`,
    matcher: null,
    command: 'x',
    async: false,
    startedAt: new Date().toISOString(),
    durationMs: 1,
    exitCode: 0,
    signal: null,
    timedOut: false,
    stdout: '',
    stderr: '',
    outcome: 'success',
    verdict,
    kind: { kind: 'answer', decisions: [] },
    reason: null,
    decision: 'success',
    error: null,
    ...(toolUseId ? { toolUseId } : {}),
    ...extra,
  };
}

const shape = (messages: Message[], pending: HookRunRecord[] = [], live: HookRunStart[] = []) =>
  layoutTimeline(messages, pending, live).messages.flatMap((m) =>
    m.items.flatMap((i) =>
      i.kind === 'tool'
        ? [...i.before.map((b) => `before:${b.kind}`), `tool:${i.stoppedBy ? 'stopped' : 'ran'}`, ...i.after.map((a) => `after:${a.kind}`)]
        : [i.kind === 'fold' ? `fold:${i.event}:${i.runs.length}` : i.kind === 'block' ? i.block.type : `${i.kind}:${i.run.event}`],
    ),
  );

describe('layoutTimeline', () => {
  it('puts a call’s PreToolUse runs before it and PostToolUse after, folds the no-op runs per event, knows a blocked call', () => {
    const blocks: Message['blocks'] = [
      { type: 'text', content: 'on it' },
      { type: 'tool', id: 't1', name: 'Bash', parameters: {}, stage: 'done', success: true },
      { type: 'tool', id: 't2', name: 'Bash', parameters: {}, stage: 'done', success: false },
      { type: 'hook_run', run: run('PreToolUse', 'ok', 't1') },
      { type: 'hook_run', run: run('PreToolUse', 'ok', 't1') },
      { type: 'hook_run', run: run('PreToolUse', 'context', 't1') },
      { type: 'hook_run', run: run('PostToolUse', 'ok', 't1') },
      { type: 'hook_run', run: run('PreToolUse', 'blocked', 't2') },
      { type: 'hook_run', run: run('Stop', 'blocked') },
    ];
    expect(shape([{ id: 'm', role: 'assistant', blocks }])).toEqual([
      'text',
      'before:fold',
      'before:run',
      'tool:ran',
      'after:fold',
      'before:run',
      'tool:stopped',
      'run:Stop',
    ]);
  });

  it('places live runs and records not yet in a message with their tool call, the others at the end', () => {
    const m: Message = { id: 'm', role: 'assistant', blocks: [{ type: 'tool', id: 't1', name: 'Bash', parameters: {}, stage: 'pending' }] };
    const live: HookRunStart = { id: 'l', event: 'PreToolUse', hookId: 'h', name: 'slow', statusMessage: null, startedAt: '', toolUseId: 't1' };
    const out = layoutTimeline([m], [run('PreToolUse', 'ok', 't1'), run('SessionStart', 'context')], [live]);
    expect(out.messages[0]!.items.map((i) => (i.kind === 'tool' ? i.before.map((b) => b.kind) : i.kind))).toEqual([['fold', 'live']]);
    expect(out.trailing.map((i) => i.kind)).toEqual(['run']);
  });
});

describe('decisionDetail', () => {
  const spec = eventSpec('PreToolUse');
  const result = (o: { exitCode?: number; stdout?: string; stderr?: string; timedOut?: boolean }) => ({
    startedAt: 0,
    durationMs: 1,
    exitCode: o.exitCode ?? 0,
    signal: null,
    timedOut: o.timedOut ?? false,
    spawnError: null,
    stdout: o.stdout ?? '',
    stderr: o.stderr ?? '',
    stdoutTruncated: false,
    stderrTruncated: false,
  });
  /** A record worded by the engine itself. */
  const worded = (p: ReturnType<typeof result>) => {
    const e = interpretRun('PreToolUse', spec, p, { command: 'cmd', name: 'cmd' }, 5);
    const verdict = verdictOf(e);
    return run('PreToolUse', verdict, undefined, {
      kind: e.kind,
      reason: reasonOf(e.kind, verdict),
      decision: e.words,
      error: e.error ?? null,
      timedOut: p.timedOut,
      exitCode: p.exitCode,
    });
  };

  it('keeps the hook’s own words and says the engine’s in the UI’s', () => {
    expect(decisionDetail(worded(result({ exitCode: 2, stderr: 'no rm -rf' })))).toBe('no rm -rf');
    const deny = JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'prod is frozen' },
    });
    expect(decisionDetail(worded(result({ stdout: deny })))).toBe('prod is frozen');
    expect(decisionDetail(worded(result({ exitCode: 1 })))).toBe('exited with code 1');
    expect(decisionDetail(worded(result({ exitCode: null as unknown as number, timedOut: true })))).toBe('timed out after 5 s');
    expect(decisionDetail(worded(result({ stdout: 'plain' })))).toBeNull();
  });
});

describe('lineDiff', () => {
  it('removed lines first, then the added ones, kept lines once', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd').lines.map((l) => `${l.kind} ${l.text}`)).toEqual(['same a', 'del b', 'add B', 'same c', 'add d']);
  });
});
