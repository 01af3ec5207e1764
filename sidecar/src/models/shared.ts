// Pieces both providers share: parsing a tool call's streamed arguments (a model can send broken
// or non-object JSON; that must not crash the turn, so the call gets `{}` and a note the agent can
// return to the model as the tool's error), keeping the caller's `onEvent` exceptions apart, and
// the placeholder key.
import { toModelError, type ModelErrorContext, type SdkErrorClasses } from './errors.js';
import { proxiedFetch, type Fetch } from './proxy.js';
import type { ModelConfig, ModelProvider, ModelRequest, ModelToolCall } from './types.js';
import { messageOf } from '../util/errors.js';

/**
 * Sent when no key is configured: local servers need none, a real API answers 401, and the
 * Anthropic library, given a key, never falls back to its own credential chain (profiles on disk).
 */
export const NO_API_KEY = 'no-api-key-configured';

const RAW_SHOWN = 120;

export function parseToolInput(raw: string): Pick<ModelToolCall, 'input' | 'inputError'> {
  if (raw.trim() === '') return { input: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    const why = messageOf(err);
    const shown = raw.length > RAW_SHOWN ? `${raw.slice(0, RAW_SHOWN)}…` : raw;
    return { input: {}, inputError: `tool arguments were not valid JSON (${why}): ${shown}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    return { input: {}, inputError: `tool arguments must be a JSON object, got ${got}` };
  }
  return { input: value as Record<string, unknown> };
}

/** Thrown around an error raised by the caller's `onEvent`, so it is rethrown untouched. */
export class CallbackError extends Error {
  constructor(readonly original: unknown) {
    super('onEvent callback failed');
  }
}

/** Wraps `onEvent` so its own exceptions are told apart from the model call's. */
export function guardCallback<E>(onEvent: ((e: E) => void) | undefined): (e: E) => void {
  return (e) => {
    if (!onEvent) return;
    try {
      onEvent(e);
    } catch (err) {
      throw new CallbackError(err);
    }
  };
}

/** The options both official clients take from a ModelConfig (always an explicit key: see NO_API_KEY). */
export function clientOptions(config: ModelConfig): { apiKey: string; baseURL?: string; maxRetries: number; timeout?: number; fetch?: Fetch } {
  const fetch = proxiedFetch(config.proxy);
  return {
    ...(fetch ? { fetch } : {}),
    apiKey: config.apiKey ?? NO_API_KEY,
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
    maxRetries: config.maxRetries ?? 2,
    ...(config.timeoutMs !== undefined ? { timeout: config.timeoutMs } : {}),
  };
}

/** What both providers keep of their official client: the model, the client and its error context. */
export abstract class SdkModelClient<C extends { baseURL: string; maxRetries: number }> {
  abstract readonly provider: ModelProvider;
  readonly model: string;
  protected readonly client: C;
  private readonly timeoutMs: number | undefined;
  private readonly sdk: SdkErrorClasses;

  /** `sdk`: the library's class (`OpenAI`, `Anthropic`), whose static error classes the errors are mapped by. */
  constructor(config: ModelConfig, sdk: SdkErrorClasses, make: (options: ReturnType<typeof clientOptions>) => C) {
    this.model = config.model;
    this.timeoutMs = config.timeoutMs;
    this.sdk = sdk;
    this.client = make(clientOptions(config));
  }

  /** The base URL the client library resolved (its default, its environment variable, or ours). */
  get baseURL(): string {
    return this.client.baseURL;
  }

  protected errorContext(): ModelErrorContext {
    return {
      sdks: [this.sdk],
      provider: this.provider,
      model: this.model,
      baseURL: this.client.baseURL,
      maxRetries: this.client.maxRetries,
      timeoutMs: this.timeoutMs,
    };
  }

  /**
   * Opens a streamed request and hands every item to `add`. The libraries end the iteration
   * quietly when the request is aborted mid-stream, so an abort is raised here; every other failure
   * becomes a ModelError, except an exception of the caller's own `onEvent`, which passes unchanged.
   */
  protected async consume<T>(req: ModelRequest, open: (options?: { signal: AbortSignal }) => Promise<AsyncIterable<T>>, add: (item: T) => void): Promise<void> {
    try {
      const stream = await open(req.signal ? { signal: req.signal } : undefined);
      for await (const item of stream) add(item);
      if (req.signal?.aborted) throw req.signal.reason;
    } catch (err) {
      if (err instanceof CallbackError) throw err.original;
      throw toModelError(err, this.errorContext(), req.signal);
    }
  }
}
