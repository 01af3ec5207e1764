// `wave serve` listens on 127.0.0.1 only and every HTTP request and WebSocket upgrade must carry
// the per-start token, the sidecar's own Host and (for WebSockets, always; for HTTP, when sent) its
// own Origin (SPEC 8). Refusals get 403, are logged on stderr, never leak the token, and touch no file.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupSandboxes, ensureBuilt, makeSandbox, startServe, stopAllServers, type Sandbox, type WaveServer } from './harness.js';

let sb: Sandbox;
let server: WaveServer;
const SETTINGS = '// mine\n{\n  "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "echo stop" } ] } ] }\n}\n';

beforeAll(async () => {
  ensureBuilt();
  sb = makeSandbox('auth');
  sb.write(sb.userSettings, SETTINGS);
  server = await startServe({ home: sb.home, workdir: sb.workdir });
});

afterAll(async () => {
  await stopAllServers();
  cleanupSandboxes();
});

/** Resolves true when a TCP connection to host:port opens. */
function tcpOpens(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host, port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Sends raw bytes and returns everything the server answers before closing. */
function rawHttp(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port });
    let out = '';
    s.on('data', (d) => (out += d.toString()));
    s.on('end', () => resolve(out));
    s.on('error', reject);
    s.write(text);
  });
}

describe('the ready line and the listening address', () => {
  it('prints {"ready":{"url","port","token"}} as the first stdout line, with a 127.0.0.1 URL carrying the token', () => {
    const line = JSON.parse(server.firstLine) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(['ready']);
    const ready = line.ready as Record<string, unknown>;
    expect(Object.keys(ready).sort()).toEqual(['port', 'token', 'url']);
    expect(ready.port).toBeGreaterThan(0);
    expect(String(ready.token).length).toBeGreaterThanOrEqual(24);
    const url = new URL(String(ready.url));
    expect(url.hostname).toBe('127.0.0.1');
    expect(Number(url.port)).toBe(ready.port);
    expect(url.searchParams.get('token')).toBe(ready.token);
    // Nothing else was printed on stdout (host lines only come when asked for).
    expect(server.stdoutLines).toEqual([]);
  });

  it('accepts connections on 127.0.0.1 only', async () => {
    expect(await tcpOpens('127.0.0.1', server.port)).toBe(true);
    expect(await tcpOpens('::1', server.port)).toBe(false);
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal)
      .map((i) => i!.address);
    for (const address of external) expect(await tcpOpens(address, server.port), address).toBe(false);
  });

  it('a new token at every start', async () => {
    const other = await startServe({ home: sb.home, workdir: sb.workdir });
    expect(other.token).not.toBe(server.token);
    // The first server's token does not open the second one.
    expect(await other.tryUpgrade({ token: server.token })).toMatchObject({ opened: false, status: 403 });
    expect(await other.stop()).toEqual({ code: 0, signal: null });
  });
});

describe.concurrent('WebSocket upgrades', () => {
  it('the right token, Host and Origin open a connection (query token, header, bearer, cookie; localhost too)', async () => {
    expect(await server.tryUpgrade()).toEqual({ opened: true });
    expect(await server.tryUpgrade({ token: null, headers: { 'x-wave-token': server.token } })).toEqual({ opened: true });
    expect(await server.tryUpgrade({ token: null, headers: { authorization: `Bearer ${server.token}` } })).toEqual({ opened: true });
    expect(await server.tryUpgrade({ token: null, headers: { cookie: `other=1; wave_token_${server.port}=${server.token}` } })).toEqual({ opened: true });
    expect(await server.tryUpgrade({ host: `localhost:${server.port}`, origin: `http://localhost:${server.port}` })).toEqual({ opened: true });
  });

  const refusals: Array<[string, () => Parameters<WaveServer['tryUpgrade']>[0], RegExp]> = [
    ['no token', () => ({ token: null }), /missing or wrong token/],
    // The last character changed (to one it is not: a random token ends with x one time in 64).
    ['a wrong token', () => ({ token: `${server.token.slice(0, -1)}${server.token.endsWith('x') ? 'y' : 'x'}` }), /missing or wrong token/],
    ['an empty token', () => ({ token: '' }), /missing or wrong token/],
    ['a wrong bearer token', () => ({ token: null, headers: { authorization: 'Bearer nope' } }), /missing or wrong token/],
    ['a foreign Origin', () => ({ origin: 'http://evil.example' }), /foreign Origin "http:\/\/evil.example"/],
    ['an Origin on another port', () => ({ origin: `http://127.0.0.1:${server.port + 1}` }), /foreign Origin/],
    ['an https Origin of the same host', () => ({ origin: `https://127.0.0.1:${server.port}` }), /foreign Origin/],
    ['the "null" Origin', () => ({ origin: 'null' }), /foreign Origin "null"/],
    ['no Origin', () => ({ origin: null }), /missing Origin header/],
    ['a foreign Host (DNS rebinding)', () => ({ host: `evil.example:${server.port}`, origin: `http://evil.example:${server.port}` }), /foreign Host header "evil.example:\d+"/],
    ['a foreign Host with our Origin', () => ({ host: `evil.example:${server.port}` }), /foreign Host header/],
    ['a Host without the port', () => ({ host: '127.0.0.1' }), /foreign Host header "127.0.0.1"/],
    ['another path', () => ({ path: '/other' }), /unknown WebSocket path/],
  ];
  for (const [name, opts, logged] of refusals) {
    it(`refuses ${name} with 403 and logs it on stderr`, async () => {
      const outcome = await server.tryUpgrade(opts());
      expect(outcome).toMatchObject({ opened: false, status: 403 });
      await server.waitForStderr(logged);
    });
  }
});

