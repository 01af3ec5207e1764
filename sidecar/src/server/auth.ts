// Request checks (docs/architecture.md, "The sidecar and the IDE"): every HTTP request and WebSocket upgrade must carry the per-start token
// (query `token`, header `x-wave-token` or `authorization: Bearer`, or the cookie set by an
// authenticated page load) and a Host — and, when present, an Origin — that is the sidecar's own.
// The cookie is named after the sidecar's port: cookies are per host, not per port, so two
// sidecars in one browser (two projects in one IDE, one JCEF cookie jar) would otherwise
// overwrite each other's token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The name of the token cookie of the sidecar listening on `port`. */
export function tokenCookie(port: number): string {
  return `wave_token_${port}`;
}

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

function sameToken(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The request target as a URL; null when it does not parse (`//[`), which must be refused, not thrown. */
export function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return null;
  }
}

export function tokenOf(req: IncomingMessage, port: number): string | undefined {
  const fromQuery = requestUrl(req)?.searchParams.get('token');
  if (fromQuery) return fromQuery;
  const header = req.headers['x-wave-token'];
  if (typeof header === 'string') return header;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  const name = `${tokenCookie(port)}=`;
  const cookie = req.headers.cookie
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(name));
  return cookie?.slice(name.length);
}

/** null when the request may pass, else the reason it is refused. */
export function checkRequest(req: IncomingMessage, token: string, port: number, requireOrigin: boolean): string | null {
  if (!requestUrl(req)) return 'malformed request target';
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!hosts.includes(req.headers.host ?? '')) return `foreign Host header ${JSON.stringify(req.headers.host ?? '')}`;
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.map((h) => `http://${h}`).includes(origin)) return `foreign Origin ${JSON.stringify(origin)}`;
  if (requireOrigin && origin === undefined) return 'missing Origin header';
  if (!sameToken(tokenOf(req, port), token)) return 'missing or wrong token';
  return null;
}
