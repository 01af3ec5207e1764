// An MCP server asks the user for input (docs/mcp.md, "Elicitation"; docs/hooks.md, Elicitation):
// the Elicitation hooks run first and may answer (accept with content, decline, cancel) or block
// (decline); else the user is asked through `ask` (the IDE shows the form), and with no one to ask
// the request is declined with a notice. The answer then goes through the ElicitationResult hooks,
// which may change it or block it (decline), before the server gets it.
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { showUserParts } from '../agent/notices.js';
import type { MainContext } from '../agent/mainContext.js';
import type { ElicitationAnswer } from '../hooks/contract/types.js';
import type { McpElicitation } from '../protocol/mcpListing.js';

export type ElicitationQuestion = Omit<McpElicitation, 'requestId'>;

/** Asks the user (the chat shows the form). */
export type AskUser = (q: ElicitationQuestion) => Promise<ElicitationAnswer>;

function question(server: string, params: ElicitRequest['params']): ElicitationQuestion & { elicitationId?: string } {
  const p = params as { mode?: string; message: string; url?: string; elicitationId?: string; requestedSchema?: Record<string, unknown> };
  const mode = p.mode === 'url' ? 'url' : 'form';
  return {
    server,
    message: p.message,
    mode,
    ...(p.url !== undefined ? { url: p.url } : {}),
    ...(p.elicitationId !== undefined ? { elicitationId: p.elicitationId } : {}),
    ...(p.requestedSchema !== undefined ? { requestedSchema: p.requestedSchema } : {}),
  };
}

export async function elicit(ctx: MainContext, ask: AskUser | undefined, server: string, params: ElicitRequest['params']): Promise<ElicitResult> {
  const q = question(server, params);
  const id = q.elicitationId !== undefined ? { elicitation_id: q.elicitationId } : {};
  const pre = await ctx.fire('Elicitation', {
    mcp_server_name: server,
    message: q.message,
    mode: q.mode,
    ...(q.url !== undefined ? { url: q.url } : {}),
    ...id,
    ...(q.requestedSchema !== undefined ? { requested_schema: q.requestedSchema } : {}),
  });
  showUserParts(ctx.conversation, pre.decision);
  let answer: ElicitationAnswer;
  if (pre.decision.blocked) answer = { action: 'decline' };
  else if (pre.decision.elicitation) answer = pre.decision.elicitation;
  else if (ask) {
    const { elicitationId: _id, ...shown } = q;
    answer = await ask(shown);
  } else {
    ctx.notice(`MCP server "${server}" asked for input ("${q.message}"); no one can answer here and no Elicitation hook did: declined.`);
    answer = { action: 'decline' };
  }
  const post = await ctx.fire('ElicitationResult', {
    mcp_server_name: server,
    action: answer.action,
    ...(answer.content ? { content: answer.content } : {}),
    mode: q.mode,
    ...id,
  });
  showUserParts(ctx.conversation, post.decision);
  if (post.decision.blocked) answer = { action: 'decline' };
  else if (post.decision.elicitation) answer = post.decision.elicitation;
  return answer.action === 'accept' ? { action: 'accept', content: (answer.content ?? {}) as ElicitResult['content'] } : { action: answer.action };
}
