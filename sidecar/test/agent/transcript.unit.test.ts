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
});
