// The sidecar SDK's public surface: the agent, the hook engine, the model layer.
export * from './hooks/index.js';
export { Agent } from './app/sdk.js';
export type { AgentOptions, AgentEvent, ToolApproval, ToolApprovalRequest } from './agent/agent.js';
export type { Message, Block, TextBlock, ToolBlock, ErrorBlock, HookRunBlock, CompactBlock } from './protocol/wire.js';
export type { TurnResult } from './agent/turn.js';
export { createModelClient, modelConfigFrom, ModelError } from './models/index.js';
export type { ModelClient, ModelConfig } from './models/index.js';
