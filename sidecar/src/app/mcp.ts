// MCP servers plugged into a session (docs/mcp.md): the hub of the session's servers, their tools
// offered to the model as `mcp__<server>__<tool>` through the same tool path as every tool
// (permissions, PreToolUse, approval, PostToolUse), kept in step as servers come and go, their
// failures as notices, and the hub closed with the session.
import * as z from 'zod';
import type { Agent } from '../agent/agent.js';
import type { AnyTool, ToolOutcome } from '../agent/tools/types.js';
import type { WorkPort } from '../agent/workPort.js';
import { McpHub, type McpHubOptions, type McpToolRef } from '../mcp/hub.js';
import { outputCap, resultText } from '../mcp/results.js';
import { formatProblem } from '../hooks/config/problems.js';
import { elicit, type AskUser } from './elicitation.js';
import { mcpMatcherProblems } from './mcpMatchers.js';

const HUBS = new WeakMap<Agent, McpHub>();

/** The MCP servers of a session made by the composition root. */
export function mcpOf(agent: Agent): McpHub | undefined {
  return HUBS.get(agent);
}

const AnyInput = z.record(z.string(), z.unknown());

/** One MCP tool as a tool of the agent: its own JSON Schema, `read` access when the server says it changes nothing. */
export function mcpTool(hub: McpHub, ref: McpToolRef, cap: number): AnyTool {
  return {
    name: ref.name,
    description: ref.tool.description || `The tool "${ref.tool.name}" of the MCP server "${ref.server}".`,
    schema: AnyInput as z.ZodType<unknown>,
    inputJsonSchema: ref.tool.inputSchema,
    access: ref.tool.readOnly ? 'read' : 'execute',
    mcpServer: ref.server,
    async run(input, ctx): Promise<ToolOutcome> {
      const r = resultText(await hub.callTool(ref.server, ref.tool.name, input as Record<string, unknown>, ctx.signal), cap);
      return r.isError ? { success: false, result: r.text, error: r.text, response: r.raw } : { success: true, result: r.text, response: r.raw };
    },
  };
}

/** Keeps the agent's tools in step with the connected servers' tools. */
function syncTools(agent: Agent, hub: McpHub, cap: number): void {
  const now = new Map(hub.tools().map((r) => [r.name, r]));
  for (const t of agent.tools.list()) if (t.name.startsWith('mcp__') && !now.has(t.name)) agent.tools.remove(t.name);
  for (const [name, ref] of now) if (!agent.tools.get(name)) agent.tools.add(mcpTool(hub, ref, cap));
}

/** A session's work that also closes its MCP servers when the session ends. */
export function closingToo(work: WorkPort, hub: McpHub): WorkPort {
  return {
    tools: () => work.tools(),
    takeNotifications: () => work.takeNotifications(),
    takePrompt: () => work.takePrompt(),
    hasPending: () => work.hasPending(),
    backgroundTasks: () => work.backgroundTasks(),
    crons: () => work.crons(),
    runningCount: () => work.runningCount(),
    idle: () => work.idle(),
    // Every method of the port, the optional ones too (a resumed session reports what its last run left).
    ...(work.resumed ? { resumed: () => work.resumed!() } : {}),
    close: async () => {
      await work.close();
      await hub.close();
    },
  };
}

export type McpHubParts = Omit<McpHubOptions, 'onChange' | 'onNotice' | 'trusted' | 'env'>;

/**
 * The session's hub: notices go into the conversation (kept until the agent exists), tool changes
 * into its registry. `attach` is called once the agent exists; it starts the servers.
 */
export function sessionHub(parts: McpHubParts & { env: Record<string, string | undefined>; trusted: () => boolean; ask?: AskUser }) {
  let agent: Agent | null = null;
  const early: string[] = [];
  const cap = outputCap(parts.env);
  const hub = new McpHub({
    ...parts,
    onNotice: (t) => (agent ? agent.context.notice(t) : early.push(t)),
    onChange: () => agent && syncTools(agent, hub, cap),
    elicit: (server, params) => (agent ? elicit(agent.context, parts.ask, server, params) : Promise.resolve({ action: 'decline' })),
  });
  return {
    hub,
    attach: async (a: Agent) => {
      agent = a;
      HUBS.set(a, hub);
      for (const t of early.splice(0)) a.context.notice(t);
      a.hookManager.setMcpTool(async ({ server, tool, input, signal }) => {
        const why = hub.unavailable(server);
        return why === null ? resultText(await hub.callTool(server, tool, input, signal), cap) : { notConnected: why };
      });
      await hub.start();
      syncTools(a, hub, cap);
      const s = a.settings.sources();
      if (!s.settings.disableAllHooks) for (const p of mcpMatcherProblems(s.hooks, hub.servers())) a.context.notice(formatProblem(p));
    },
  };
}
