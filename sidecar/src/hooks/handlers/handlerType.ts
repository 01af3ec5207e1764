// The shape of a row of the handler table (table.ts): what one handler type is — its schema, how a
// checked entry becomes its typed handler, what it runs in one line, what makes two handlers the same
// hook, and how it runs. Every type answers with a process-shaped result (handlerResult.ts), read by
// the one answer policy (contract/answers.ts).
import type { z } from 'zod';
import type { HandlerCommon } from './common.js';
import type { ProcessResult, ProcessRunner } from './processSpec.js';

/** Asks a model one question without tools and resolves with the text of its answer (prompt hooks; the agent injects it). */
export type PromptModel = (req: { system: string; prompt: string; model?: string; signal: AbortSignal }) => Promise<string>;

/** Calls a tool of the session's MCP servers (mcp_tool hooks; the composition root injects it); `notConnected`: why no server of that name is connected now (English, for the run record). */
export type McpToolCaller = (req: {
  server: string;
  tool: string;
  input: Record<string, unknown>;
  signal: AbortSignal;
}) => Promise<{ text: string; isError: boolean } | { notConnected: string }>;

/** What the session gives every run: the process runner, the model and MCP callers, the platform and its shells. */
export interface HandlerRuntime {
  runProcess: ProcessRunner;
  promptModel: PromptModel | undefined;
  mcpTool: McpToolCaller | undefined;
  platform: NodeJS.Platform;
  /** Absolute shells, resolved when the session started (never a `sh` found on PATH later). */
  shells: { sh: string; bash: string };
  killGraceMs: number | undefined;
  exitGraceMs: number | undefined;
}

/** One run of one handler. */
export interface HandlerRun<H> {
  handler: H;
  /** The event JSON (stdin, the POST body, the prompt's $ARGUMENTS, the MCP input's templates). */
  payload: string;
  /** The hook environment (docs/hooks.md, "Environment"). */
  env: Record<string, string | undefined>;
  cwd: string;
  timeoutMs: number;
  /** Claude Code's async protocol applies (a synchronous command hook). */
  detachOnAsyncLine: boolean;
  /** A stop the user asked for: the process group is killed, the request aborted. */
  signal?: AbortSignal;
  /** The run starts once this resolves (what the hook reads is written meanwhile). */
  ready?: Promise<void>;
  runtime: HandlerRuntime;
}

/** One row of the handler table. */
export interface HandlerType<T extends string, H extends HandlerCommon & { type: T }, S extends z.ZodType> {
  type: T;
  /** The zod schema of an entry of this type (its fields and the common ones); part of THE settings schema. */
  schema: S;
  /** The typed handler of a checked entry. */
  read(data: z.infer<S>): H;
  /** What it runs, in one line (run records' `command`, the hooks list). */
  summary(h: H): string;
  /** What makes two handlers the same hook (identical hooks of one event run once). */
  identity(h: H): unknown[];
  run(r: HandlerRun<H>): Promise<ProcessResult>;
}

/** A row of the handler table, typed. */
export function handlerType<T extends string, H extends HandlerCommon & { type: T }, S extends z.ZodType>(row: HandlerType<T, H, S>): HandlerType<T, H, S> {
  return row;
}

/** Aborts on the timeout or on the user's stop, whichever comes first. */
export function runSignal(timeoutMs: number, stop: AbortSignal | undefined): { timeout: AbortSignal; signal: AbortSignal } {
  const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(timeoutMs)));
  return { timeout, signal: stop ? AbortSignal.any([timeout, stop]) : timeout };
}
