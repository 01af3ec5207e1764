// Transports (server/transport.ts): the in-memory pair delivers JSON text asynchronously, in order,
// both ways, and closes both ends once; the WebSocket transport never throws on a closed socket.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { inMemoryPair, WebSocketTransport } from '../../src/server/transport.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('inMemoryPair', () => {
  it('delivers JSON text to the other end, asynchronously and in order, both ways', async () => {
    const [a, b] = inMemoryPair();
    const atB: string[] = [];
    const atA: string[] = [];
    b.onMessage((d) => atB.push(d));
    a.onMessage((d) => atA.push(d));
    for (let i = 0; i < 50; i++) a.send({ n: i, text: 'é🎉' });
    b.send(['back']);
    expect(atB).toEqual([]); // not synchronous
    await tick();
    expect(atB).toEqual(Array.from({ length: 50 }, (_, i) => JSON.stringify({ n: i, text: 'é🎉' })));
    expect(atA).toEqual(['["back"]']);
  });

  it('a message is a snapshot taken at send time', async () => {
    const [a, b] = inMemoryPair();
    const got: string[] = [];
    b.onMessage((d) => got.push(d));
    const msg = { v: 1 };
    a.send(msg);
    msg.v = 2;
    await tick();
    expect(got).toEqual(['{"v":1}']);
  });

  it('every message handler of an end gets every message', async () => {
    const [a, b] = inMemoryPair();
    const one: string[] = [];
    const two: string[] = [];
    b.onMessage((d) => one.push(d));
    b.onMessage((d) => two.push(d));
    a.send(1);
    await tick();
    expect(one).toEqual(['1']);
    expect(two).toEqual(['1']);
  });

  it('close (from either end) calls the close handlers of both ends once; later sends are dropped', async () => {
    const [a, b] = inMemoryPair();
    const closed: string[] = [];
    const got: string[] = [];
    a.onClose(() => closed.push('a'));
    b.onClose(() => closed.push('b'));
    a.onMessage((d) => got.push(d));
    b.onMessage((d) => got.push(d));
    b.close();
    b.close();
    a.close();
    a.send('x');
    b.send('y');
    await tick();
    expect(closed.sort()).toEqual(['a', 'b']);
    expect(got).toEqual([]);
  });
});

describe('WebSocketTransport', () => {
  it('carries text both ways and ignores sends after the socket closed', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
    const serverSide = new Promise<WebSocketTransport>((resolve) => wss.on('connection', (ws) => resolve(new WebSocketTransport(ws))));
    const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    await once(client, 'open');
    const t = await serverSide;
    const got: string[] = [];
    const bothIn = new Promise<void>((ok) => t.onMessage((d) => got.push(d) === 2 && ok()));
    let closed = 0;
    const closedSeen = new Promise<void>((ok) => t.onClose(() => (closed++, ok())));
    const fromServer = once(client, 'message');
    t.send({ hello: 'wörld' });
    expect(String((await fromServer)[0])).toBe('{"hello":"wörld"}');
    client.send('{"x":1}');
    client.send(Buffer.from('{"y":2}'));
    await bothIn;
    expect(got).toEqual(['{"x":1}', '{"y":2}']);
    t.close();
    await once(client, 'close');
    await closedSeen;
    expect(closed).toBe(1);
    expect(() => t.send({ late: true })).not.toThrow();
    wss.close();
  });
});
