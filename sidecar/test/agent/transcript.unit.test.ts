// The session transcript's serialisation keeps each settled message's JSON and reuses it: the text
// written is always what a fresh serialisation of the whole conversation gives.
import { describe, expect, it } from 'vitest';
import { newMessage, type Message, type ToolBlock } from '../../src/agent/messages.js';
import { TranscriptSerializer } from '../../src/agent/transcript.js';

describe('TranscriptSerializer', () => {
  it('matches JSON.stringify of the messages while the live message and block counts change', () => {
    const s = new TranscriptSerializer();
    const list: Message[] = [newMessage('user', [{ type: 'text', content: 'hi', source: 'user' }])];
    const live = newMessage('assistant', []);
    list.push(live);
    const check = () => expect(s.messagesJson(list, live)).toBe(JSON.stringify(list));
    check();
    const tool: ToolBlock = { type: 'tool', id: 't1', name: 'Bash', parameters: { command: 'ls' }, stage: 'pending' };
    live.blocks.push(tool);
    check();
    tool.stage = 'done';
    tool.result = 'a.txt';
    check();
    // The turn is over: the message is settled; a block added later (a notice) is noticed by its count.
    expect(s.messagesJson(list, null)).toBe(JSON.stringify(list));
    live.blocks.push({ type: 'error', content: 'late notice' });
    expect(s.messagesJson(list, null)).toBe(JSON.stringify(list));
  });

  it('keeps settled messages as bytes across a long list, and drops back when one of them changes or the list is another', () => {
    const s = new TranscriptSerializer();
    const list: Message[] = [];
    const check = (live: Message | null) => expect(s.messagesJson(list, live)).toBe(JSON.stringify(list));
    for (let i = 0; i < 50; i++) {
      const m = newMessage(i % 2 ? 'assistant' : 'user', [{ type: 'text', content: `message ${i} — ü`, source: 'user' }]);
      list.push(m);
      check(i % 2 ? m : null);
    }
    list[10]!.blocks.push({ type: 'error', content: 'a late notice on a settled message' });
    check(null);
    check(null);
    const other = list.slice(0, 20).concat([newMessage('user', [{ type: 'text', content: 'resumed', source: 'user' }])]);
    expect(s.messagesJson(other, null)).toBe(JSON.stringify(other));
    expect(s.messagesJson([], null)).toBe('[]');
    check(null);
  });
});
