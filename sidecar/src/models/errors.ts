// One error type for every way a model call can fail, with a one-line message a user can act on.
// Both official client libraries (Stainless-generated) report failures the same way: an APIError
// with the HTTP status and parsed body, APIConnectionError (cause: undici's "fetch failed" whose
// own cause carries the errno code), APIConnectionTimeoutError, APIUserAbortError. Retries on
// connection errors, 408/409/429 and 5xx already happened inside the library (`maxRetries`). The
// library's error classes come with the context (no import of either library here: the one in use
// is loaded on the first model request, the other never).
import type { ModelProvider } from './types.js';
import { ModelError, type ModelErrorKind } from './modelError.js';
import { messageOf } from '../util/errors.js';

export { ModelError, type ModelErrorKind } from './modelError.js';

type ErrorClass = abstract new (...args: never[]) => Error;

/** The error classes of an official client library (`OpenAI`, `Anthropic`: both Stainless-generated, same names). */
export interface SdkErrorClasses {
  APIError: abstract new (...args: never[]) => Error & { status?: number | undefined; error?: unknown };
  APIConnectionError: ErrorClass;
  APIConnectionTimeoutError: ErrorClass;
  APIUserAbortError: ErrorClass;
}

/** What the message needs to know about the call that failed. */
export interface ModelErrorContext {
  /** The error classes of the library that made the call. */
  sdks: readonly SdkErrorClasses[];
  provider: ModelProvider;
  model: string;
  /** The base URL the client library actually used. */
  baseURL: string;
  maxRetries: number;
  timeoutMs?: number | undefined;
}

const DETAIL_MAX = 200;

/** Collapses a server's message to one short line. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > DETAIL_MAX ? `${flat.slice(0, DETAIL_MAX - 1)}…` : flat;
}

/** The human message inside an error body, in either provider's format (or a bare `detail`). */
export function serverMessage(body: unknown, depth = 0): string | undefined {
  if (typeof body === 'string') return body.trim() ? oneLine(body) : undefined;
  if (typeof body !== 'object' || body === null || depth > 3) return undefined;
  const rec = body as Record<string, unknown>;
  for (const key of ['message', 'detail']) {
    if (typeof rec[key] === 'string' && rec[key].trim()) return oneLine(rec[key]);
  }
  return serverMessage(rec['error'], depth + 1);
}

/** The error `type` inside an Anthropic-format body (`rate_limit_error`, `overloaded_error`, ...). */
function bodyType(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const inner = (body as Record<string, unknown>)['error'];
  if (typeof inner === 'object' && inner !== null) {
    const t = (inner as Record<string, unknown>)['type'];
    if (typeof t === 'string') return t;
  }
  const t = (body as Record<string, unknown>)['type'];
  return typeof t === 'string' && t !== 'error' ? t : undefined;
}

/**
 * The errno-style code (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`, ...) somewhere in an error's
 * cause chain. undici wraps it: TypeError("fetch failed") → cause Error{code} or, when a host name
 * resolved to several addresses, an AggregateError whose `errors` each carry one.
 */
export function networkCode(err: unknown, depth = 0): string | undefined {
  if (typeof err !== 'object' || err === null || depth > 6) return undefined;
  const rec = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof rec.code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(rec.code)) return rec.code;
  const fromCause = networkCode(rec.cause, depth + 1);
  if (fromCause) return fromCause;
  if (Array.isArray(rec.errors)) {
    for (const inner of rec.errors) {
      const code = networkCode(inner, depth + 1);
      if (code) return code;
    }
  }
  return undefined;
}

function innermostMessage(err: unknown): string {
  let cur: unknown = err;
  let message = messageOf(err);
  for (let i = 0; i < 6 && cur instanceof Error; i++) {
    if (cur.message) message = cur.message;
    cur = cur.cause;
  }
  return oneLine(message);
}

/** Whether `err` is an instance of the class `name` of one of the libraries. */
function isSdk(err: unknown, ctx: ModelErrorContext, name: keyof SdkErrorClasses): boolean {
  return ctx.sdks.some((sdk) => err instanceof sdk[name]);
}

