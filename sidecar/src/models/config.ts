// Which model to talk to (SPEC 6, Models): the environment (`WAVE_PROVIDER`, `WAVE_BASE_URL`,
// `WAVE_API_KEY`, `WAVE_MODEL`) wins over settings (`provider`, `baseURL`, `apiKey`, `model`,
// plus `maxRetries` and `timeoutMs`). Without a Wave key, the provider's own variable
// (`OPENAI_API_KEY` / `ANTHROPIC_API_KEY`) is used.
import type { ModelClient, ModelConfig, ModelProvider } from './types.js';

/** The model part of settings; anything else in the object is ignored. */
export interface ModelSettings {
  provider?: unknown;
  model?: unknown;
  baseURL?: unknown;
  apiKey?: unknown;
  maxRetries?: unknown;
  timeoutMs?: unknown;
}

export type ModelConfigResult = { ok: true; config: ModelConfig } | { ok: false; error: string };

const PROVIDERS: readonly ModelProvider[] = ['openai', 'anthropic'];
const KEY_VARIABLE: Record<ModelProvider, string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
};

type Env = Record<string, string | undefined>;

/** A non-empty trimmed string from the environment or settings, else undefined. */
function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

type Picked<T> = { error: string } | { value?: T; source?: string };

function pick(env: Env, variable: string, settings: ModelSettings, key: keyof ModelSettings): Picked<string> {
  const fromEnv = str(env[variable]);
  if (fromEnv !== undefined) return { value: fromEnv, source: variable };
  if (settings[key] !== undefined && settings[key] !== null && typeof settings[key] !== 'string') {
    return { error: `settings "${key}" must be a string` };
  }
  const fromSettings = str(settings[key]);
  return fromSettings === undefined ? {} : { value: fromSettings, source: `settings "${key}"` };
}

function intSetting(settings: ModelSettings, key: 'maxRetries' | 'timeoutMs', min: number): Picked<number> {
  const value = settings[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    return { error: `settings "${key}" must be an integer of at least ${min}` };
  }
  return { value };
}

/**
 * Reads the model configuration. Returns `{ ok: false, error }` with a one-line message when no
 * model is configured or a value is unusable.
 */
export function modelConfigFrom(env: Env, settings: ModelSettings = {}): ModelConfigResult {
  const provider = pick(env, 'WAVE_PROVIDER', settings, 'provider');
  if ('error' in provider) return { ok: false, error: provider.error };
  const providerName = (provider.value ?? 'openai').toLowerCase();
  if (!(PROVIDERS as readonly string[]).includes(providerName)) {
    return {
      ok: false,
      error: `${provider.source} must be "openai" or "anthropic", got "${provider.value}"`,
    };
  }
  const name = providerName as ModelProvider;

  const model = pick(env, 'WAVE_MODEL', settings, 'model');
  if ('error' in model) return { ok: false, error: model.error };
  if (model.value === undefined) {
    return { ok: false, error: 'no model configured: set WAVE_MODEL or "model" in settings' };
  }

  const baseURL = pick(env, 'WAVE_BASE_URL', settings, 'baseURL');
  if ('error' in baseURL) return { ok: false, error: baseURL.error };
  if (baseURL.value !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(baseURL.value);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      return { ok: false, error: `${baseURL.source} is not an http(s) URL: "${baseURL.value}"` };
    }
  }

  const apiKey = pick(env, 'WAVE_API_KEY', settings, 'apiKey');
  if ('error' in apiKey) return { ok: false, error: apiKey.error };
  const key = apiKey.value ?? str(env[KEY_VARIABLE[name]]);

  const maxRetries = intSetting(settings, 'maxRetries', 0);
  if ('error' in maxRetries) return { ok: false, error: maxRetries.error };
  const timeoutMs = intSetting(settings, 'timeoutMs', 1);
  if ('error' in timeoutMs) return { ok: false, error: timeoutMs.error };

  const config: ModelConfig = { provider: name, model: model.value };
  if (baseURL.value !== undefined) config.baseURL = baseURL.value;
  if (key !== undefined) config.apiKey = key;
  if (maxRetries.value !== undefined) config.maxRetries = maxRetries.value;
  if (timeoutMs.value !== undefined) config.timeoutMs = timeoutMs.value;
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
