// The shapes of the MCP client shared with the UI live in protocol/mcpListing.ts.
export type { McpServerStatus, McpServerView, McpToolInfo } from '../protocol/mcpListing.js';

/** `mcp__<server>__<tool>`: the name the model and hook matchers see (docs/mcp.md, "Tools"). */
export const mcpToolName = (server: string, tool: string) => `mcp__${server}__${tool}`;