function isAbortLike(err: unknown, ctx: ModelErrorContext): boolean {
  return isSdk(err, ctx, 'APIUserAbortError') || (typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError');
}

function withDetail(message: string, detail: string | undefined): string {
  return detail ? `${message}: ${detail}` : message;
}

/** Builds the error for an HTTP error status (or an Anthropic in-stream `error` event's type). */
function fromStatus(status: number | undefined, body: unknown, ctx: ModelErrorContext, cause: unknown): ModelError {
  const detail = serverMessage(body);
  const type = bodyType(body);
  const code = status === undefined ? '' : ` (${status})`;
  const make = (kind: ModelErrorKind, head: string) => new ModelError(kind, withDetail(head, detail), { status, cause });
  if (status === 401 || type === 'authentication_error') {
    return make('auth', `authentication failed${code}: check WAVE_API_KEY`);
  }
  if (status === 403 || type === 'permission_error') {
    return make('auth', `permission denied${code}: check WAVE_API_KEY`);
  }
  if (status === 404 || type === 'not_found_error') {
    // A 404 that does not name the model is often a base URL missing its /v1.
    const hint = detail?.includes(ctx.model) ? '' : ` (check WAVE_MODEL and WAVE_BASE_URL ${ctx.baseURL})`;
    return make('unknown_model', `unknown model "${ctx.model}"${code}${hint}`);
  }
  // An error event inside a stream (no status) came after the answer began: never retried.
  const retried = ctx.maxRetries > 0 && status !== undefined ? `, gave up after ${ctx.maxRetries} retries` : '';
  if (status === 429 || type === 'rate_limit_error') {
    return make('rate_limited', `rate limited by the model server${code}${retried}`);
  }
  if ((status !== undefined && status >= 500) || type === 'overloaded_error' || type === 'api_error') {
    const overloaded = status === 529 || type === 'overloaded_error';
    return make('server', `model server ${overloaded ? 'overloaded' : 'error'}${code}${retried}`);
  }
  if ((status !== undefined && status >= 400) || type === 'invalid_request_error') {
    return make('bad_request', `model request rejected${code}`);
  }
  return make('server', `model server error${code}`);
}

/**
 * Turns whatever a model call threw into a ModelError. `signal` decides abort first: after the
 * caller aborted, any error (the library's APIUserAbortError, a DOMException from the body read,
 * an interrupted retry sleep) is reported as `aborted`.
 */
export function toModelError(err: unknown, ctx: ModelErrorContext, signal?: AbortSignal): ModelError {
  if (err instanceof ModelError) return err;
  if (signal?.aborted || isAbortLike(err, ctx)) {
    return new ModelError('aborted', 'model request aborted', { cause: err });
  }
  const where = `model server at ${ctx.baseURL}`;
  if (isSdk(err, ctx, 'APIConnectionTimeoutError')) {
    const within = ctx.timeoutMs === undefined ? '' : ` within ${ctx.timeoutMs} ms`;
    return new ModelError('unreachable', `${where} did not answer${within} (timed out)`, { cause: err });
  }
  if (isSdk(err, ctx, 'APIConnectionError')) {
    let code = networkCode(err) ?? innermostMessage(err);
    // undici refuses ports on the fetch standard's blocked list (e.g. 9, 25, 6000) before connecting.
    if (code === 'bad port') code = 'port blocked by fetch';
    return new ModelError('unreachable', `${where} is unreachable (${code})`, { cause: err });
  }
  if (isSdk(err, ctx, 'APIError')) {
    const apiError = err as InstanceType<SdkErrorClasses['APIError']>;
    // Without a JSON body the libraries put the raw text in the message, after the status.
    const text = apiError.message.replace(/^\d{3} /, '');
    const body = apiError.error ?? (/status code \(no body\)|^\(no status code or body\)$/.test(text) ? undefined : text);
    return fromStatus(apiError.status, body, ctx, err);
  }
  const code = networkCode(err);
  if (code) {
    return new ModelError('unreachable', `connection to ${where} was lost (${code})`, { cause: err });
  }
  return new ModelError('server', `${where} sent an unusable answer: ${innermostMessage(err)}`, { cause: err });
}
