// One handler entry of a settings file, read by its type (docs/hooks.md, "Handler types"): the
// schema of that type checks it; Claude Code types and fields Wave does not run are warnings that
// name them (never silently ignored); the result is the typed handler and what it runs, in one line.
import type { z } from 'zod';
import {
  HANDLER_SCHEMAS,
  UNSUPPORTED_HANDLER_TYPES,
  type CommandHandlerData,
  type HttpHandlerData,
  type McpToolHandlerData,
  type PromptHandlerData,
} from './schema.js';
import type { HandlerCommon, HookHandler } from '../contract/types.js';
import type { JsonPath } from '../../settings/jsonFile.js';
import { isObject } from '../../util/objects.js';
import { issuePath } from '../../util/zodIssues.js';

export interface HandlerIssue {
  severity: 'error' | 'warning';
  /** Inside the handler. */
  path: JsonPath;
  message: string;
}

export type HandlerReadResult =
  { handler: HookHandler; summary: string; issues: HandlerIssue[] } | { handler: null; rejected: boolean; issues: HandlerIssue[] };

export function summarize(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** What a handler runs, in one line: its command, `POST <url>`, or `prompt: <text>`. */
export function handlerSummary(h: HookHandler): string {
  if (h.type === 'http') return `POST ${h.url}`;
  if (h.type === 'prompt') return `prompt: ${summarize(h.prompt, 200)}`;
  if (h.type === 'mcp_tool') return `mcp_tool: ${h.server}/${h.tool}`;
  return h.args ? [h.command, ...h.args].map(quoteWord).join(' ') : h.command;
}

/** A word of the exec form as a shell would read it back (the summary is for reading, never run). */
function quoteWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

function issueMessage(issue: z.core.$ZodIssue, entry: Record<string, unknown>): string {
  const key = issue.path[0];
  if (issue.code === 'invalid_type' && typeof key === 'string' && entry[key] === undefined) return `${key} is required`;
  return issue.message;
}

/** Copies the defined optional fields (exactOptionalPropertyTypes: never an `undefined` value). */
function defined<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

function common(d: { [K in keyof HandlerCommon]?: HandlerCommon[K] | undefined }): HandlerCommon {
  const { timeout, async, asyncTimeout, asyncRewake, rewakeMessage, once, onFailure, statusMessage, description, name } = d;
  return defined({ timeout, async, asyncTimeout, asyncRewake, rewakeMessage, once, if: d.if, onFailure, statusMessage, description, name });
}

function toHandler(type: keyof typeof HANDLER_SCHEMAS, data: CommandHandlerData | HttpHandlerData | PromptHandlerData | McpToolHandlerData): HookHandler {
  if (type === 'mcp_tool') {
    const d = data as McpToolHandlerData;
    return { type, server: d.server, tool: d.tool, ...defined({ input: d.input }), ...common(d) };
  }
  if (type === 'http') {
    const d = data as HttpHandlerData;
    return { type, url: d.url, ...defined({ headers: d.headers, allowedEnvVars: d.allowedEnvVars }), ...common(d) };
  }
  if (type === 'prompt') {
    const d = data as PromptHandlerData;
    return { type, prompt: d.prompt, ...defined({ model: d.model }), ...common(d) };
  }
  const d = data as CommandHandlerData;
  const fields = defined({ args: d.args, commandWindows: d.commandWindows, shell: d.shell, transcript: d.transcript });
  return { type: 'command', command: d.command, ...fields, ...common(d) };
}

/** Warnings for fields that are valid but do not do what the user may think. */
function fieldWarnings(handler: HookHandler): HandlerIssue[] {
  const out: HandlerIssue[] = [];
  if (handler.rewakeMessage !== undefined && !handler.asyncRewake) {
    out.push({ severity: 'warning', path: ['rewakeMessage'], message: 'rewakeMessage is used only with "asyncRewake": true' });
  }
  if (handler.asyncTimeout !== undefined && !handler.async && !handler.asyncRewake) {
    out.push({ severity: 'warning', path: ['asyncTimeout'], message: 'asyncTimeout is used only with "async": true or "asyncRewake": true' });
  }
  if (handler.onFailure && (handler.async || handler.asyncRewake)) {
    out.push({
      severity: 'warning',
      path: ['onFailure'],
      message: 'onFailure has no effect on a hook that runs in the background (async, asyncRewake): it never blocks',
    });
  }
  return out;
}

export function readHandler(entry: unknown): HandlerReadResult {
  if (!isObject(entry)) {
    return {
      handler: null,
      rejected: true,
      issues: [{ severity: 'error', path: [], message: 'a hook handler must be an object like { "type": "command", "command": "..." }' }],
    };
  }
  const type = entry.type ?? 'command';
  if ((UNSUPPORTED_HANDLER_TYPES as readonly unknown[]).includes(type)) {
    const message = `hook type "${String(type)}" is not supported by Wave (it runs command, http, prompt and mcp_tool hooks): this hook is skipped`;
    return { handler: null, rejected: false, issues: [{ severity: 'warning', path: ['type'], message }] };
  }
  if (typeof type !== 'string' || !(type in HANDLER_SCHEMAS)) {
    const message = `unsupported hook type ${JSON.stringify(type)}: one of "command", "http", "prompt", "mcp_tool"`;
    return { handler: null, rejected: true, issues: [{ severity: 'error', path: ['type'], message }] };
  }
  const kind = type as keyof typeof HANDLER_SCHEMAS;
  if (kind === 'command' && entry.args !== undefined && entry.command === undefined) {
    const message = 'args needs command: command is the program that args are given to (the exec form)';
    return { handler: null, rejected: true, issues: [{ severity: 'error', path: ['command'], message }] };
  }
  const parsed = HANDLER_SCHEMAS[kind].safeParse(entry);
  if (!parsed.success) {
    return {
      handler: null,
      rejected: true,
      issues: parsed.error.issues.map((i) => ({ severity: 'error', path: issuePath(i), message: issueMessage(i, entry) })),
    };
  }
  const handler = toHandler(kind, parsed.data);
  return { handler, summary: handlerSummary(handler), issues: fieldWarnings(handler) };
}
