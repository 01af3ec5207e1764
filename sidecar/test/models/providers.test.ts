// Drives the REAL official clients (through the provider classes) against the scripted model
// server, for both providers: streaming, tool calls, the exact request bodies, and every error kind.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createModelClient, ModelError, type ModelConfig, type ModelStreamEvent } from '../../src/models/index.js';
import type { ModelRequest } from '../../src/models/types.js';
import { startModelServer, type ModelServer, type ModelServerOptions, type ScriptStep } from '../../../test/model-server/server.js';

type Provider = 'openai' | 'anthropic';

const servers: ModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(script: ScriptStep[], options?: ModelServerOptions): Promise<ModelServer> {
  const server = await startModelServer(script, options);
  servers.push(server);
  return server;
}

function clientFor(server: ModelServer, provider: Provider, extra: Partial<ModelConfig> = {}) {
  return createModelClient({
    provider,
    model: 'scripted-model',
    apiKey: 'test-key',
    baseURL: provider === 'openai' ? server.openaiBaseURL : server.anthropicBaseURL,
    ...extra,
  });
}

const ask = (text: string, extra: Partial<ModelRequest> = {}): ModelRequest => ({
  system: 'You are a test.',
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  tools: [],
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ModelError);
    return err as ModelError;
  }
  throw new Error('expected the model call to fail');
}

/** A port on 127.0.0.1 with nothing listening. */
async function deadPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

const STOP = { openai: 'stop', anthropic: 'end_turn' } as const;
const TOOL_STOP = { openai: 'tool_calls', anthropic: 'tool_use' } as const;

