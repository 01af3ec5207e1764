// One handler entry of a settings file, read by its type (docs/hooks.md, "Handler types"): the
// schema of that type checks it; Claude Code types and fields Wave does not run are warnings that
// name them (never silently ignored); the result is the typed handler and what it runs, in one line.
import type { z } from 'zod';
import {
  HANDLER_TYPES,
  HANDLER_TYPE_NAMES,
  UNSUPPORTED_HANDLER_TYPES,
  handlerSummary,
  isHandlerType,
  readChecked,
  type HookHandler,
} from '../handlers/table.js';
import type { JsonPath } from '../../settings/jsonFile.js';

export { summarize } from '../handlers/common.js';
export { handlerSummary } from '../handlers/table.js';

export interface HandlerIssue {
  severity: 'error' | 'warning';
  /** Inside the handler. */
  path: JsonPath;
  message: string;
}

export type HandlerReadResult =
  { handler: HookHandler; summary: string; issues: HandlerIssue[] } | { handler: null; rejected: boolean; issues: HandlerIssue[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function issuePath(issue: z.core.$ZodIssue): JsonPath {
  return issue.path.filter((p): p is string | number => typeof p !== 'symbol');
}

function issueMessage(issue: z.core.$ZodIssue, entry: Record<string, unknown>): string {
  const key = issue.path[0];
  if (issue.code === 'invalid_type' && typeof key === 'string' && entry[key] === undefined) return `${key} is required`;
  return issue.message;
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

/** "command, http, prompt and mcp_tool": the types Wave runs, in words. */
function runsList(): string {
  const names = [...HANDLER_TYPE_NAMES];
  const last = names.pop();
  return names.length ? `${names.join(', ')} and ${last}` : String(last);
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
    const message = `hook type "${String(type)}" is not supported by Wave (it runs ${runsList()} hooks): this hook is skipped`;
    return { handler: null, rejected: false, issues: [{ severity: 'warning', path: ['type'], message }] };
  }
  if (!isHandlerType(type)) {
    const message = `unsupported hook type ${JSON.stringify(type)}: one of ${HANDLER_TYPE_NAMES.map((t) => `"${t}"`).join(', ')}`;
    return { handler: null, rejected: true, issues: [{ severity: 'error', path: ['type'], message }] };
  }
  const kind = type;
  if (kind === 'command' && entry.args !== undefined && entry.command === undefined) {
    const message = 'args needs command: command is the program that args are given to (the exec form)';
    return { handler: null, rejected: true, issues: [{ severity: 'error', path: ['command'], message }] };
  }
  const parsed = HANDLER_TYPES[kind].schema.safeParse(entry);
  if (!parsed.success) {
    return {
      handler: null,
      rejected: true,
      issues: parsed.error.issues.map((i) => ({ severity: 'error', path: issuePath(i), message: issueMessage(i, entry) })),
    };
  }
  const handler = readChecked(kind, parsed.data);
  return { handler, summary: handlerSummary(handler), issues: fieldWarnings(handler) };
}
