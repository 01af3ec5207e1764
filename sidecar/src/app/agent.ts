// The composition root of a session (docs/architecture.md, "Layers"): an agent with its
// long-running work plugged in (background shells, subagents, workflows, crons, worktrees), its MCP
// servers (docs/mcp.md: started before the first turn, their tools in its registry) and the hook
// engine told the tool names. Everything that starts a session — `wave -p`, `wave serve`, the SDK —
// starts it here.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { Agent, type AgentOptions } from '../agent/agent.js';
import { settingsPaths } from '../settings/paths.js';
import { SessionWork } from '../work/session.js';
import { closingToo, sessionHub } from './mcp.js';
import { TOOL_NAMES } from './tools.js';

export async function createAgent(opts: AgentOptions): Promise<Agent> {
  const trust = opts.trustProject ?? true;
  const mcp = sessionHub({
    workdir: resolve(opts.workdir),
    paths: settingsPaths(resolve(opts.workdir), opts.homeDir ?? homedir()),
    env: opts.env ?? process.env,
    trusted: () => (typeof trust === 'function' ? trust() : trust),
    ...(opts.mcpServers !== undefined ? { programmatic: opts.mcpServers } : {}),
    ...(opts.mcpConfigFiles ? { configFiles: opts.mcpConfigFiles } : {}),
    ...(opts.onElicitation ? { ask: opts.onElicitation } : {}),
  });
  const agent = await Agent.create({ work: (ctx, wake) => closingToo(new SessionWork(ctx, wake), mcp.hub), toolNames: TOOL_NAMES, ...opts });
  await mcp.attach(agent);
  return agent;
}
