// checkRequest (server/auth.ts): the token (query, x-wave-token, Bearer, cookie), the sidecar's own
// Host, and its own Origin — required for WebSocket upgrades, checked when present on HTTP.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkRequest, newToken, tokenCookie, tokenOf } from '../../src/server/auth.js';

const PORT = 41234;
const TOKEN_COOKIE = tokenCookie(PORT);
const TOKEN = newToken();

function req(url: string, headers: Record<string, string | undefined>): IncomingMessage {
  const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined));
  return { url, headers: clean } as unknown as IncomingMessage;
}
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://127.0.0.1:${PORT}`;

describe('newToken', () => {
  it('is long, URL-safe and new every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newToken()));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe('tokenOf', () => {
  it('reads the query, then x-wave-token, then Bearer, then the cookie', () => {
    expect(tokenOf(req('/ws?token=q', { 'x-wave-token': 'h', authorization: 'Bearer b', cookie: `${TOKEN_COOKIE}=c` }), PORT)).toBe('q');
    expect(tokenOf(req('/ws', { 'x-wave-token': 'h', authorization: 'Bearer b', cookie: `${TOKEN_COOKIE}=c` }), PORT)).toBe('h');
    expect(tokenOf(req('/ws', { authorization: 'Bearer b', cookie: `${TOKEN_COOKIE}=c` }), PORT)).toBe('b');
    expect(tokenOf(req('/ws', { cookie: `a=1; ${TOKEN_COOKIE}=c; z=2` }), PORT)).toBe('c');
    expect(tokenOf(req('/ws', { authorization: 'Basic Yjpj' }), PORT)).toBeUndefined();
    expect(tokenOf(req('/ws', { cookie: `x${TOKEN_COOKIE}=c` }), PORT)).toBeUndefined();
    expect(tokenOf(req('/ws', {}), PORT)).toBeUndefined();
    // A target that is not a URL has no query token (and does not throw).
    expect(tokenOf(req('//[', {}), PORT)).toBeUndefined();
    expect(tokenOf(req('//[', { 'x-wave-token': 'h' }), PORT)).toBe('h');
  });
});

describe('checkRequest', () => {
  const ok: Array<[string, IncomingMessage, boolean]> = [
    ['query token, own Host and Origin (WebSocket)', req(`/ws?token=${TOKEN}`, { host: HOST, origin: ORIGIN }), true],
    ['localhost Host and Origin', req(`/ws?token=${TOKEN}`, { host: `localhost:${PORT}`, origin: `http://localhost:${PORT}` }), true],
    ['header token', req('/ws', { host: HOST, origin: ORIGIN, 'x-wave-token': TOKEN }), true],
    ['Bearer token', req('/ws', { host: HOST, origin: ORIGIN, authorization: `Bearer ${TOKEN}` }), true],
    ['cookie token', req('/', { host: HOST, cookie: `${TOKEN_COOKIE}=${TOKEN}` }), false],
    ['HTTP without Origin', req(`/?token=${TOKEN}`, { host: HOST }), false],
  ];
  for (const [name, r, requireOrigin] of ok) {
    it(`passes: ${name}`, () => expect(checkRequest(r, TOKEN, PORT, requireOrigin)).toBeNull());
  }

  const refused: Array<[string, IncomingMessage, boolean, RegExp]> = [
    ['no token', req('/ws', { host: HOST, origin: ORIGIN }), true, /missing or wrong token/],
    ['wrong token of the same length', req(`/ws?token=${TOKEN.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))}`, { host: HOST, origin: ORIGIN }), true, /token/],
    ['wrong token of another length', req('/ws?token=abc', { host: HOST, origin: ORIGIN }), true, /token/],
    ['a wrong query token wins over a right header', req('/ws?token=nope', { host: HOST, origin: ORIGIN, 'x-wave-token': TOKEN }), true, /token/],
    ['a token prefix', req(`/ws?token=${TOKEN.slice(0, 10)}`, { host: HOST, origin: ORIGIN }), true, /token/],
    ['foreign Host', req(`/ws?token=${TOKEN}`, { host: `evil.example:${PORT}`, origin: ORIGIN }), true, /foreign Host/],
    ['own host, other port', req(`/ws?token=${TOKEN}`, { host: `127.0.0.1:${PORT + 1}`, origin: ORIGIN }), true, /foreign Host/],
    ['Host without port', req(`/ws?token=${TOKEN}`, { host: '127.0.0.1', origin: ORIGIN }), true, /foreign Host/],
    ['no Host', req(`/?token=${TOKEN}`, {}), false, /foreign Host header ""/],
    ['0.0.0.0 Host', req(`/?token=${TOKEN}`, { host: `0.0.0.0:${PORT}` }), false, /foreign Host/],
    ['[::1] Host', req(`/?token=${TOKEN}`, { host: `[::1]:${PORT}` }), false, /foreign Host/],
    ['foreign Origin', req(`/ws?token=${TOKEN}`, { host: HOST, origin: 'http://evil.example' }), true, /foreign Origin/],
    ['foreign Origin on HTTP', req(`/?token=${TOKEN}`, { host: HOST, origin: 'http://evil.example' }), false, /foreign Origin/],
    ['https Origin', req(`/ws?token=${TOKEN}`, { host: HOST, origin: `https://127.0.0.1:${PORT}` }), true, /foreign Origin/],
    ['Origin with a path', req(`/ws?token=${TOKEN}`, { host: HOST, origin: `${ORIGIN}/` }), true, /foreign Origin/],
    ['"null" Origin', req(`/ws?token=${TOKEN}`, { host: HOST, origin: 'null' }), true, /foreign Origin/],
    ['WebSocket without Origin', req(`/ws?token=${TOKEN}`, { host: HOST }), true, /missing Origin/],
    ['a request target that is not a URL', req('//[', { host: HOST, origin: ORIGIN, 'x-wave-token': TOKEN }), true, /malformed request target/],
  ];
  for (const [name, r, requireOrigin, why] of refused) {
    it(`refuses: ${name}`, () => expect(checkRequest(r, TOKEN, PORT, requireOrigin)).toMatch(why));
  }
});
