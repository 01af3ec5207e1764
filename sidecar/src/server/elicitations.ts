// MCP servers' requests for input waiting for the user (docs/mcp.md, "Elicitation"): each is
// announced to every client (`chat.elicitationRequest`, the chat shows its form), answered by any of
// them (`chat.elicitation`), and withdrawn everywhere once answered (`chat.elicitationResolved`).
import { randomUUID } from 'node:crypto';
import type { Broadcast } from './broadcast.js';
import type { McpElicitation, McpElicitationAnswer } from '../protocol/protocol.js';

export class Elicitations {
  private readonly waiting = new Map<string, { request: McpElicitation; resolve: (a: McpElicitationAnswer) => void }>();

  constructor(private readonly broadcast: Broadcast) {}

  ask(q: Omit<McpElicitation, 'requestId'>): Promise<McpElicitationAnswer> {
    const request: McpElicitation = { requestId: randomUUID(), ...q };
    return new Promise((resolve) => {
      this.waiting.set(request.requestId, { request, resolve });
      this.broadcast('chat.elicitationRequest', request);
    });
  }

  /** False when no such request waits (answered elsewhere, or gone). */
  answer(requestId: string, answer: McpElicitationAnswer): boolean {
    const w = this.waiting.get(requestId);
    if (!w) return false;
    this.waiting.delete(requestId);
    w.resolve(answer);
    this.broadcast('chat.elicitationResolved', { requestId });
    return true;
  }

  /** The requests still waiting (for a page that connects now). */
  pending(): McpElicitation[] {
    return [...this.waiting.values()].map((w) => w.request);
  }

  /** The session ends: every request still waiting is cancelled. */
  cancelAll(): void {
    for (const id of [...this.waiting.keys()]) this.answer(id, { action: 'cancel' });
  }
}
