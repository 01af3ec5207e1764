// The model requests through an HTTP proxy (src/models/proxy.ts): the real official clients of both
// providers and the start-up probe, against the scripted model server, through a real local proxy
// the test starts (undici tunnels every request with CONNECT, http targets too); NO_PROXY hosts go
// direct; the variables are read as curl reads them.
import { afterEach, describe, expect, it } from 'vitest';
import { createModelClient, modelConfigFrom, type ModelConfig } from '../../src/models/index.js';
import { probeModel } from '../../src/models/probe.js';
import { proxyFromEnv } from '../../src/models/proxy.js';
import { startHttpProxy, type HttpProxy } from '../../../test/model-server/httpProxy.js';
import { startModelServer, type ModelServer } from '../../../test/model-server/server.js';

const open: Array<ModelServer | HttpProxy> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function rig(): Promise<{ server: ModelServer; proxy: HttpProxy }> {
  const server = await startModelServer([{ text: 'through the proxy' }, { text: 'again' }], { models: ['scripted-model'] });
  const proxy = await startHttpProxy();
  open.push(server, proxy);
  return { server, proxy };
}

function config(server: ModelServer, provider: 'openai' | 'anthropic', env: Record<string, string>): ModelConfig {
  const baseURL = provider === 'openai' ? server.openaiBaseURL : server.anthropicBaseURL;
  const result = modelConfigFrom({ WAVE_PROVIDER: provider, WAVE_MODEL: 'scripted-model', WAVE_API_KEY: 'test-key', WAVE_BASE_URL: baseURL, ...env });
  if (!result.ok) throw new Error(result.error);
  return result.config;
}

const ask = { system: 'You are a test.', messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }], tools: [] };

describe('model requests through HTTP_PROXY / HTTPS_PROXY', () => {
  it.each(['openai', 'anthropic'] as const)('%s: the streamed request goes through the proxy, with its credentials', async (provider) => {
    const { server, proxy } = await rig();
    const port = new URL(server.openaiBaseURL).port;
    const withAuth = proxy.url.replace('http://', 'http://ann:s%40cret@');
    const client = createModelClient(config(server, provider, { HTTP_PROXY: withAuth, NO_PROXY: 'example.invalid' }));
    const answer = await client.send(ask);
    expect(answer.text).toBe('through the proxy');
    const path = provider === 'openai' ? '/v1/chat/completions' : '/v1/messages';
    expect(proxy.hits).toEqual([{ line: `CONNECT 127.0.0.1:${port}`, auth: `Basic ${Buffer.from('ann:s@cret').toString('base64')}` }]);
    expect(server.requests.map((r) => r.path)).toEqual([path]);
  });

  it('NO_PROXY hosts go direct', async () => {
    const { server, proxy } = await rig();
    const client = createModelClient(config(server, 'openai', { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' }));
    expect((await client.send(ask)).text).toBe('through the proxy');
    expect(proxy.hits).toEqual([]);
  });

  it('the start-up probe (the model list) goes through the proxy too', async () => {
    const { server, proxy } = await rig();
    const probe = await probeModel(config(server, 'openai', { http_proxy: proxy.url }));
    expect(probe).toMatchObject({ ok: true, models: ['scripted-model'] });
    expect(proxy.hits.map((h) => h.line)).toEqual([`CONNECT ${new URL(server.openaiBaseURL).host}`]);
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/models']);
  });

  it('reads the variables as curl does: lower case first, HTTPS falls back to HTTP; a bad URL names its variable', () => {
    expect(proxyFromEnv({})).toBeUndefined();
    expect(proxyFromEnv({ HTTP_PROXY: 'http://upper:1', http_proxy: 'http://lower:2', no_proxy: '.corp' })).toEqual({
      httpProxy: 'http://lower:2',
      httpsProxy: 'http://lower:2',
      noProxy: '.corp',
    });
    expect(proxyFromEnv({ HTTPS_PROXY: 'http://s:3' })).toEqual({ httpsProxy: 'http://s:3', noProxy: '' });
    expect(modelConfigFrom({ WAVE_MODEL: 'm', HTTPS_PROXY: 'proxy corp' })).toEqual({ ok: false, error: 'HTTPS_PROXY is not a URL: "proxy corp"' });
    expect(modelConfigFrom({ WAVE_MODEL: 'm', HTTPS_PROXY: 'socks5://s:1080' })).toEqual({
      ok: false,
      error: 'HTTPS_PROXY must be an http(s) proxy URL, got "socks5:"',
    });
  });
});