describe.each(['openai', 'anthropic'] as const)('%s provider against the scripted server', (provider) => {
  it('streams text: several deltas arrive, the final text is assembled', async () => {
    const server = await serve([{ text: 'Hello from the scripted model, streamed in pieces.' }]);
    const events: ModelStreamEvent[] = [];
    const res = await clientFor(server, provider).send(ask('hi'), (e) => events.push(e));
    const deltas = events.filter((e) => e.type === 'text_delta').map((e) => (e.type === 'text_delta' ? e.text : ''));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Hello from the scripted model, streamed in pieces.');
    expect(res.text).toBe('Hello from the scripted model, streamed in pieces.');
    expect(res.toolCalls).toEqual([]);
    expect(res.stopReason).toBe(STOP[provider]);
    expect(res.usage?.outputTokens).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body.stream).toBe(true);
  });

  it('returns one tool call with its assembled input', async () => {
    const input = { file_path: '/tmp/a.txt', offset: 2, nested: { deep: ['x', 'y'] } };
    const server = await serve([{ text: 'Reading.', toolCalls: [{ name: 'Read', input, id: 'call_read_1' }] }]);
    const events: ModelStreamEvent[] = [];
    const res = await clientFor(server, provider).send(ask('read it'), (e) => events.push(e));
    expect(res.text).toBe('Reading.');
    expect(res.toolCalls).toEqual([{ id: 'call_read_1', name: 'Read', input }]);
    expect(res.stopReason).toBe(TOOL_STOP[provider]);
    expect(events.filter((e) => e.type === 'tool_call')).toEqual([{ type: 'tool_call', id: 'call_read_1', name: 'Read', input }]);
  });

  it('returns two parallel tool calls in order', async () => {
    const server = await serve([
      {
        toolCalls: [
          { name: 'Glob', input: { pattern: '**/*.ts' } },
          { name: 'Bash', input: { command: 'echo "two"', description: 'say two' } },
        ],
      },
    ]);
    const res = await clientFor(server, provider).send(ask('both'));
    expect(res.text).toBe('');
    expect(res.toolCalls.map((c) => [c.name, c.input])).toEqual([
      ['Glob', { pattern: '**/*.ts' }],
      ['Bash', { command: 'echo "two"', description: 'say two' }],
    ]);
    expect(new Set(res.toolCalls.map((c) => c.id)).size).toBe(2);
    expect(res.stopReason).toBe(TOOL_STOP[provider]);
  });

  it('turns broken tool-argument JSON into {} with a note instead of crashing', async () => {
    const server = await serve([{ toolCalls: [{ name: 'Bash', input: '{"command": "ls', id: 'c1' }] }]);
    const res = await clientFor(server, provider).send(ask('go'));
    expect(res.toolCalls).toHaveLength(1);
    expect(res.toolCalls[0]!.input).toEqual({});
    expect(res.toolCalls[0]!.inputError).toMatch(/^tool arguments were not valid JSON \(.+\): \{"command": "ls$/);
  });

  it('sends the conversation with tool results back in the provider format', async () => {
    const server = await serve([{ text: 'done' }]);
    const tools = [
      { name: 'Read', description: 'Read a file', inputSchema: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] } },
      { name: 'Bash', description: 'Run a command', inputSchema: { type: 'object', properties: { command: { type: 'string' } } } },
    ];
    const req: ModelRequest = {
      system: 'SYSTEM PROMPT',
      tools,
      maxTokens: 1000,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'look at a.txt and run ls' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Sure.' },
            { type: 'tool_use', id: 'tu_1', name: 'Read', input: { file_path: 'a.txt' } },
            { type: 'tool_use', id: 'tu_2', name: 'Bash', input: { command: 'ls' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', toolUseId: 'tu_1', content: 'contents of a' },
            { type: 'tool_result', toolUseId: 'tu_2', content: 'blocked by hook', isError: true },
            { type: 'text', text: 'hook says hi' },
          ],
        },
      ],
    };
    const res = await clientFor(server, provider).send(req);
    expect(res.text).toBe('done');
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    if (provider === 'openai') {
      expect(sent.path).toBe('/v1/chat/completions');
      expect(sent.headers['authorization']).toBe('Bearer test-key');
      expect(sent.body).toEqual({
        model: 'scripted-model',
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: 1000,
        messages: [
          { role: 'system', content: 'SYSTEM PROMPT' },
          { role: 'user', content: 'look at a.txt and run ls' },
          {
            role: 'assistant',
            content: 'Sure.',
            tool_calls: [
              { id: 'tu_1', type: 'function', function: { name: 'Read', arguments: '{"file_path":"a.txt"}' } },
              { id: 'tu_2', type: 'function', function: { name: 'Bash', arguments: '{"command":"ls"}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'tu_1', content: 'contents of a' },
          { role: 'tool', tool_call_id: 'tu_2', content: 'Error: blocked by hook' },
          { role: 'user', content: 'hook says hi' },
        ],
        tools: tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } })),
      });
    } else {
      expect(sent.path).toBe('/v1/messages');
      expect(sent.headers['anthropic-version']).toBeTruthy();
      expect(sent.body).toEqual({
        model: 'scripted-model',
        stream: true,
        max_tokens: 1000,
        system: 'SYSTEM PROMPT',
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'look at a.txt and run ls' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Sure.' },
              { type: 'tool_use', id: 'tu_1', name: 'Read', input: { file_path: 'a.txt' } },
              { type: 'tool_use', id: 'tu_2', name: 'Bash', input: { command: 'ls' } },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'tu_1', content: 'contents of a' },
              { type: 'tool_result', tool_use_id: 'tu_2', content: 'blocked by hook', is_error: true },
              { type: 'text', text: 'hook says hi' },
            ],
          },
        ],
        tools: tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema })),
      });
    }
  });

  it('reports a 401 as kind auth, without retrying', async () => {
    const server = await serve([{ text: 'never' }], { apiKey: 'right-key' });
    const err = await failure(clientFor(server, provider, { apiKey: 'wrong-key' }).send(ask('hi')));
    expect(err.kind).toBe('auth');
    expect(err.status).toBe(401);
    expect(err.message).toMatch(/^authentication failed \(401\): check WAVE_API_KEY: /);
    expect(server.requests).toHaveLength(1);
    expect(server.remaining).toBe(1);
  });

  it('reports a server with nothing listening as kind unreachable', async () => {
    const port = await deadPort();
    const baseURL = provider === 'openai' ? `http://127.0.0.1:${port}/v1` : `http://127.0.0.1:${port}`;
    const client = createModelClient({ provider, model: 'm', apiKey: 'k', baseURL, maxRetries: 0 });
    const err = await failure(client.send(ask('hi')));
    expect(err.kind).toBe('unreachable');
    expect(err.message).toBe(`model server at ${baseURL} is unreachable (ECONNREFUSED)`);
  });

  it('reports a request that outlives timeoutMs as kind unreachable', async () => {
    const server = await serve([{ text: 'late', delayMs: 2000 }]);
    const err = await failure(clientFor(server, provider, { timeoutMs: 100, maxRetries: 0 }).send(ask('hi')));
    expect(err.kind).toBe('unreachable');
    expect(err.message).toMatch(/did not answer within 100 ms \(timed out\)$/);
  });

  it('reports an unknown model (404) as kind unknown_model', async () => {
    const server = await serve([{ text: 'never' }], { models: ['scripted-model'] });
    const err = await failure(clientFor(server, provider, { model: 'no-such-model' }).send(ask('hi')));
    expect(err.kind).toBe('unknown_model');
    expect(err.status).toBe(404);
    expect(err.message).toMatch(/^unknown model "no-such-model" \(404\)/);
    expect(server.remaining).toBe(1);
  });

  it('retries a 429 and then succeeds', async () => {
    const server = await serve([{ error: { status: 429, message: 'slow down' } }, { text: 'after the 429' }]);
    const res = await clientFor(server, provider).send(ask('hi'));
    expect(res.text).toBe('after the 429');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body).toEqual(server.requests[0]!.body);
  });

  it('retries a 500 and then succeeds', async () => {
    const server = await serve([{ error: { status: 500, message: 'boom' } }, { text: 'after the 500' }]);
    const res = await clientFor(server, provider).send(ask('hi'));
    expect(res.text).toBe('after the 500');
    expect(server.requests).toHaveLength(2);
  });

  it('gives up on a persistent 429 after maxRetries as kind rate_limited', async () => {
    const err429 = { error: { status: 429, message: 'slow down' } };
    const server = await serve([err429, err429, err429]);
    const err = await failure(clientFor(server, provider, { maxRetries: 1 }).send(ask('hi')));
    expect(err.kind).toBe('rate_limited');
    expect(err.message).toBe('rate limited by the model server (429), gave up after 1 retries: slow down');
    expect(server.requests).toHaveLength(2);
  });

  it('reports a 400 as kind bad_request and a persistent 503 as kind server', async () => {
    const server = await serve([
      { error: { status: 400, message: 'messages: bad shape' } },
      { error: { status: 503, message: 'down' } },
    ]);
    const bad = await failure(clientFor(server, provider).send(ask('hi')));
    expect(bad.kind).toBe('bad_request');
    expect(bad.message).toBe('model request rejected (400): messages: bad shape');
    const down = await failure(clientFor(server, provider, { maxRetries: 0 }).send(ask('hi')));
    expect(down.kind).toBe('server');
    expect(down.message).toBe('model server error (503): down');
  });

  it('fails loudly when the script is exhausted', async () => {
    const server = await serve([{ text: 'only one' }]);
    const client = clientFor(server, provider);
    await client.send(ask('one'));
    const err = await failure(client.send(ask('two')));
    expect(err.kind).toBe('server');
    expect(err.message).toContain('model script exhausted after 1 requests');
    expect(server.requests).toHaveLength(2);
  });

  it('aborts through the AbortSignal before the answer starts', async () => {
    const server = await serve([{ text: 'too late', delayMs: 5000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const err = await failure(clientFor(server, provider).send(ask('hi', { signal: controller.signal })));
    expect(err.kind).toBe('aborted');
    expect(err.message).toBe('model request aborted');
    expect(Date.now() - started).toBeLessThan(5000); // before the delayed answer could have come
  });

  it('aborts through the AbortSignal in the middle of the stream', async () => {
    const server = await serve([{ text: 'one two three four five six', chunkDelayMs: 150 }]);
    const controller = new AbortController();
    const deltas: string[] = [];
    const err = await failure(
      clientFor(server, provider).send(ask('hi', { signal: controller.signal }), (e) => {
        if (e.type === 'text_delta') {
          deltas.push(e.text);
          controller.abort();
        }
      }),
    );
    expect(err.kind).toBe('aborted');
    expect(deltas).toHaveLength(1);
  });

  it('lets an exception thrown by onEvent through untouched', async () => {
    const server = await serve([{ text: 'hello there' }]);
    const boom = new Error('listener broke');
    await expect(
      clientFor(server, provider).send(ask('hi'), () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });

  it('answers depending on the request with a function step', async () => {
    const server = await serve([
      (request) => ({ text: `you said ${JSON.stringify(request.body.messages.at(-1).content)}` }),
    ]);
    const res = await clientFor(server, provider).send(ask('ping'));
    expect(res.text).toContain('ping');
  });
});
