// What Agent.create takes: a session's options (sessionOptions.ts) and the long-running work plugged into it.
import type { MainContext } from './mainContext.js';
import type { SessionOptions } from './sessionOptions.js';
import type { WorkPort } from './workPort.js';

export type { AgentEvent, SessionOptions, ToolApproval, ToolApprovalRequest } from './sessionOptions.js';

/** Plugs long-running work into a session (the composition root, app/, gives the real one). */
export type WorkFactory = (ctx: MainContext, wake: () => void) => WorkPort;

export interface AgentOptions extends SessionOptions {
  /** Long-running work (background shells, subagents, workflows, crons, worktrees); none without it. */
  work?: WorkFactory;
}
