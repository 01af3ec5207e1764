// Which model to talk to (README, "Settings keys"): the environment (`WAVE_PROVIDER`,
// `WAVE_BASE_URL`, `WAVE_API_KEY`, `WAVE_MODEL`) wins over settings (`provider`, `baseURL`, `apiKey`,
// `model`, plus `maxRetries` and `timeoutMs`). Without a Wave key, the provider's own variable
// (`OPENAI_API_KEY` / `ANTHROPIC_API_KEY`) is used. The HTTP proxy comes from HTTPS_PROXY /
// HTTP_PROXY / NO_PROXY (proxy.ts).
import type { ModelKeys } from '../settings/schema.js';
import { proxyFromEnv } from './proxy.js';
import type { ModelClient, ModelConfig, ModelProvider } from './types.js';

/** `missing`: nothing names a model (no error in what is set: nothing is set). */
export type ModelConfigResult = { ok: true; config: ModelConfig } | { ok: false; error: string; missing?: true };

const PROVIDERS: readonly ModelProvider[] = ['openai', 'anthropic'];
const KEY_VARIABLE: Record<ModelProvider, string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
};

type Env = Record<string, string | undefined>;

/** A non-empty trimmed string, else undefined. */
function str(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}

/** The environment's variable when it is set, else the settings key (already checked by the settings schema). */
function pick(env: Env, variable: string, fromSettings: string | undefined, key: string): { value?: string; source?: string } {
  const fromEnv = str(env[variable]);
  if (fromEnv !== undefined) return { value: fromEnv, source: variable };
  const v = str(fromSettings);
  return v === undefined ? {} : { value: v, source: `settings "${key}"` };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false; // not a URL at all
  }
}

/**
 * Reads the model configuration. Settings keys were validated when their file was read (the
 * settings schema); the environment is checked here. Returns `{ ok: false, error }` with a
 * one-line message when no model is configured or a variable is unusable.
 */
export function modelConfigFrom(env: Env, settings: ModelKeys = {}): ModelConfigResult {
  const provider = pick(env, 'WAVE_PROVIDER', settings.provider, 'provider');
  const name = (provider.value ?? 'openai').toLowerCase() as ModelProvider;
  if (!PROVIDERS.includes(name)) return { ok: false, error: `${provider.source} must be "openai" or "anthropic", got "${provider.value}"` };
  const model = pick(env, 'WAVE_MODEL', settings.model, 'model');
  if (model.value === undefined) return { ok: false, error: 'no model configured: set WAVE_MODEL or "model" in settings', missing: true };
  const baseURL = pick(env, 'WAVE_BASE_URL', settings.baseURL, 'baseURL');
  if (baseURL.value !== undefined && !isHttpUrl(baseURL.value)) return { ok: false, error: `${baseURL.source} is not an http(s) URL: "${baseURL.value}"` };
  const key = pick(env, 'WAVE_API_KEY', settings.apiKey, 'apiKey').value ?? str(env[KEY_VARIABLE[name]]);
  const config: ModelConfig = { provider: name, model: model.value };
  if (baseURL.value !== undefined) config.baseURL = baseURL.value;
  if (key !== undefined) config.apiKey = key;
  if (settings.maxRetries !== undefined) config.maxRetries = settings.maxRetries;
  if (settings.timeoutMs !== undefined) config.timeoutMs = settings.timeoutMs;
  try {
    const proxy = proxyFromEnv(env);
    if (proxy) config.proxy = proxy;
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  return { ok: true, config };
}

/**
 * The client for a configuration. The provider's official library is loaded on the first request,
 * not at start-up: loading both SDKs is over a third of `wave serve`'s time to its ready line.
 */
export function createModelClient(config: ModelConfig): ModelClient {
  let client: Promise<ModelClient> | null = null;
  const load = (): Promise<ModelClient> => {
    switch (config.provider) {
      case 'openai':
        return import('./openai.js').then((m) => new m.OpenAIModelClient(config));
      case 'anthropic':
        return import('./anthropic.js').then((m) => new m.AnthropicModelClient(config));
      default: {
        const never: never = config.provider;
        return Promise.reject(new Error(`unknown model provider "${String(never)}"`));
      }
    }
  };
  return {
    provider: config.provider,
    model: config.model,
    async send(req, onEvent) {
      client ??= load();
      return (await client).send(req, onEvent);
    },
  };
}
