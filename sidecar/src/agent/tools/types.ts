// What a tool is: a name (Claude Code's), an input schema (zod, exported as JSON Schema for the
// model), what kind of access it needs (for permission modes) and how it runs.
import type * as z from 'zod';

export interface ToolContext {
  /** The session's current working directory (relative paths resolve against it). */
  cwd: string;
  env: Record<string, string | undefined>;
  /** The session's CLAUDE_ENV_FILE (Bash sources it before each command). */
  envFile?: string;
  signal?: AbortSignal;
}

export interface ToolOutcome {
  success: boolean;
  /** What the model sees as the tool result. */
  result: string;
  /** On failure, the error text (also what PostToolUseFailure gets). */
  error?: string;
  /** The structured `tool_response` hooks see in PostToolUse. */
  response: Record<string, unknown>;
}

/** read: never changes anything; edit: changes files; execute: runs commands; other: neither. */
export type ToolAccess = 'read' | 'edit' | 'execute' | 'other';

export interface Tool<I = Record<string, unknown>> {
  name: string;
  description: string;
  schema: z.ZodType<I>;
  /** The JSON Schema the model is given, when the tool brings its own (an MCP server's tool); else made from `schema`. */
  inputJsonSchema?: Record<string, unknown>;
  access: ToolAccess;
  /** The MCP server the tool belongs to (hooks get it as `mcp_server`). */
  mcpServer?: string;
  /** The text permission rules match against: `Bash(npm test:*)` looks at the command. */
  ruleContent?(input: I): string | undefined;
  run(input: I, ctx: ToolContext): Promise<ToolOutcome>;
}

/** A tool of any input type, as the registry holds it (its own schema checks the input first). */
export type AnyTool = Tool<unknown>;

export function failure(error: string, response: Record<string, unknown> = {}): ToolOutcome {
  return { success: false, result: error, error, response: { ...response, success: false, error } };
}