describe.concurrent('HTTP requests', () => {
  it('the page with the token: 200 and the token cookie; then the cookie alone is enough', async () => {
    const r = await server.http(`/?token=${server.token}`, { host: `127.0.0.1:${server.port}` });
    expect(r.status).toBe(200);
    const cookie = String((r.headers['set-cookie'] as string[])[0]);
    expect(cookie).toMatch(new RegExp(`^wave_token_${server.port}=[^;]+; HttpOnly; SameSite=Strict; Path=/`));
    const again = await server.http('/', { host: `127.0.0.1:${server.port}`, cookie: cookie.split(';')[0]! });
    expect(again.status).toBe(200);
  });

  const refusals: Array<[string, () => { path: string; headers: Record<string, string> }]> = [
    ['no token', () => ({ path: '/', headers: { host: `127.0.0.1:${server.port}` } })],
    ['a wrong token', () => ({ path: '/?token=wrong', headers: { host: `127.0.0.1:${server.port}` } })],
    ['a foreign Host', () => ({ path: `/?token=${server.token}`, headers: { host: `evil.example:${server.port}` } })],
    ['a foreign Origin', () => ({ path: `/?token=${server.token}`, headers: { host: `127.0.0.1:${server.port}`, origin: 'http://evil.example' } })],
  ];
  for (const [name, req] of refusals) {
    it(`refuses ${name} with 403, logged without the token`, async () => {
      const { path, headers } = req();
      const r = await server.http(path, headers);
      expect(r.status).toBe(403);
      expect(r.body).toMatch(/^forbidden: /);
      await server.waitForStderr(/refused GET/);
    });
  }

  it('refuses a request without any Host header (raw HTTP/1.0) with 403', async () => {
    const raw = await rawHttp(server.port, `GET /?token=${server.token} HTTP/1.0\r\n\r\n`);
    expect(raw).toMatch(/^HTTP\/1\.[01] 403 /);
    await server.waitForStderr(/refused GET \/\?token=…: foreign Host header ""/);
  });

  it('stderr never shows the token', async () => {
    await server.http(`/assets/x.js?token=${server.token}&a=1`, { host: 'evil.example' });
    await server.waitForStderr(/refused GET \/assets\/x\.js\?token=…&a=1: foreign Host/);
    expect(server.stderr).not.toContain(server.token);
  });
});

describe('hostile request targets and the UI files', () => {
  it('a request target that is not a URL (no token needed to send one) is refused with 403, for HTTP and WebSocket upgrades alike; the server lives on', async () => {
    for (const target of ['//[', 'http://[', '//a:b@[x']) {
      const plain = await rawHttp(server.port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
      expect(plain, target).toMatch(/^HTTP\/1\.1 403 /);
      const upgrade = await rawHttp(
        server.port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      expect(upgrade, target).toMatch(/^HTTP\/1\.1 403 /);
    }
    await server.waitForStderr(/malformed request target/);
    expect(server.exit).toBeNull();
    expect(await server.tryUpgrade()).toEqual({ opened: true });
  });

  it('--ui DIR: index and assets with the token; a malformed escape is 400; nothing outside the folder is served', async () => {
    const ui = join(sb.root, 'ui');
    sb.write(join(ui, 'index.html'), '<!doctype html><title>wave ui</title>');
    sb.write(join(ui, 'assets', 'app.js'), 'export const x = 1;');
    sb.write(join(ui, 'assets', 'index-DrAc_8k-.js'), 'export const y = 2;');
    sb.write(join(sb.root, 'secret.txt'), 'TOP-SECRET');
    const other = await startServe({ home: sb.home, workdir: sb.workdir, args: ['--ui', ui] });
    const host = { host: `127.0.0.1:${other.port}` };
    const get = (path: string) => other.http(`${path}${path.includes('?') ? '&' : '?'}token=${other.token}`, host);
    expect(await get('/')).toMatchObject({ status: 200, body: '<!doctype html><title>wave ui</title>' });
    const js = await get('/assets/app.js');
    expect(js).toMatchObject({ status: 200, body: 'export const x = 1;' });
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    // A built asset named by its content hash is kept by the browser; the index and any other file are asked for again.
    expect(js.headers['cache-control']).toBe('no-cache');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    const hashed = await get('/assets/index-DrAc_8k-.js');
    expect(hashed).toMatchObject({ status: 200, body: 'export const y = 2;' });
    expect(hashed.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await get('/assets/gone-DrAc_8k-.js')).headers['cache-control']).toBe('no-cache');
    // Unknown paths get the single-page app's index.
    expect((await get('/settings/hooks')).body).toContain('wave ui');
    expect((await get('/%E0%A4%A')).status).toBe(400);
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e%2f%2e%2e%2fsecret.txt']) {
      expect((await get(path)).body, path).not.toContain('TOP-SECRET');
    }
    expect((await other.http('/assets/app.js', host)).status).toBe(403);
    expect((await other.http(`/?token=${other.token}`, host, 'POST')).status).toBe(405);
    expect((await other.http('/', host, 'POST')).status).toBe(403);
    expect(other.exit).toBeNull();
    expect(await other.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('refusals change nothing', () => {
  it('after every refused request the settings file is byte-identical and nothing was printed on stdout', async () => {
    expect(readFileSync(sb.userSettings, 'utf8')).toBe(SETTINGS);
    expect(server.stdoutLines).toEqual([]);
    // The server still serves a proper client after all the refusals.
    const client = await server.connect();
    const listing = await client.call('hooks.list', {});
    expect(listing.hooks.map((h) => h.command)).toEqual(['echo stop']);
    await client.close();
  });

  it('stops on SIGTERM with exit code 0', async () => {
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});
