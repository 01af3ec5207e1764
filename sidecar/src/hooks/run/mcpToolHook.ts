// An `mcp_tool` hook (docs/hooks.md, "Handler types"; docs/mcp.md, "MCP tools as hooks"): calls a
// tool of a connected MCP server with the handler's `input`, in which `${path}` is replaced by the
// value at that path of the event JSON (`${tool_input.file_path}`; a string that is one template
// keeps the value's type). The tool's text is read as a command's stdout (JSON answer or plain
// text, exit 0); an error result, a server that is not connected or the timeout is a non-blocking
// error. The engine knows no MCP client: the composition root hands it an `McpToolCaller`.
import { handlerResult } from './handlerResult.js';
import type { McpToolHandler, ProcessResult } from '../contract/types.js';
import { messageOf } from '../../util/errors.js';

export type McpToolCaller = (req: {
  server: string;
  tool: string;
  input: Record<string, unknown>;
  signal: AbortSignal;
}) => Promise<{ text: string; isError: boolean }>;

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

export interface McpToolHookRun {
  handler: McpToolHandler;
  payload: string;
  caller: McpToolCaller | undefined;
  timeoutMs: number;
  signal?: AbortSignal;
}

export async function runMcpToolHook(run: McpToolHookRun): Promise<ProcessResult> {
  const startedAt = Date.now();
  const t0 = performance.now();
  const { server, tool } = run.handler;
  if (!run.caller) return handlerResult(startedAt, t0, { failure: `no MCP server "${server}" is connected in this session` });
  const input = fillTemplates(run.handler.input ?? {}, JSON.parse(run.payload)) as Record<string, unknown>;
  const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(run.timeoutMs)));
  const signal = run.signal ? AbortSignal.any([timeout, run.signal]) : timeout;
  try {
    const r = await run.caller({ server, tool, input, signal });
    return r.isError ? handlerResult(startedAt, t0, { exitCode: 1, stderr: r.text }) : handlerResult(startedAt, t0, { exitCode: 0, stdout: r.text });
  } catch (err) {
    if (timeout.aborted) return handlerResult(startedAt, t0, { timedOut: true });
    if (run.signal?.aborted) return handlerResult(startedAt, t0, { failure: 'the hook was stopped' });
    return handlerResult(startedAt, t0, { failure: `the MCP tool ${server}/${tool} could not be called: ${messageOf(err)}` });
  }
}
