// The composition root of a session (docs/architecture.md, "Layers"): an agent with its
// long-running work plugged in (background shells, subagents, workflows, crons, worktrees) and
// the hook engine told the tool names. Everything that starts a session — `wave -p`, `wave serve`,
// the SDK — starts it here.
import { Agent, type AgentOptions } from '../agent/agent.js';
import { SessionWork } from '../work/session.js';
import { TOOL_NAMES } from './tools.js';

export function createAgent(opts: AgentOptions): Promise<Agent> {
  return Agent.create({ work: (host, wake) => new SessionWork(host, wake), toolNames: TOOL_NAMES, ...opts });
}
