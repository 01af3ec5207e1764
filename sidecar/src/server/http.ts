// HTTP + WebSocket on 127.0.0.1 only (docs/architecture.md, "The sidecar and the IDE"): serves the built UI and one WebSocket endpoint
// (`/ws`). Every request and upgrade is checked (auth.ts); refusals get 403 and are logged.
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { WebSocketServer } from 'ws';
import { checkRequest, requestUrl, tokenCookie } from './auth.js';
import { WebSocketTransport } from './transport.js';
import type { WaveApp } from './app.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

const PLACEHOLDER = `<!doctype html><meta charset="utf-8"><title>Wave</title>
<body style="font-family:sans-serif;padding:2em"><h1>Wave sidecar</h1>
<p>The sidecar is running, but the web UI has not been built (<code>npm run build -w webui</code>).</p></body>`;

export interface HttpOptions {
  /**
   * The app the WebSocket clients talk to; while it is still loading (`wave serve` listens first, so
   * its ready line does not wait for the agent's modules), an upgrade waits for it.
   */
  app: WaveApp | Promise<WaveApp>;
  token: string;
  port: number;
  /** Folder of the built UI (index.html + assets). */
  uiDir: string | null;
  log: (line: string) => void;
}

export interface Listening {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** What to do about a refusal, for the person who opened the page by hand. */
const HOW_TO_OPEN =
  'Open the exact URL that `npm start` (or `wave serve --standalone`) printed when it started, with its ?token=…: ' +
  'the token is new at every start, so a bookmark or an old tab no longer works. In the IDE, reopen the Wave tool window.';

function refuse(res: ServerResponse, why: string): void {
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(`forbidden: ${why}\n\n${HOW_TO_OPEN}\n`);
}

/** `file` with symlinks resolved, when that is inside `root` (symlinks resolved too); else null. */
function realInside(root: string, file: string): string | null {
  try {
    const realRoot = realpathSync(root);
    const real = realpathSync(file);
    return real === realRoot || real.startsWith(realRoot + sep) ? real : null;
  } catch {
    return null;
  }
}

/**
 * A built asset whose name carries its content hash (Vite's `assets/<name>-<hash>.<ext>`): its
 * content never changes under that name, so the page's browser keeps it (a reopened chat or
 * settings tab loads no script again, and Chromium reuses the script's compiled code). Everything
 * else, index.html first, is asked for again each time.
 */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8,}\.[a-z0-9]+$/;

function cacheControl(pathname: string, servedIndex: boolean): string {
  return !servedIndex && HASHED_ASSET.test(pathname) ? 'private, max-age=31536000, immutable' : 'no-cache';
}

function serveFile(req: IncomingMessage, res: ServerResponse, uiDir: string | null, token: string, port: number): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const cookie = `${tokenCookie(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
  if (!uiDir) {
    res.writeHead(200, { 'content-type': TYPES['.html']!, 'set-cookie': cookie });
    res.end(PLACEHOLDER);
    return;
  }
  const root = resolve(uiDir);
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    // A malformed escape (`/%E0%A4%A`) would otherwise throw out of the request handler and end the sidecar.
    res.writeHead(400).end();
    return;
  }
  let file = normalize(join(root, pathname));
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(404).end();
    return;
  }
  const servedIndex = !existsSync(file) || statSync(file).isDirectory();
  if (servedIndex) file = join(root, 'index.html'); // single-page app
  // The check above is on the path's text; a symlink inside the folder may still lead out of it.
  const real = existsSync(file) ? realInside(root, file) : null;
  if (!real) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'set-cookie': cookie,
    'cache-control': cacheControl(pathname, servedIndex),
    'x-content-type-options': 'nosniff',
  });
  // An unreadable file ends this response, never the sidecar (an 'error' without a listener would).
  createReadStream(real)
    .on('error', () => res.destroy())
    .pipe(res);
}

export async function listen(opts: HttpOptions): Promise<Listening> {
  let port = opts.port;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  const server = createServer((req, res) => {
    const why = checkRequest(req, opts.token, port, false);
    if (why) {
      opts.log(`refused ${req.method} ${req.url?.replace(/token=[^&]+/, 'token=…')}: ${why}`);
      return refuse(res, why);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    serveFile(req, res, opts.uiDir, opts.token, port);
  });
  server.on('upgrade', (req, socket, head) => {
    const path = requestUrl(req)?.pathname ?? null;
    const why = path === null ? 'malformed request target' : path !== '/ws' ? 'unknown WebSocket path' : checkRequest(req, opts.token, port, true);
    if (why) {
      opts.log(`refused WebSocket ${path}: ${why}`);
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    Promise.resolve(opts.app).then(
      (app) =>
        wss.handleUpgrade(req, socket, head, (ws) => {
          // A protocol error of one client (a frame over maxPayload, invalid UTF-8, a reset) closes that
          // connection only; without a listener the 'error' event would crash the whole sidecar.
          ws.on('error', (err) => opts.log(`WebSocket client error: ${err.message}`));
          app.connect(new WebSocketTransport(ws));
        }),
      () => socket.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\ncontent-length: 0\r\n\r\n'),
    );
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, '127.0.0.1', () => ok());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}/?token=${encodeURIComponent(opts.token)}`,
    close: () =>
      new Promise<void>((ok) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
