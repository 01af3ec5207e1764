// The sidecar through an HTTP proxy, as the JetBrains plugin starts it with the IDE's proxy
// (jetbrains-plugin/README.md, "Proxy"): a real `wave -p` with HTTPS_PROXY / HTTP_PROXY / NO_PROXY in
// its environment reaches the scripted model server only through the local proxy the test starts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpProxy, type HttpProxy } from '../model-server/httpProxy.js';
import { cleanupSandboxes, ensureBuilt, Sandbox, server } from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

describe('wave through the IDE proxy', () => {
  let proxy: HttpProxy;
  beforeAll(async () => {
    proxy = await startHttpProxy();
  });
  afterAll(() => proxy.close());

  const vars = (url: string, noProxy: string) => ({
    HTTPS_PROXY: url,
    HTTP_PROXY: url,
    https_proxy: url,
    http_proxy: url,
    NO_PROXY: noProxy,
    no_proxy: noProxy,
  });

  it('the model request goes through the proxy', async () => {
    const models = await server([{ text: 'proxied answer' }]);
    const run = await new Sandbox().run('hi', { server: models, env: vars(proxy.url, 'example.invalid') });
    expect(run.json?.result, run.stderr).toBe('proxied answer');
    expect(proxy.hits.map((h) => h.line)).toContain(`CONNECT ${new URL(models.openaiBaseURL).host}`);
    await models.close();
  });

  it('a NO_PROXY host does not', async () => {
    const models = await server([{ text: 'direct answer' }]);
    const before = proxy.hits.length;
    const run = await new Sandbox().run('hi', { server: models, env: vars(proxy.url, '127.0.0.1') });
    expect(run.json?.result, run.stderr).toBe('direct answer');
    expect(proxy.hits.length).toBe(before);
    await models.close();
  });
});
