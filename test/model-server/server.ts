// A scripted model server for tests and benchmarks: plain node:http on 127.0.0.1, speaking the
// real OpenAI chat-completions and Anthropic Messages wire formats (SSE or JSON), so the official
// client libraries run unmodified against it. A script is a list of turns replayed in order, one
// per model request; a step may be a function of the request. Every request is recorded.
import { appendFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  anthropicJson,
  anthropicModels,
  anthropicStream,
  errorBody,
  openaiJson,
  openaiModels,
  openaiStream,
  sseText,
  type Provider,
  type ScriptedTurn,
  type SseFrame,
  type TurnContext,
} from './wire.js';

export type { ScriptedError, ScriptedToolCall, ScriptedTurn } from './wire.js';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Parsed JSON body; the raw text when it is not JSON; null when empty. */
  body: any;
  /** Lower-case header names. */
  headers: Record<string, string>;
}

export type ScriptStep =
  | ScriptedTurn
  | ((request: RecordedRequest, index: number) => ScriptedTurn | Promise<ScriptedTurn>);

export interface ModelServerOptions {
  /** Appends one JSON line per request (authorization headers redacted). */
  logFile?: string;
  /** Listed by GET /v1/models; when given, requests for other models get 404 (no turn used). */
  models?: string[];
  /** When given, requests without this key (Bearer or x-api-key) get 401 (no turn used). */
  apiKey?: string;
  /** Start the script again instead of failing when it is exhausted (benchmarks). */
  loop?: boolean;
  /** Default 0: any free port. */
  port?: number;
}

export interface ModelServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `<url>/v1`, for the OpenAI client's baseURL. */
  openaiBaseURL: string;
  /** `<url>`, for the Anthropic client's baseURL (it appends /v1/messages itself). */
  anthropicBaseURL: string;
  /** Every request received, in order (including retries, errors and GET /v1/models). */
  requests: RecordedRequest[];
  /** Model requests answered from the script so far. */
  readonly served: number;
  /** Script steps not yet used. */
  readonly remaining: number;
  close(): Promise<void>;
}

const DEFAULT_MODELS = ['scripted-model'];
const RETRYABLE = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

/** Waits `ms`, or less if the client goes away meanwhile. */
function pause(res: ServerResponse, ms: number): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on('close', done);
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function providerOf(path: string, headers: Record<string, string>): Provider {
  if (path.startsWith('/v1/chat/')) return 'openai';
  return path.startsWith('/v1/messages') || 'anthropic-version' in headers ? 'anthropic' : 'openai';
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export async function startModelServer(script: ScriptStep[], options: ModelServerOptions = {}): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  const models = options.models ?? DEFAULT_MODELS;
  let next = 0;
  let served = 0;

  function log(record: RecordedRequest): void {
    requests.push(record);
    if (!options.logFile) return;
    const headers = { ...record.headers };
    for (const h of ['authorization', 'x-api-key']) if (h in headers) headers[h] = '<redacted>';
    appendFileSync(options.logFile, `${JSON.stringify({ time: new Date().toISOString(), ...record, headers })}\n`);
  }

  function authorized(headers: Record<string, string>): boolean {
    if (options.apiKey === undefined) return true;
    return headers['authorization'] === `Bearer ${options.apiKey}` || headers['x-api-key'] === options.apiKey;
  }

  /** Streams frames, stopping quietly when the client goes away. */
  async function stream(res: ServerResponse, frames: SseFrame[], chunkDelayMs: number): Promise<void> {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    for (const frame of frames) {
      if (res.destroyed || res.writableEnded) return;
      res.write(sseText(frame));
      if (chunkDelayMs > 0) await pause(res, chunkDelayMs);
    }
    if (!res.destroyed) res.end();
  }

  async function answer(res: ServerResponse, record: RecordedRequest, provider: Provider): Promise<void> {
    const body = record.body as Record<string, unknown>;
    const model = typeof body['model'] === 'string' ? body['model'] : '';
    if (options.models && !options.models.includes(model)) {
      const message = provider === 'anthropic' ? `model: ${model}` : `The model \`${model}\` does not exist or you do not have access to it.`;
      sendJson(res, 404, errorBody(provider, 404, message));
      return;
    }
    if (next >= script.length) {
      if (options.loop && script.length > 0) next = 0;
      else {
        const message = `model script exhausted after ${served} requests`;
        sendJson(res, 500, errorBody(provider, 500, message), { 'x-should-retry': 'false' });
        return;
      }
    }
    const step = script[next]!;
    const index = next++;
    served++;
    let turn: ScriptedTurn;
    try {
      turn = typeof step === 'function' ? await step(record, index) : step;
    } catch (err) {
      const message = `script step ${index} threw: ${err instanceof Error ? err.message : String(err)}`;
      sendJson(res, 500, errorBody(provider, 500, message), { 'x-should-retry': 'false' });
      return;
    }
    if (turn.delayMs) await pause(res, turn.delayMs);
    if (res.destroyed) return;
    if (turn.error) {
      const { status, message, type, retryAfterMs = 10, headers = {} } = turn.error;
      const extra: Record<string, string> = { ...headers };
      if (RETRYABLE(status) && retryAfterMs !== null) extra['retry-after-ms'] = String(retryAfterMs);
      sendJson(res, status, errorBody(provider, status, message ?? `scripted error ${status}`, type), extra);
      return;
    }
    const ctx: TurnContext = { n: served, model, requestChars: JSON.stringify(body).length };
    if (body['stream'] !== true) {
      sendJson(res, 200, provider === 'anthropic' ? anthropicJson(turn, ctx) : openaiJson(turn, ctx));
      return;
    }
    const streamOptions = body['stream_options'] as { include_usage?: unknown } | undefined;
    const frames = provider === 'anthropic' ? anthropicStream(turn, ctx) : openaiStream(turn, ctx, streamOptions?.include_usage === true);
    await stream(res, frames, turn.chunkDelayMs ?? 0);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const headers = headersOf(req);
    const text = await readBody(req);
    let body: unknown = null;
    let badJson = false;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
        badJson = true;
      }
    }
    const record: RecordedRequest = { method: req.method ?? 'GET', path, body, headers };
    log(record);
    const provider = providerOf(path, headers);
    const method = record.method;
    const isModelCall = method === 'POST' && (path === '/v1/chat/completions' || path === '/v1/messages');
    const isModels = method === 'GET' && path === '/v1/models';
    if (!isModelCall && !isModels) {
      sendJson(res, 404, errorBody(provider, 404, `no route for ${method} ${path}`, undefined, null));
      return;
    }
    if (!authorized(headers)) {
      const message = provider === 'anthropic' ? 'invalid x-api-key' : 'Incorrect API key provided.';
      sendJson(res, 401, errorBody(provider, 401, message));
      return;
    }
    if (isModels) {
      sendJson(res, 200, provider === 'anthropic' ? anthropicModels(models) : openaiModels(models));
      return;
    }
    if (badJson || typeof body !== 'object' || body === null) {
      sendJson(res, 400, errorBody(provider, 400, 'request body is not a JSON object'));
      return;
    }
    await answer(res, record, provider);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody('openai', 500, `model server failed: ${String(err)}`));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openaiBaseURL: `${url}/v1`,
    anthropicBaseURL: url,
    requests,
    get served() {
      return served;
    },
    get remaining() {
      return Math.max(0, script.length - next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
