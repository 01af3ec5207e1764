// Wave messages → the provider-neutral model messages. `error` and `hook_run` blocks are never sent;
// hook-sourced text is wrapped as a system reminder; tool blocks become tool_use + tool_result;
// consecutive messages of one role are merged (both APIs want alternating roles).
import type { ModelContent, ModelMessage } from '../models/types.js';
import type { Message } from './messages.js';

export function reminder(text: string): string {
  return `<system-reminder>\n${text}\n</system-reminder>`;
}

export function toModelMessages(messages: readonly Message[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  const push = (role: ModelMessage['role'], content: ModelContent[]) => {
    if (!content.length) return;
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push(...content);
    else out.push({ role, content });
  };
  for (const m of messages) {
    const content: ModelContent[] = [];
    const results: ModelContent[] = [];
    for (const b of m.blocks) {
      switch (b.type) {
        case 'text':
          if (b.content) content.push({ type: 'text', text: b.source === 'hook' || b.source === 'system' ? reminder(b.content) : b.content });
          break;
        case 'compact':
          content.push({ type: 'text', text: reminder(`Summary of the earlier conversation (compacted):\n${b.summary}`) });
          if (b.currentPrompt) content.push({ type: 'text', text: `The request you were working on when the conversation was compacted:\n${b.currentPrompt}` });
          break;
        case 'tool':
          if (m.role !== 'assistant') break;
          content.push({ type: 'tool_use', id: b.id, name: b.name, input: b.parameters });
          results.push({
            type: 'tool_result',
            toolUseId: b.id,
            content: b.stage === 'done' ? (b.result ?? b.error ?? '') : 'The tool call was interrupted before it finished.',
            ...(b.stage !== 'done' || b.success === false ? { isError: true } : {}),
          });
          break;
        default:
          break; // error and hook_run blocks are for the user only
      }
    }
    push(m.role, content);
    push('user', results);
  }
  return out;
}
