// Model configuration from environment and settings, and the client each provider gets.
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SettingsSchema } from '../../src/hooks/config/schema.js';
import { createModelClient, ModelError, modelConfigFrom } from '../../src/models/index.js';

describe('modelConfigFrom', () => {
  it('defaults to the openai provider and reads the WAVE_ variables', () => {
    expect(modelConfigFrom({ WAVE_MODEL: 'gpt-x', WAVE_API_KEY: 'k', WAVE_BASE_URL: 'http://127.0.0.1:1234/v1' })).toEqual({
      ok: true,
      config: { provider: 'openai', model: 'gpt-x', apiKey: 'k', baseURL: 'http://127.0.0.1:1234/v1' },
    });
  });

  it('lets the environment win over settings, which fill the gaps', () => {
    const res = modelConfigFrom(
      { WAVE_PROVIDER: 'anthropic', WAVE_MODEL: 'claude-env' },
      { provider: 'openai', model: 'from-settings', apiKey: 'settings-key', baseURL: 'https://example.test', maxRetries: 5, timeoutMs: 60000 },
    );
    expect(res).toEqual({
      ok: true,
      config: {
        provider: 'anthropic',
        model: 'claude-env',
        apiKey: 'settings-key',
        baseURL: 'https://example.test',
        maxRetries: 5,
        timeoutMs: 60000,
      },
    });
  });

  it('treats empty variables as unset', () => {
    const res = modelConfigFrom({ WAVE_MODEL: '  ', WAVE_PROVIDER: '' }, { model: 'm' });
    expect(res).toEqual({ ok: true, config: { provider: 'openai', model: 'm' } });
  });

  it("falls back to the provider's own key variable", () => {
    expect(modelConfigFrom({ WAVE_MODEL: 'm', OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a' })).toMatchObject({
      config: { apiKey: 'o' },
    });
    expect(
      modelConfigFrom({ WAVE_PROVIDER: 'anthropic', WAVE_MODEL: 'm', OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a' }),
    ).toMatchObject({ config: { apiKey: 'a' } });
    expect(modelConfigFrom({ WAVE_MODEL: 'm', WAVE_API_KEY: 'w', OPENAI_API_KEY: 'o' })).toMatchObject({
      config: { apiKey: 'w' },
    });
  });

  it('says clearly when no model is configured', () => {
    expect(modelConfigFrom({})).toEqual({ ok: false, missing: true, error: 'no model configured: set WAVE_MODEL or "model" in settings' });
  });

  it('rejects an unknown provider and a bad URL from the environment', () => {
    expect(modelConfigFrom({ WAVE_PROVIDER: 'gemini', WAVE_MODEL: 'm' })).toEqual({
      ok: false,
      error: 'WAVE_PROVIDER must be "openai" or "anthropic", got "gemini"',
    });
    expect(modelConfigFrom({ WAVE_MODEL: 'm', WAVE_BASE_URL: 'localhost:8080' })).toEqual({
      ok: false,
      error: 'WAVE_BASE_URL is not an http(s) URL: "localhost:8080"',
    });
  });

  it('model keys of a settings file are checked by the settings schema, each with its JSON path', () => {
    const issues = (value: unknown) => {
      const r = SettingsSchema.safeParse(value);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues({ provider: 'x' })).toEqual(['provider: provider must be "openai" or "anthropic"']);
    expect(issues({ model: 42 })).toEqual(['model: model must be a string']);
    expect(issues({ baseURL: 'localhost:8080' })).toEqual(['baseURL: baseURL must be an http(s) URL such as http://127.0.0.1:8000/v1']);
    expect(issues({ maxRetries: -1 })).toEqual(['maxRetries: maxRetries must be an integer of at least 0']);
    expect(issues({ timeoutMs: 0 })).toEqual(['timeoutMs: timeoutMs must be an integer of at least 1']);
    expect(issues({ provider: 'Anthropic', model: 'm', baseURL: 'https://api.anthropic.com', apiKey: 'k', maxRetries: 2, timeoutMs: 1000 })).toEqual([]);
  });

  it('accepts the provider name in any case', () => {
    expect(modelConfigFrom({ WAVE_PROVIDER: 'Anthropic', WAVE_MODEL: 'm' })).toMatchObject({ config: { provider: 'anthropic' } });
  });
});

describe('createModelClient', () => {
  it('builds the client of the configured provider, loading its library on the first request', async () => {
    const free = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const port = (srv.address() as AddressInfo).port;
        srv.close(() => resolve(port));
      });
    });
    for (const [provider, baseURL] of [['openai', `http://127.0.0.1:${free}/v1`], ['anthropic', `http://127.0.0.1:${free}`]] as const) {
      const client = createModelClient({ provider, model: 'a', baseURL, maxRetries: 0 });
      expect(client.provider).toBe(provider);
      expect(client.model).toBe('a');
      const err = await client.send({ system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModelError);
      expect((err as ModelError).message).toBe(`model server at ${baseURL} is unreachable (ECONNREFUSED)`);
    }
  });
});
