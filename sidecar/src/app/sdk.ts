// `Agent.create(options)` of the sidecar SDK (docs/hooks.md, "Programmatic hooks"): the agent
// with its long-running work plugged in, as `wave -p` and `wave serve` start it.
import type { Agent as SessionAgent, AgentOptions } from '../agent/agent.js';
import { createAgent } from './agent.js';

export type Agent = SessionAgent;
export const Agent = {
  create: (options: AgentOptions): Promise<SessionAgent> => createAgent(options),
};
