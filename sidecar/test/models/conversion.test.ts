// The pure parts of the model layer: message conversion, tool-input parsing, error mapping.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import {
  anthropicRequestBody,
  DEFAULT_MAX_TOKENS,
  openAIRequestBody,
  parseToolInput,
  toAnthropicMessages,
  toModelError,
  toOpenAIMessages,
  type ModelErrorContext,
  type ModelMessage,
} from '../../src/models/index.js';

const ctx: ModelErrorContext = { sdks: [OpenAI, Anthropic], provider: 'openai', model: 'm1', baseURL: 'http://h/v1', maxRetries: 2 };

describe('parseToolInput', () => {
  it('parses an object, treats empty arguments as {}', () => {
    expect(parseToolInput('{"a":1}')).toEqual({ input: { a: 1 } });
    expect(parseToolInput('')).toEqual({ input: {} });
    expect(parseToolInput('  ')).toEqual({ input: {} });
  });

  it('gives {} and a note for broken or non-object JSON', () => {
    const broken = parseToolInput('{"a":');
    expect(broken.input).toEqual({});
    expect(broken.inputError).toMatch(/^tool arguments were not valid JSON \(.+\): \{"a":$/);
    expect(parseToolInput('[1,2]')).toEqual({ input: {}, inputError: 'tool arguments must be a JSON object, got an array' });
    expect(parseToolInput('"x"')).toEqual({ input: {}, inputError: 'tool arguments must be a JSON object, got string' });
    expect(parseToolInput('null')).toEqual({ input: {}, inputError: 'tool arguments must be a JSON object, got null' });
    expect(parseToolInput(`{"x":"${'y'.repeat(500)}`).inputError!.length).toBeLessThan(250);
  });
});

describe('message conversion', () => {
  const messages: ModelMessage[] = [
    { role: 'user', content: [{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }] },
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: 'x' } }] },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'a hook note before the result' },
        { type: 'tool_result', toolUseId: 't1', content: 'data' },
      ],
    },
    { role: 'assistant', content: [{ type: 'text', text: '' }] },
  ];

  it('openai: system first, null content beside tool calls, tool messages before user text, empty turns dropped', () => {
    expect(toOpenAIMessages('SYS', messages)).toEqual([
      { role: 'system', content: 'SYS' },
      { role: 'user', content: 'first\n\nsecond' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 't1', type: 'function', function: { name: 'Read', arguments: '{"file_path":"x"}' } }],
      },
      { role: 'tool', tool_call_id: 't1', content: 'data' },
      { role: 'user', content: 'a hook note before the result' },
    ]);
    expect(toOpenAIMessages('', [])).toEqual([]);
  });

  it('anthropic: tool results first in their turn, empty text blocks and turns dropped', () => {
    expect(toAnthropicMessages(messages)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: 'x' } }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'data' },
          { type: 'text', text: 'a hook note before the result' },
        ],
      },
    ]);
  });

  it('leaves out empty tools, an empty system prompt and an unset max_tokens', () => {
    const req = { system: '', messages: [], tools: [] };
    expect(openAIRequestBody('m', req)).toEqual({
      model: 'm',
      messages: [],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(anthropicRequestBody('m', req)).toEqual({ model: 'm', messages: [], stream: true, max_tokens: DEFAULT_MAX_TOKENS });
  });
});

describe('toModelError', () => {
  const fetchFailed = (cause: Error) => Object.assign(new TypeError('fetch failed'), { cause });

  it('finds the errno code behind a connection error, also inside an AggregateError', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const e1 = toModelError(new OpenAI.APIConnectionError({ cause: fetchFailed(refused) }), ctx);
    expect([e1.kind, e1.message]).toEqual(['unreachable', 'model server at http://h/v1 is unreachable (ECONNREFUSED)']);
    const aggregate = new AggregateError([Object.assign(new Error('x'), { code: 'ENETUNREACH' })], 'multi');
    const e2 = toModelError(new Anthropic.APIConnectionError({ cause: fetchFailed(aggregate) }), ctx);
    expect(e2.message).toBe('model server at http://h/v1 is unreachable (ENETUNREACH)');
    const badPort = toModelError(new OpenAI.APIConnectionError({ cause: fetchFailed(new Error('bad port')) }), ctx);
    expect(badPort.message).toBe('model server at http://h/v1 is unreachable (port blocked by fetch)');
  });

  it('maps statuses and keeps a 404 without body readable', () => {
    const notFound = OpenAI.APIError.generate(404, undefined, undefined, new Headers());
    const e = toModelError(notFound, ctx);
    expect(e.kind).toBe('unknown_model');
    expect(e.message).toBe('unknown model "m1" (404) (check WAVE_MODEL and WAVE_BASE_URL http://h/v1)');
    const forbidden = Anthropic.APIError.generate(
      403,
      { type: 'error', error: { type: 'permission_error', message: 'no access' } },
      undefined,
      new Headers(),
    );
    expect(toModelError(forbidden, ctx).message).toBe('permission denied (403): check WAVE_API_KEY: no access');
    const overloaded = Anthropic.APIError.generate(529, { type: 'error', error: { type: 'overloaded_error', message: 'busy' } }, undefined, new Headers());
    expect(toModelError(overloaded, ctx)).toMatchObject({ kind: 'server', message: 'model server overloaded (529), gave up after 2 retries: busy' });
  });

  it("maps an Anthropic in-stream error event (no status) by its type", () => {
    const inStream = new Anthropic.APIError(undefined, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, undefined, undefined);
    expect(toModelError(inStream, ctx)).toMatchObject({ kind: 'server', message: 'model server overloaded: Overloaded' });
  });

  it('reports anything after an abort as aborted, and a lost connection mid-stream as unreachable', () => {
    const controller = new AbortController();
    controller.abort();
    expect(toModelError(new Error('whatever'), ctx, controller.signal).kind).toBe('aborted');
    const reset = fetchFailed(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
    expect(toModelError(reset, ctx)).toMatchObject({
      kind: 'unreachable',
      message: 'connection to model server at http://h/v1 was lost (UND_ERR_SOCKET)',
    });
    expect(toModelError(new SyntaxError('Unexpected token'), ctx)).toMatchObject({
      kind: 'server',
      message: 'model server at http://h/v1 sent an unusable answer: Unexpected token',
    });
  });
});
