// The scripted model server on its own: non-streaming answers and the model list through the
// official clients, errors in each provider's format, the request log, looping, and the CLI.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type ModelServerOptions, type ScriptStep } from '../../../test/model-server/server.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const servers: ModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(script: ScriptStep[], options?: ModelServerOptions): Promise<ModelServer> {
  const server = await startModelServer(script, options);
  servers.push(server);
  return server;
}

describe('scripted model server', () => {
  it('answers non-streaming OpenAI requests with a chat.completion', async () => {
    const server = await serve([{ text: 'plain', toolCalls: [{ name: 'Read', input: { file_path: 'a' }, id: 'c9' }] }]);
    const client = new OpenAI({ apiKey: 'k', baseURL: server.openaiBaseURL, maxRetries: 0 });
    const res = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(res.object).toBe('chat.completion');
    expect(res.choices[0]!.message.content).toBe('plain');
    expect(res.choices[0]!.message.tool_calls).toEqual([
      { id: 'c9', type: 'function', function: { name: 'Read', arguments: '{"file_path":"a"}' } },
    ]);
    expect(res.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('answers non-streaming Anthropic requests with a message', async () => {
    const server = await serve([{ text: 'plain', toolCalls: [{ name: 'Read', input: { file_path: 'a' }, id: 'tu9' }] }]);
    const client = new Anthropic({ apiKey: 'k', baseURL: server.anthropicBaseURL, maxRetries: 0 });
    const res = await client.messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] });
    expect(res.content).toEqual([
      { type: 'text', text: 'plain' },
      { type: 'tool_use', id: 'tu9', name: 'Read', input: { file_path: 'a' } },
    ]);
    expect(res.stop_reason).toBe('tool_use');
  });

  it('lists its models in both formats', async () => {
    const server = await serve([], { models: ['m-a', 'm-b'] });
    const openai = new OpenAI({ apiKey: 'k', baseURL: server.openaiBaseURL, maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of openai.models.list()) ids.push(model.id);
    expect(ids).toEqual(['m-a', 'm-b']);
    const anthropic = new Anthropic({ apiKey: 'k', baseURL: server.anthropicBaseURL, maxRetries: 0 });
    const page = await anthropic.models.list();
    expect(page.data.map((m) => m.id)).toEqual(['m-a', 'm-b']);
    expect(server.served).toBe(0);
  });

  it('answers unknown paths with a 404 in the provider format, and bad bodies with a 400', async () => {
    const server = await serve([]);
    const openai404 = await fetch(`${server.url}/v1/embeddings`, { method: 'POST', body: '{}' });
    expect(openai404.status).toBe(404);
    expect(await openai404.json()).toEqual({
      error: { message: 'no route for POST /v1/embeddings', type: 'invalid_request_error', param: null, code: null },
    });
    const anthropic404 = await fetch(`${server.url}/v1/messages/batches`, { method: 'POST', body: '{}' });
    expect(await anthropic404.json()).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: 'no route for POST /v1/messages/batches' },
    });
    const bad = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: 'not json' });
    expect(bad.status).toBe(400);
    expect(server.requests.map((r) => r.body)).toEqual([{}, {}, 'not json']);
  });

  it('hands function steps the request and its index, and loops when asked', async () => {
    const seen: Array<[number, unknown]> = [];
    const server = await serve(
      [
        (req, i) => {
          seen.push([i, req.body.messages]);
          return { text: `step ${i}` };
        },
        { text: 'fixed' },
      ],
      { loop: true },
    );
    const client = new OpenAI({ apiKey: 'k', baseURL: server.openaiBaseURL, maxRetries: 0 });
    const texts: Array<string | null> = [];
    for (let n = 0; n < 3; n++) {
      const res = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: `q${n}` }] });
      texts.push(res.choices[0]!.message.content);
    }
    expect(texts).toEqual(['step 0', 'fixed', 'step 0']);
    expect(seen).toEqual([
      [0, [{ role: 'user', content: 'q0' }]],
      [0, [{ role: 'user', content: 'q2' }]],
    ]);
  });

  it('appends one JSON line per request to the log file, keys redacted', async () => {
    const logFile = join(mkdtempSync(join(tmpdir(), 'model-server-')), 'requests.jsonl');
    const server = await serve([{ text: 'a' }], { logFile });
    const client = new OpenAI({ apiKey: 'secret-key', baseURL: server.openaiBaseURL, maxRetries: 0 });
    await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'logged' }] });
    await fetch(`${server.url}/v1/models`);
    const lines = readFileSync(logFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.method, l.path])).toEqual([
      ['POST', '/v1/chat/completions'],
      ['GET', '/v1/models'],
    ]);
    expect(lines[0].body.messages).toEqual([{ role: 'user', content: 'logged' }]);
    expect(lines[0].headers.authorization).toBe('<redacted>');
    expect(server.requests[0]!.headers['authorization']).toBe('Bearer secret-key');
  });

  it('runs from the command line and prints its URLs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'model-server-cli-'));
    const script = join(dir, 'script.json');
    writeFileSync(script, JSON.stringify([{ text: 'from the cli' }]));
    const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
    const child = spawn(tsx, [join(ROOT, 'test/model-server/cli.ts'), script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const first = await new Promise<string>((resolveLine, reject) => {
        const rl = createInterface({ input: child.stdout });
        rl.once('line', resolveLine);
        child.once('exit', (code) => reject(new Error(`cli exited with ${code}`)));
      });
      const info = JSON.parse(first) as { url: string; openaiBaseURL: string; anthropicBaseURL: string };
      expect(info.openaiBaseURL).toBe(`${info.url}/v1`);
      expect(info.anthropicBaseURL).toBe(info.url);
      const client = new OpenAI({ apiKey: 'k', baseURL: info.openaiBaseURL, maxRetries: 0 });
      const res = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
      expect(res.choices[0]!.message.content).toBe('from the cli');
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
