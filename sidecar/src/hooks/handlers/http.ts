// An `http` hook (docs/hooks.md, "Handler types"): the event JSON is POSTed to the handler's URL;
// a 2xx response's body is read like a command hook's stdout (empty: success); a non-2xx status,
// a connection error or the timeout is a non-blocking error. Header values may use `$VAR` /
// `${VAR}` of the names the handler lists in `allowedEnvVars`, and nothing else is expanded.
import * as z from 'zod';
import { common, commonFields, defined, type HandlerCommon } from './common.js';
import { handlerResult } from './handlerResult.js';
import { handlerType, runSignal, type HandlerRun } from './handlerType.js';
import type { ProcessResult } from './processSpec.js';
import { messageOf } from '../../util/errors.js';

export interface HttpHandler extends HandlerCommon {
  type: 'http';
  url: string;
  headers?: Record<string, string>;
  allowedEnvVars?: string[];
}

export const HttpHandlerSchema = z
  .object({
    type: z.literal('http'),
    url: z.url({ protocol: /^https?$/, error: 'url must be an http:// or https:// URL' }).describe('The event JSON is POSTed here; a 2xx body is the answer.'),
    headers: z
      .record(z.string(), z.string({ error: 'header values must be strings' }), { error: 'headers must be an object of strings' })
      .optional()
      .describe('Request headers; $VAR / ${VAR} of the names in allowedEnvVars are expanded, nothing else.'),
    allowedEnvVars: z
      .array(z.string(), { error: 'allowedEnvVars must be an array of names' })
      .optional()
      .describe('Environment variables the headers may use.'),
    ...commonFields,
  })
  .passthrough()
  .meta({ id: 'HttpHook', description: 'An HTTP endpoint.' });

const CAP = 64 * 1024;

/** `$NAME` / `${NAME}` of the allowed names replaced by their value (empty when unset); others are left as written. */
export function expandHeader(value: string, allowed: readonly string[], env: Record<string, string | undefined>): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, braced: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare ?? '';
    return allowed.includes(name) ? (env[name] ?? '') : whole;
  });
}

function capped(text: string): { text: string; truncated: boolean } {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= CAP) return { text: text.trim(), truncated: false };
  const kept = new TextDecoder().decode(bytes.subarray(0, CAP)).trim();
  return { text: `${kept}\n… [output truncated: ${bytes.length - CAP} more bytes dropped]`, truncated: true };
}

/** Why a request did not get through: the system's code (`ECONNREFUSED`, `ERR_INVALID_URL`…) when there is one, else the message. */
function requestError(err: unknown): { code: string | undefined; why: string } {
  const cause = (err as { cause?: { code?: unknown; message?: string } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  return { code, why: code ?? cause?.message ?? messageOf(err) };
}

async function runHttpHook(run: HandlerRun<HttpHandler>): Promise<ProcessResult> {
  await run.ready; // a request goes once what it names is written
  const startedAt = Date.now();
  const t0 = performance.now();
  const allowed = run.handler.allowedEnvVars ?? [];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [k, v] of Object.entries(run.handler.headers ?? {})) headers[k] = expandHeader(v, allowed, run.env);
  const { timeout, signal } = runSignal(run.timeoutMs, run.signal);
  try {
    const res = await fetch(run.handler.url, { method: 'POST', headers, body: run.payload, signal, redirect: 'manual' });
    const body = capped(await res.text());
    if (res.status >= 200 && res.status < 300) return handlerResult(startedAt, t0, { exitCode: 0, stdout: body.text, stdoutTruncated: body.truncated });
    const failure = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''} from ${run.handler.url}`;
    const cause = { cause: 'httpStatus', status: res.status, url: run.handler.url } as const;
    return handlerResult(startedAt, t0, { failure, cause, stderr: body.text, stderrTruncated: body.truncated });
  } catch (err) {
    if (timeout.aborted) return handlerResult(startedAt, t0, { timedOut: true });
    if (run.signal?.aborted) return handlerResult(startedAt, t0, { failure: 'the hook was stopped', cause: { cause: 'stopped' } });
    const { code, why } = requestError(err);
    const cause = { cause: 'requestFailed', url: run.handler.url, code: code ?? null, ...(code ? {} : { detail: why }) } as const;
    return handlerResult(startedAt, t0, { failure: `the request to ${run.handler.url} failed: ${why}`, cause });
  }
}

export const HTTP = handlerType({
  type: 'http',
  schema: HttpHandlerSchema,
  read: (d): HttpHandler => ({ type: 'http', url: d.url, ...defined({ headers: d.headers, allowedEnvVars: d.allowedEnvVars }), ...common(d) }),
  summary: (h) => `POST ${h.url}`,
  identity: (h) => [h.url],
  run: runHttpHook,
});
