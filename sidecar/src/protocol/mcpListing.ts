// The MCP servers as the settings page, `wave mcp list` and the agent see them (docs/mcp.md): each
// server with where it was configured, its state (connected, failed with the reason, waiting for
// approval, not started in an untrusted workspace) and its tools.
import type { ConfigProblem } from './wire.js';

export type McpServerStatus =
  | { state: 'connecting' }
  | { state: 'connected' }
  | { state: 'failed'; reason: string; stderr?: string; retryInMs?: number }
  /** A project server the user has not approved (or whose configuration changed since). */
  | { state: 'needs-approval' }
  /** A project server in a workspace that is not trusted. */
  | { state: 'untrusted' }
  | { state: 'stopped' };

export interface McpToolInfo {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** The server says the tool changes nothing (`readOnlyHint`). */
  readOnly: boolean;
}

export type McpSourceName = 'user' | 'project' | 'projectLocal' | 'mcpjson' | 'plugin' | 'programmatic' | 'flag';

export interface McpServerView {
  name: string;
  source: McpSourceName;
  /** The file it is configured in (`<programmatic>` for Agent.create). */
  file: string;
  line?: number;
  /** `stdio`, `http` or `sse`. */
  transport: 'stdio' | 'http' | 'sse';
  /** What it runs or reaches: the command line, or the URL (before `${VAR}` expansion). */
  target: string;
  status: McpServerStatus;
  /** Its tools as the model sees them (`mcp__<server>__<tool>`) while connected. */
  tools: string[];
}

/** An MCP server asks the user for input (docs/mcp.md, "Elicitation"): the chat shows the form. */
export interface McpElicitation {
  requestId: string;
  server: string;
  message: string;
  mode: 'form' | 'url';
  url?: string;
  /** The JSON Schema of the answer (form mode): an object of flat properties. */
  requestedSchema?: Record<string, unknown>;
}

/** What the user answers. */
export interface McpElicitationAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** The settings page's MCP section. */
export interface McpListing {
  /** False until the session has started its servers. */
  ready: boolean;
  servers: McpServerView[];
  /** Invalid files and entries, each with its file, line and JSON path. */
  problems: ConfigProblem[];
  /** Tool hooks whose matcher targets an MCP server that is not connected (the hook rows flag them). */
  hookTargets: McpHookTarget[];
}

export interface McpHookTarget {
  hookId: string;
  server: string;
  /** The server's state, or `missing` when no server of that name is configured. */
  state: McpServerStatus['state'] | 'missing';
}
