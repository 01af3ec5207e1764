// One real request against a model endpoint, to tell a working configuration from a wrong base URL,
// key or model before the first message does (the settings page's Test connection and the probe
// `wave serve` makes at start): the endpoint's list of models, which costs no tokens. Plain fetch:
// loading the provider's library is not worth it for one GET.
import type { ModelProbe } from '../protocol/protocol.js';
import type { ModelConfig } from './types.js';

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
function statusText(status: number, url: string): string {
  if (status === 401 || status === 403) return `the server at ${url} refused the API key (HTTP ${status})`;
  if (status === 404) return `nothing answers at ${url} (HTTP 404): check the base URL (an OpenAI-compatible one usually ends in /v1)`;
  return `the server at ${url} answered HTTP ${status}`;
}

/** GETs the endpoint's model list; never throws. */
export async function probeModel(config: ModelConfig, timeoutMs = PROBE_TIMEOUT_MS): Promise<ModelProbe> {
  const { url, headers } = request(config);
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError') return { ok: false, message: `no answer from ${url} within ${timeoutMs / 1000} s`, models: null };
    return { ok: false, message: `cannot reach ${url}: ${e.cause?.code ?? e.cause?.message ?? e.message}`, models: null };
  }
  if (!res.ok) return { ok: false, message: statusText(res.status, url), models: null };
  const models = modelIds(await res.json().catch(() => null));
  if (models === null) return { ok: true, message: `${url} answered`, models: null };
  if (models.includes(config.model) || !models.length) return { ok: true, message: `connected: ${config.model} at ${url}`, models };
  const listed = `${models.slice(0, 5).join(', ')}${models.length > 5 ? ', …' : ''}`;
  // Not an error: Anthropic's list leaves out aliases, and many proxies serve models they do not list.
  return { ok: true, message: `${url} answers, but does not list the model "${config.model}" (it lists ${listed})`, models };
}
