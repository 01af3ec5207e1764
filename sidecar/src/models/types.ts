// The provider-neutral model interface the agent calls (README, "Settings keys"). Two implementations sit
// behind it, each driving an official client library with streaming: an OpenAI-compatible
// chat-completions endpoint (openai.ts) and the Anthropic Messages API (anthropic.ts).
import type { ProxySettings } from './proxy.js';

export type ModelContent =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; toolUseId: string; content: string; isError?: boolean };

export interface ModelMessage {
  role: 'user' | 'assistant';
  content: ModelContent[];
}

export interface ModelToolDef {
  name: string;
  description: string;
  /** A JSON Schema object describing the tool's input. */
  inputSchema: Record<string, unknown>;
}

export interface ModelRequest {
  system: string;
  messages: ModelMessage[];
  tools: ModelToolDef[];
  maxTokens?: number;
  signal?: AbortSignal;
}

/** One tool call the model asked for. */
export interface ModelToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  /**
   * Set when the model's arguments were not a JSON object (then `input` is `{}`): a one-line note
   * the agent can hand back to the model as the tool's error result.
   */
  inputError?: string;
}

export type ModelStreamEvent = { type: 'text_delta'; text: string } | ({ type: 'tool_call' } & ModelToolCall);

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelResponse {
  text: string;
  toolCalls: ModelToolCall[];
  /** The provider's own stop reason (`stop`, `tool_calls`, `end_turn`, `tool_use`, ...). */
  stopReason: string;
  usage?: ModelUsage;
}

export type { ModelProvider } from '../protocol/wire.js';
import type { ModelProvider } from '../protocol/wire.js';

export interface ModelClient {
  readonly provider: ModelProvider;
  readonly model: string;
  /**
   * Sends one request and streams the answer: `onEvent` gets each text delta as it arrives and
   * each tool call once its arguments are complete. Rejects with a `ModelError`.
   */
  send(req: ModelRequest, onEvent?: (e: ModelStreamEvent) => void): Promise<ModelResponse>;
}

export interface ModelConfig {
  provider: ModelProvider;
  baseURL?: string;
  apiKey?: string;
  model: string;
  /** Retries on connection errors, 408/409/429 and 5xx, done by the client library (default 2). */
  maxRetries?: number;
  /** Per-attempt timeout in milliseconds (the client library's default is 10 minutes). */
  timeoutMs?: number;
  /** The HTTP proxy from HTTPS_PROXY / HTTP_PROXY / NO_PROXY (proxy.ts); none: direct. */
  proxy?: ProxySettings;
}
