// The conversation as the model sees it (agent/convert.ts): error and hook_run blocks are never
// sent, hook and system text is a system reminder, tool blocks become tool_use + tool_result, and
// consecutive messages of one role are merged.
import { describe, expect, it } from 'vitest';
import { toModelMessages } from '../../src/agent/convert.js';
import type { HookRunRecord, Message } from '../../src/protocol/wire.js';

const run = { id: 'r1', event: 'PreToolUse', name: 'guard' } as HookRunRecord;

describe('toModelMessages', () => {
  it('skips error and hook_run blocks, wraps hook text, pairs tool calls with their results', () => {
    const messages: Message[] = [
      { id: 'u1', role: 'user', blocks: [{ type: 'text', content: 'list files', source: 'user' }] },
      { id: 'u2', role: 'user', isMeta: true, blocks: [{ type: 'text', content: 'ctx from hook', source: 'hook', hookEvent: 'UserPromptSubmit' }] },
      {
        id: 'a1',
        role: 'assistant',
        blocks: [
          { type: 'hook_run', run },
          { type: 'text', content: 'running ls' },
          { type: 'tool', id: 't1', name: 'Bash', parameters: { command: 'ls' }, stage: 'done', result: 'a b', success: true },
          { type: 'tool', id: 't2', name: 'Bash', parameters: { command: 'rm x' }, stage: 'done', result: 'PreToolUse:Bash hook error: no', success: false },
          { type: 'error', content: 'only for the user' },
        ],
      },
      { id: 'a2', role: 'assistant', blocks: [{ type: 'tool', id: 't3', name: 'Bash', parameters: { command: 'sleep 9' }, stage: 'running' }] },
    ];
    const out = toModelMessages(messages);
    expect(out).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'list files' }, { type: 'text', text: '<system-reminder>\nctx from hook\n</system-reminder>' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'running ls' },
          { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } },
          { type: 'tool_use', id: 't2', name: 'Bash', input: { command: 'rm x' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', toolUseId: 't1', content: 'a b' },
          { type: 'tool_result', toolUseId: 't2', content: 'PreToolUse:Bash hook error: no', isError: true },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't3', name: 'Bash', input: { command: 'sleep 9' } }] },
      { role: 'user', content: [{ type: 'tool_result', toolUseId: 't3', content: 'The tool call was interrupted before it finished.', isError: true }] },
    ]);
    expect(JSON.stringify(out)).not.toContain('only for the user');
    expect(JSON.stringify(out)).not.toContain('hook_run');
  });

  it('a compaction summary starts the view, with the prompt that was being answered', () => {
    const out = toModelMessages([{ id: 'c', role: 'user', isMeta: true, blocks: [{ type: 'compact', summary: 'we did X', trigger: 'auto', currentPrompt: 'do Y' }] }]);
    expect(out[0]!.content.map((c) => (c.type === 'text' ? c.text : ''))).toEqual([
      '<system-reminder>\nSummary of the earlier conversation (compacted):\nwe did X\n</system-reminder>',
      'The request you were working on when the conversation was compacted:\ndo Y',
    ]);
  });
});
