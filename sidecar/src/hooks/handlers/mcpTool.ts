// An `mcp_tool` hook (docs/hooks.md, "Handler types"; docs/mcp.md, "MCP tools as hooks"): calls a
// tool of a connected MCP server with the handler's `input`, in which `${path}` is replaced by the
// value at that path of the event JSON (`${tool_input.file_path}`; a string that is one template
// keeps the value's type). The tool's text is read as a command's stdout (JSON answer or plain
// text, exit 0); an error result, a server that is not connected or the timeout is a non-blocking
// error. The engine knows no MCP client: the composition root hands it an `McpToolCaller`.
import * as z from 'zod';
import { common, commonFields, defined, type HandlerCommon } from './common.js';
import { handlerResult } from './handlerResult.js';
import { handlerType, runSignal, type HandlerRun } from './handlerType.js';
import type { ProcessResult } from './processSpec.js';
import { messageOf } from '../../util/errors.js';

export type { McpToolCaller } from './handlerType.js';

export interface McpToolHandler extends HandlerCommon {
  type: 'mcp_tool';
  /** A server of the session's MCP servers (docs/mcp.md). */
  server: string;
  tool: string;
  /** The tool's arguments; `${path}` in a string is replaced from the event JSON. */
  input?: Record<string, unknown>;
}

export const McpToolHandlerSchema = z
  .object({
    type: z.literal('mcp_tool'),
    server: z.string({ error: 'server must be the name of an MCP server' }).min(1, 'server must not be empty').describe('The MCP server (docs/mcp.md).'),
    tool: z.string({ error: 'tool must be the name of a tool of the server' }).min(1, 'tool must not be empty').describe('The tool to call.'),
    input: z
      .record(z.string(), z.unknown(), { error: 'input must be an object (the tool arguments)' })
      .optional()
      .describe('The tool arguments; "${tool_input.file_path}" and other ${path} are replaced from the event JSON.'),
    ...commonFields,
  })
  .passthrough()
  .meta({ id: 'McpToolHook', description: 'A tool of a connected MCP server; its text is read like a command hook’s stdout.' });

const TEMPLATE = /\$\{([A-Za-z_][\w]*(?:\.[\w-]+|\[\d+\])*)\}/g;

/** The value at `a.b[0].c` of the event, or undefined. */
export function valueAt(event: unknown, path: string): unknown {
  let v: unknown = event;
  for (const seg of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

/** The handler's input with every `${path}` replaced from the event. */
export function fillTemplates(input: unknown, event: unknown): unknown {
  if (typeof input === 'string') {
    const whole = /^\$\{([^}]+)\}$/.exec(input);
    if (whole) return valueAt(event, whole[1]!) ?? '';
    return input.replace(TEMPLATE, (_m, path: string) => {
      const v = valueAt(event, path);
      return v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(input)) return input.map((x) => fillTemplates(x, event));
  if (typeof input === 'object' && input !== null) return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, fillTemplates(v, event)]));
  return input;
}

async function runMcpToolHook(run: HandlerRun<McpToolHandler>): Promise<ProcessResult> {
  await run.ready;
  const startedAt = Date.now();
  const t0 = performance.now();
  const { server, tool } = run.handler;
  const caller = run.runtime.mcpTool;
  const notConnected = (why = `no MCP server "${server}" is connected in this session`) =>
    handlerResult(startedAt, t0, { failure: why, cause: { cause: 'noMcpServer', server } });
  if (!caller) return notConnected();
  const input = fillTemplates(run.handler.input ?? {}, JSON.parse(run.payload)) as Record<string, unknown>;
  const { timeout, signal } = runSignal(run.timeoutMs, run.signal);
  try {
    const r = await caller({ server, tool, input, signal });
    if ('notConnected' in r) return notConnected(r.notConnected);
    return r.isError ? handlerResult(startedAt, t0, { exitCode: 1, stderr: r.text }) : handlerResult(startedAt, t0, { exitCode: 0, stdout: r.text });
  } catch (err) {
    if (timeout.aborted) return handlerResult(startedAt, t0, { timedOut: true });
    if (run.signal?.aborted) return handlerResult(startedAt, t0, { failure: 'the hook was stopped', cause: { cause: 'stopped' } });
    const detail = messageOf(err);
    const cause = { cause: 'mcpFailed', server, tool, detail } as const;
    return handlerResult(startedAt, t0, { failure: `the MCP tool ${server}/${tool} could not be called: ${detail}`, cause });
  }
}

export const MCP_TOOL = handlerType({
  type: 'mcp_tool',
  schema: McpToolHandlerSchema,
  read: (d): McpToolHandler => ({ type: 'mcp_tool', server: d.server, tool: d.tool, ...defined({ input: d.input }), ...common(d) }),
  summary: (h) => `mcp_tool: ${h.server}/${h.tool}`,
  identity: (h) => [h.server, h.tool, h.input ?? null],
  run: runMcpToolHook,
});
