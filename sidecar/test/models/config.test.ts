// Model configuration from environment and settings, and the client each provider gets.
import { describe, expect, it } from 'vitest';
import {
  AnthropicModelClient,
  createModelClient,
  modelConfigFrom,
  OpenAIModelClient,
} from '../../src/models/index.js';

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
    expect(modelConfigFrom({})).toEqual({ ok: false, error: 'no model configured: set WAVE_MODEL or "model" in settings' });
  });

  it('rejects an unknown provider, a bad URL and badly typed settings', () => {
    expect(modelConfigFrom({ WAVE_PROVIDER: 'gemini', WAVE_MODEL: 'm' })).toEqual({
      ok: false,
      error: 'WAVE_PROVIDER must be "openai" or "anthropic", got "gemini"',
    });
    expect(modelConfigFrom({ WAVE_MODEL: 'm' }, { provider: 'x' })).toEqual({
      ok: false,
      error: 'settings "provider" must be "openai" or "anthropic", got "x"',
    });
    expect(modelConfigFrom({ WAVE_MODEL: 'm', WAVE_BASE_URL: 'localhost:8080' })).toEqual({
      ok: false,
      error: 'WAVE_BASE_URL is not an http(s) URL: "localhost:8080"',
    });
    expect(modelConfigFrom({}, { model: 42 })).toEqual({ ok: false, error: 'settings "model" must be a string' });
    expect(modelConfigFrom({ WAVE_MODEL: 'm' }, { maxRetries: -1 })).toEqual({
      ok: false,
      error: 'settings "maxRetries" must be an integer of at least 0',
    });
    expect(modelConfigFrom({ WAVE_MODEL: 'm' }, { timeoutMs: 0 })).toEqual({
      ok: false,
      error: 'settings "timeoutMs" must be an integer of at least 1',
    });
  });

  it('accepts the provider name in any case', () => {
    expect(modelConfigFrom({ WAVE_PROVIDER: 'Anthropic', WAVE_MODEL: 'm' })).toMatchObject({ config: { provider: 'anthropic' } });
  });
});

describe('createModelClient', () => {
  it('builds the client of the configured provider', () => {
    const openai = createModelClient({ provider: 'openai', model: 'a', baseURL: 'http://127.0.0.1:1/v1' });
    expect(openai).toBeInstanceOf(OpenAIModelClient);
    expect(openai.provider).toBe('openai');
    expect(openai.model).toBe('a');
    expect((openai as OpenAIModelClient).baseURL).toBe('http://127.0.0.1:1/v1');
    const anthropic = createModelClient({ provider: 'anthropic', model: 'b', baseURL: 'http://127.0.0.1:1' });
    expect(anthropic).toBeInstanceOf(AnthropicModelClient);
    expect(anthropic.provider).toBe('anthropic');
    expect((anthropic as AnthropicModelClient).baseURL).toBe('http://127.0.0.1:1');
  });
});
