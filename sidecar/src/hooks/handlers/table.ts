// THE table of handler types (docs/hooks.md, "Matcher groups and handlers"), like the event table:
// one row per type, each row one module (command.ts, http.ts, prompt.ts, mcpTool.ts) giving its
// schema, its typed handler, its summary, its identity and how it runs. The settings schema, the
// handler union, validation messages, the import and the docs check derive from it; adding a handler
// type is one module and one row here (docs/architecture.md, "Where to change what").
import type { z } from 'zod';
import { COMMAND } from './command.js';
import { HTTP } from './http.js';
import { PROMPT } from './prompt.js';
import { MCP_TOOL } from './mcpTool.js';
import type { HandlerRun } from './handlerType.js';
import type { ProcessResult } from './processSpec.js';

export const HANDLER_TYPES = { command: COMMAND, http: HTTP, prompt: PROMPT, mcp_tool: MCP_TOOL } as const;

export type HandlerTypeName = keyof typeof HANDLER_TYPES;
type Row<K extends HandlerTypeName> = (typeof HANDLER_TYPES)[K];

/** One handler as written in a settings file (after validation): the union of the table's types. */
export type HookHandler = { [K in HandlerTypeName]: ReturnType<Row<K>['read']> }[HandlerTypeName];

/** An entry of a settings file before validation, by the table's schemas. */
export type HandlerInput = { [K in HandlerTypeName]: z.input<Row<K>['schema']> }[HandlerTypeName];

export const HANDLER_TYPE_NAMES = Object.keys(HANDLER_TYPES) as HandlerTypeName[];

/** Claude Code handler types Wave does not run (a warning naming them; the handler is skipped). */
export const UNSUPPORTED_HANDLER_TYPES = ['agent'] as const;

export function isHandlerType(type: unknown): type is HandlerTypeName {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(HANDLER_TYPES, type);
}

/** What the engine asks of any row (each row's methods take its own handler: the table pairs them by `type`). */
interface AnyRow {
  summary(h: HookHandler): string;
  identity(h: HookHandler): unknown[];
  run(r: HandlerRun<HookHandler>): Promise<ProcessResult>;
}

/** The row of a handler's type. */
function rowOf(h: HookHandler): AnyRow {
  return HANDLER_TYPES[h.type];
}

/** What a handler runs, in one line: its command, `POST <url>`, `prompt: <text>`, `mcp_tool: <server>/<tool>`. */
export function handlerSummary(h: HookHandler): string {
  return rowOf(h).summary(h);
}

/** What makes two handlers the same hook: their type and what runs (command and args, url, prompt, MCP server, tool and input). */
export function handlerIdentity(h: HookHandler): string {
  return JSON.stringify([h.type, ...rowOf(h).identity(h)]);
}

/** Runs one handler by its type. */
export function runHandler(r: HandlerRun<HookHandler>): Promise<ProcessResult> {
  return rowOf(r.handler).run(r);
}

/** The typed handler of an entry its type's schema accepted. */
export function readChecked(type: HandlerTypeName, data: unknown): HookHandler {
  return (HANDLER_TYPES[type].read as (d: unknown) => HookHandler)(data);
}
