// The two wire formats the scripted model server speaks, byte-compatible with what the official
// clients parse: OpenAI chat completions (`chat.completion.chunk` SSE ending in `data: [DONE]`,
// or one `chat.completion` JSON) and Anthropic Messages (named SSE events message_start ...
// message_stop, or one `message` JSON). Each function turns a scripted turn into what is sent.

export interface ScriptedToolCall {
  name: string;
  /** The tool input; a string is sent verbatim as the arguments text (to script broken JSON). */
  input: object | string;
  id?: string;
}

export interface ScriptedError {
  status: number;
  message?: string;
  /** The error `type` in the body; derived from the status when left out. */
  type?: string;
  /** Sent as `retry-after-ms` on retryable statuses (default 10, so retries are fast); null: none. */
  retryAfterMs?: number | null;
  headers?: Record<string, string>;
}

export interface ScriptedTurn {
  /** Streamed in a few chunks. */
  text?: string;
  /** Several calls in one turn are parallel tool calls. */
  toolCalls?: ScriptedToolCall[];
  /** Answer with this HTTP error instead. */
  error?: ScriptedError;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Wait this long between streamed chunks (to abort mid-stream). */
  chunkDelayMs?: number;
  /** Overrides the stop reason (`length`, `max_tokens`, ...). */
  stopReason?: string;
  usage?: { inputTokens: number; outputTokens: number };
}

export type Provider = 'openai' | 'anthropic';

/** One SSE frame: `event` is set for Anthropic's named events. */
export interface SseFrame {
  event?: string;
  data: string;
}

export function sseText(frame: SseFrame): string {
  return `${frame.event ? `event: ${frame.event}\n` : ''}data: ${frame.data}\n\n`;
}

/** Splits a string into at most `parts` pieces of whole code points (no empty pieces). */
export function split(text: string, parts = 3): string[] {
  const chars = Array.from(text);
  if (chars.length === 0) return [];
  const size = Math.ceil(chars.length / parts);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

const tokens = (chars: number) => Math.max(1, Math.ceil(chars / 4));

function argumentsText(call: ScriptedToolCall): string {
  return typeof call.input === 'string' ? call.input : JSON.stringify(call.input);
}

function usageOf(turn: ScriptedTurn, requestChars: number) {
  if (turn.usage) return turn.usage;
  const out = (turn.text ?? '').length + (turn.toolCalls ?? []).reduce((n, c) => n + argumentsText(c).length, 0);
  return { inputTokens: tokens(requestChars), outputTokens: tokens(out) };
}

export interface TurnContext {
  /** 1-based number of the model request, used in ids. */
  n: number;
  model: string;
  requestChars: number;
}

// ---------------------------------------------------------------- OpenAI chat completions

function openaiCallId(call: ScriptedToolCall, ctx: TurnContext, i: number): string {
  return call.id ?? `call_${ctx.n}_${i}`;
}

export function openaiStream(turn: ScriptedTurn, ctx: TurnContext, includeUsage: boolean): SseFrame[] {
  const id = `chatcmpl-scripted-${ctx.n}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: object, finish: string | null = null) => ({
    data: JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model: ctx.model,
      system_fingerprint: null,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    }),
  });
  const frames: SseFrame[] = [chunk({ role: 'assistant', content: '' })];
  for (const piece of split(turn.text ?? '')) frames.push(chunk({ content: piece }));
  (turn.toolCalls ?? []).forEach((call, index) => {
    const first = { index, id: openaiCallId(call, ctx, index), type: 'function', function: { name: call.name, arguments: '' } };
    frames.push(chunk({ tool_calls: [first] }));
    for (const piece of split(argumentsText(call))) {
      frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  const finish = turn.stopReason ?? ((turn.toolCalls ?? []).length > 0 ? 'tool_calls' : 'stop');
  frames.push(chunk({}, finish));
  if (includeUsage) {
    const u = usageOf(turn, ctx.requestChars);
    frames.push({
      data: JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: ctx.model,
        choices: [],
        usage: { prompt_tokens: u.inputTokens, completion_tokens: u.outputTokens, total_tokens: u.inputTokens + u.outputTokens },
      }),
    });
  }
  frames.push({ data: '[DONE]' });
  return frames;
}

export function openaiJson(turn: ScriptedTurn, ctx: TurnContext): object {
  const calls = turn.toolCalls ?? [];
  const u = usageOf(turn, ctx.requestChars);
  const message: Record<string, unknown> = { role: 'assistant', content: turn.text ?? null, refusal: null };
  if (calls.length > 0) {
    message['tool_calls'] = calls.map((call, i) => ({
      id: openaiCallId(call, ctx, i),
      type: 'function',
      function: { name: call.name, arguments: argumentsText(call) },
    }));
  }
  return {
    id: `chatcmpl-scripted-${ctx.n}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: ctx.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: turn.stopReason ?? (calls.length > 0 ? 'tool_calls' : 'stop') }],
    usage: { prompt_tokens: u.inputTokens, completion_tokens: u.outputTokens, total_tokens: u.inputTokens + u.outputTokens },
  };
}

