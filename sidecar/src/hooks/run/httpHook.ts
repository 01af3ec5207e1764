// An `http` hook (docs/hooks.md, "Handler types"): the event JSON is POSTed to the handler's URL;
// a 2xx response's body is read like a command hook's stdout (empty: success); a non-2xx status,
// a connection error or the timeout is a non-blocking error. Header values may use `$VAR` /
// `${VAR}` of the names the handler lists in `allowedEnvVars`, and nothing else is expanded.
import { handlerResult } from './handlerResult.js';
import type { HttpHandler, ProcessResult } from '../contract/types.js';
import { messageOf } from '../../util/errors.js';

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

export interface HttpHookRun {
  handler: HttpHandler;
  body: string;
  env: Record<string, string | undefined>;
  timeoutMs: number;
  /** Stops the request early (the user's Stop, the session ending). */
  signal?: AbortSignal;
}

export async function runHttpHook(run: HttpHookRun): Promise<ProcessResult> {
  const startedAt = Date.now();
  const t0 = performance.now();
  const allowed = run.handler.allowedEnvVars ?? [];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [k, v] of Object.entries(run.handler.headers ?? {})) headers[k] = expandHeader(v, allowed, run.env);
  const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(run.timeoutMs)));
  const signal = run.signal ? AbortSignal.any([timeout, run.signal]) : timeout;
  try {
    const res = await fetch(run.handler.url, { method: 'POST', headers, body: run.body, signal, redirect: 'manual' });
    const body = capped(await res.text());
    if (res.status >= 200 && res.status < 300) return handlerResult(startedAt, t0, { exitCode: 0, stdout: body.text, stdoutTruncated: body.truncated });
    const failure = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''} from ${run.handler.url}`;
    return handlerResult(startedAt, t0, { failure, stderr: body.text, stderrTruncated: body.truncated });
  } catch (err) {
    if (timeout.aborted) return handlerResult(startedAt, t0, { timedOut: true });
    if (run.signal?.aborted) return handlerResult(startedAt, t0, { failure: 'the hook was stopped' });
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? messageOf(err);
    return handlerResult(startedAt, t0, { failure: `the request to ${run.handler.url} failed: ${why}` });
  }
}
