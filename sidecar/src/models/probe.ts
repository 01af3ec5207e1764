// One real request against a model endpoint, to tell a working configuration from a wrong base URL,
// key or model before the first message does (the settings page's Test connection and the probe
// `wave serve` makes at start): the endpoint's list of models, which costs no tokens. Plain fetch:
// loading the provider's library is not worth it for one GET.
import type { ModelProbe } from '../protocol/protocol.js';
import type { ModelConfig } from './types.js';
import { proxiedFetch } from './proxy.js';

export const PROBE_TIMEOUT_MS = 8000;

/** The models URL of a configuration and the headers that authenticate there. */
function request(config: ModelConfig): { url: string; headers: Record<string, string> } {
  if (config.provider === 'anthropic') {
    const base = (config.baseURL ?? 'https://api.anthropic.com').replace(/\/+$/, '');
    return { url: `${base}/v1/models`, headers: { 'anthropic-version': '2023-06-01', ...(config.apiKey ? { 'x-api-key': config.apiKey } : {}) } };
  }
  const base = (config.baseURL ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  return { url: `${base}/models`, headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {} };
}

function modelIds(body: unknown): string[] | null {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return null;
  return data.map((m) => (m as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
}

/** What an HTTP error status means for this configuration, in one line. */
function statusProbe(status: number, url: string): ModelProbe {
  const detail = `HTTP ${status}`;
  if (status === 401 || status === 403)
    return { ok: false, kind: 'auth', url, detail, message: `the server at ${url} refused the API key (HTTP ${status})`, models: null };
  if (status === 404)
    return {
      ok: false,
      kind: 'notFound',
      url,
      detail,
      message: `nothing answers at ${url} (HTTP 404): check the base URL (an OpenAI-compatible one usually ends in /v1)`,
      models: null,
    };
  return { ok: false, kind: 'http', url, detail, message: `the server at ${url} answered HTTP ${status}`, models: null };
}

/** GETs the endpoint's model list; never throws. */
export async function probeModel(config: ModelConfig, timeoutMs = PROBE_TIMEOUT_MS): Promise<ModelProbe> {
  const { url, headers } = request(config);
  let res: Response;
  try {
    res = await (proxiedFetch(config.proxy) ?? fetch)(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError')
      return { ok: false, kind: 'timeout', url, detail: `${timeoutMs / 1000} s`, message: `no answer from ${url} within ${timeoutMs / 1000} s`, models: null };
    const detail = e.cause?.code ?? e.cause?.message ?? e.message;
    return { ok: false, kind: 'unreachable', url, detail, message: `cannot reach ${url}: ${detail}`, models: null };
  }
  if (!res.ok) return statusProbe(res.status, url);
  const models = modelIds(await res.json().catch(() => null));
  if (models === null || models.includes(config.model) || !models.length)
    return { ok: true, kind: 'ok', url, detail: null, message: `connected: ${config.model} at ${url}`, models };
  const listed = `${models.slice(0, 5).join(', ')}${models.length > 5 ? ', …' : ''}`;
  // Not an error: Anthropic's list leaves out aliases, and many proxies serve models they do not list.
  return {
    ok: true,
    kind: 'unlisted',
    url,
    detail: listed,
    message: `${url} answers, but does not list the model "${config.model}" (it lists ${listed})`,
    models,
  };
}