const OPENAI_ERROR_TYPES: Record<number, [type: string, code: string | null]> = {
  400: ['invalid_request_error', null],
  401: ['invalid_request_error', 'invalid_api_key'],
  403: ['invalid_request_error', 'unsupported_country_region_territory'],
  404: ['invalid_request_error', 'model_not_found'],
  429: ['requests', 'rate_limit_exceeded'],
};

export function openaiError(status: number, message: string, type?: string, code?: string | null): object {
  const [defType, defCode] = OPENAI_ERROR_TYPES[status] ?? [status >= 500 ? 'server_error' : 'invalid_request_error', null];
  return { error: { message, type: type ?? defType, param: null, code: code === undefined ? defCode : code } };
}

export function openaiModels(models: string[]): object {
  return {
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'wave-model-server' })),
  };
}

// ---------------------------------------------------------------- Anthropic Messages

function anthropicCallId(call: ScriptedToolCall, ctx: TurnContext, i: number): string {
  return call.id ?? `toolu_scripted_${ctx.n}_${i}`;
}

function anthropicStopReason(turn: ScriptedTurn): string {
  return turn.stopReason ?? ((turn.toolCalls ?? []).length > 0 ? 'tool_use' : 'end_turn');
}

export function anthropicStream(turn: ScriptedTurn, ctx: TurnContext): SseFrame[] {
  const u = usageOf(turn, ctx.requestChars);
  const ev = (event: string, data: object): SseFrame => ({ event, data: JSON.stringify({ type: event, ...data }) });
  const frames: SseFrame[] = [
    ev('message_start', {
      message: {
        id: `msg_scripted_${ctx.n}`,
        type: 'message',
        role: 'assistant',
        model: ctx.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: u.inputTokens, output_tokens: 1 },
      },
    }),
    ev('ping', {}),
  ];
  let index = 0;
  const calls = turn.toolCalls ?? [];
  if (turn.text || calls.length === 0) {
    frames.push(ev('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const text of split(turn.text ?? '')) {
      frames.push(ev('content_block_delta', { index, delta: { type: 'text_delta', text } }));
    }
    frames.push(ev('content_block_stop', { index }));
    index++;
  }
  calls.forEach((call, i) => {
    const block = { type: 'tool_use', id: anthropicCallId(call, ctx, i), name: call.name, input: {} };
    frames.push(ev('content_block_start', { index, content_block: block }));
    for (const partial_json of split(argumentsText(call))) {
      frames.push(ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }));
    }
    frames.push(ev('content_block_stop', { index }));
    index++;
  });
  frames.push(
    ev('message_delta', {
      delta: { stop_reason: anthropicStopReason(turn), stop_sequence: null },
      usage: { output_tokens: u.outputTokens },
    }),
  );
  frames.push(ev('message_stop', {}));
  return frames;
}

export function anthropicJson(turn: ScriptedTurn, ctx: TurnContext): object {
  const u = usageOf(turn, ctx.requestChars);
  const content: object[] = [];
  if (turn.text) content.push({ type: 'text', text: turn.text });
  (turn.toolCalls ?? []).forEach((call, i) => {
    let input: unknown = call.input;
    if (typeof input === 'string') {
      try {
        input = JSON.parse(input);
      } catch {
        input = {};
      }
    }
    content.push({ type: 'tool_use', id: anthropicCallId(call, ctx, i), name: call.name, input });
  });
  return {
    id: `msg_scripted_${ctx.n}`,
    type: 'message',
    role: 'assistant',
    model: ctx.model,
    content,
    stop_reason: anthropicStopReason(turn),
    stop_sequence: null,
    usage: { input_tokens: u.inputTokens, output_tokens: u.outputTokens },
  };
}

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export function anthropicError(status: number, message: string, type?: string): object {
  const t = type ?? ANTHROPIC_ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return { type: 'error', error: { type: t, message } };
}

export function anthropicModels(models: string[]): object {
  return {
    data: models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' })),
    has_more: false,
    first_id: models[0] ?? null,
    last_id: models[models.length - 1] ?? null,
  };
}

/** An error body in the provider's format; `code` (OpenAI only) defaults from the status. */
export function errorBody(provider: Provider, status: number, message: string, type?: string, code?: string | null): object {
  return provider === 'anthropic' ? anthropicError(status, message, type) : openaiError(status, message, type, code);
}
