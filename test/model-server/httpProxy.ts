// A tiny forward HTTP proxy on 127.0.0.1 for the proxy tests (sidecar/src/models/proxy.ts): plain
// requests in absolute form are forwarded, CONNECT opens a tunnel; every request is recorded as
// `METHOD target` (with the Proxy-Authorization it carried), so a test sees what went through it.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ProxyHit {
  line: string;
  auth: string | undefined;
}

export interface HttpProxy {
  url: string;
  hits: ProxyHit[];
  close(): Promise<void>;
}

export async function startHttpProxy(): Promise<HttpProxy> {
  const hits: ProxyHit[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    hits.push({ line: `${req.method} ${req.url}`, auth: req.headers['proxy-authorization'] });
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = request(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => res.writeHead(502).end(err.message));
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    hits.push({ line: `CONNECT ${req.url}`, auth: req.headers['proxy-authorization'] });
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    const end = () => (upstream.destroy(), client.destroy());
    upstream.on('error', end);
    client.on('error', end);
  });
  server.on('connection', (s: Socket) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
