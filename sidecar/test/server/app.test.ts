// WaveApp over the in-memory transport: malformed, unknown and ill-typed messages get error replies
// and the client keeps being served; answers come in request order with host lines written before
// the answer; events reach every connected client and no closed one; an unexpected failure is an
// `internal` error, logged, not a crash.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaveApp } from '../../src/server/app.js';
import type { EventMessage, ResponseMessage } from '../../src/protocol/protocol.js';
import { inMemoryPair, type Transport } from '../../src/server/transport.js';

const root = mkdtempSync(join(tmpdir(), 'wave-app-unit-'));
const home = join(root, 'home');
const workdir = join(root, 'work', 'proj');
const hostLines: string[] = [];
const logs: string[] = [];
let app: WaveApp;
/** A model is configured (New / Edit go through the chat); nothing answers on port 9, which only the start-up probe asks. */
const MODEL_ENV = { WAVE_BASE_URL: 'http://127.0.0.1:9/v1', WAVE_MODEL: 'm', WAVE_API_KEY: 'k' };

interface Peer {
  end: Transport;
  /** Every message received, in order (responses and events). */
  log: Array<ResponseMessage | EventMessage>;
  request(method: string, params?: unknown, id?: number): Promise<ResponseMessage>;
}

let nextId = 1;
function connect(): Peer {
  const [server, client] = inMemoryPair();
  app.connect(server);
  const log: Peer['log'] = [];
  const waiting = new Map<number, (r: ResponseMessage) => void>();
  client.onMessage((d) => {
    const m = JSON.parse(d) as ResponseMessage | EventMessage;
    log.push(m);
    if (m.type === 'response' && m.id !== null) waiting.get(m.id)?.(m);
  });
  return {
    end: client,
    log,
    request(method, params, id = nextId++) {
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        client.send({ type: 'request', id, method, ...(params === undefined ? {} : { params }) });
      });
    },
  };
}

/** A hand-made transport, to deliver raw text that the in-memory pair (which JSON-encodes) cannot. */
function rawPair(): { send(text: string): void; next(): Promise<ResponseMessage> } {
  let deliver: ((d: string) => void) | null = null;
  const queue: string[] = [];
  const handlers: Array<(d: string) => void> = [];
  const fake: Transport = {
    send: (m) => {
      queue.push(JSON.stringify(m));
      deliver?.(queue.shift()!);
    },
    onMessage: (h) => handlers.push(h),
    onClose: () => undefined,
    close: () => undefined,
  };
  app.connect(fake);
  return {
    send: (text) => handlers.forEach((h) => h(text)),
    next: () =>
      new Promise((resolve) => {
        if (queue.length) return resolve(JSON.parse(queue.shift()!) as ResponseMessage);
        deliver = (d) => {
          deliver = null;
          resolve(JSON.parse(d) as ResponseMessage);
        };
      }),
  };
}

beforeAll(async () => {
  mkdirSync(join(home, '.wave'), { recursive: true });
  mkdirSync(join(workdir, '.wave'), { recursive: true });
  writeFileSync(join(home, '.wave', 'settings.json'), '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "echo a" }, { "type": "command", "command": "echo b" } ] } ] } }\n');
  app = new WaveApp({ workdir, homeDir: home, hostWriter: (l) => hostLines.push(l), log: (l) => logs.push(l), env: { PATH: process.env.PATH, ...MODEL_ENV } });
  await app.start();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('WaveApp over the in-memory transport', () => {
  it('malformed messages get bad_request with id null; the client is still served', async () => {
    const raw = rawPair();
    for (const text of ['{', '', 'undefined', '42', 'null', '[]', '"x"', '{"type":"request"}', '{"type":"request","id":"1","method":"hello"}', '{"type":"event","id":1}']) {
      raw.send(text);
      const r = await raw.next();
      expect(r, text).toMatchObject({ type: 'response', id: null, ok: false, error: { code: 'bad_request' } });
    }
    raw.send('{"type":"request","id":5,"method":"hello"}');
    expect(await raw.next()).toMatchObject({ id: 5, ok: true, result: { workdir, projectName: 'proj' } });
  });

  it('unknown methods (prototype names too) get unknown_method with the id', async () => {
    const p = connect();
    for (const method of ['nope', 'toString', '__proto__', 'constructor', 'valueOf']) {
      expect(await p.request(method, {}), method).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    }
    expect(await p.request('hello', {})).toMatchObject({ ok: true });
  });

  it('bad params get bad_request naming the field', async () => {
    const p = connect();
    const r = await p.request('hooks.delete', { id: 1 });
    expect(r).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    if (!r.ok) expect(r.error.message).toMatch(/bad params for hooks\.delete: id: .*; version: /);
    expect(await p.request('hooks.list')).toMatchObject({ ok: true }); // params may be left out
    expect(await p.request('chat.prefill', { text: 'x', extra: 1 })).toMatchObject({ ok: true }); // unknown keys are dropped
  });

  it('answers come in request order; host lines of hooks.edit are written before its answer', async () => {
    const p = connect();
    const listing = await p.request('hooks.list', {});
    if (!listing.ok) throw new Error('list failed');
    const hooks = (listing.result as { hooks: Array<{ id: string; file: string }> }).hooks;
    hostLines.length = 0;
    const seenAtAnswer: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        p.request(i % 2 ? 'hooks.create' : 'hooks.edit', i % 2 ? { prefill: `n${i}` } : { id: hooks[0]!.id, prefill: `e${i}` }, 900 + i).then((r) => {
          seenAtAnswer.push(hostLines.length);
          return r;
        }),
      ),
    );
    expect(answers.map((a) => a.id)).toEqual(Array.from({ length: 12 }, (_, i) => 900 + i));
    expect(p.log.filter((m) => m.type === 'response' && (m.id ?? 0) >= 900).map((m) => (m as ResponseMessage).id)).toEqual(answers.map((a) => a.id));
    // Every answer was sent after all of its request's host lines: 3 per edit, 2 per create.
    expect(seenAtAnswer).toEqual([3, 5, 8, 10, 13, 15, 18, 20, 23, 25, 28, 30]);
    const parsed = hostLines.map((l) => JSON.parse(l) as unknown);
    expect(parsed.slice(0, 5)).toEqual([{ host: 'openFile', path: hooks[0]!.file }, { host: 'closeSettings' }, { host: 'showChat' }, { host: 'closeSettings' }, { host: 'showChat' }]);
    for (const l of hostLines) expect(l.endsWith('\n') && !l.slice(0, -1).includes('\n')).toBe(true);
  });

  it('events reach every connected client, not the closed ones', async () => {
    const a = connect();
    const b = connect();
    const c = connect();
    c.end.close();
    await new Promise((r) => setTimeout(r, 0));
    const before = c.log.length;
    await a.request('chat.prefill', { text: 'to all' });
    const isPrefill = (m: ResponseMessage | EventMessage) => m.type === 'event' && m.event === 'chat.prefill' && (m.data as { text: string }).text === 'to all';
    expect(a.log.some(isPrefill)).toBe(true);
    expect(b.log.some(isPrefill)).toBe(true);
    expect(c.log.length).toBe(before);
  });

  it('an unexpected failure is an internal error, logged; the next request is served', async () => {
    const p = connect();
    const list = app.settings.list.bind(app.settings);
    app.settings.list = () => {
      throw new Error('disk on fire');
    };
    try {
      expect(await p.request('hooks.list', {})).toMatchObject({ ok: false, error: { code: 'internal', message: 'disk on fire' } });
    } finally {
      app.settings.list = list;
    }
    expect(logs.some((l) => l.includes('disk on fire'))).toBe(true);
    expect(await p.request('hooks.list', {})).toMatchObject({ ok: true });
  });

  it('settings refusals keep their codes (not_found, conflict)', async () => {
    const p = connect();
    expect(await p.request('hooks.delete', { id: 'nope', version: 'x' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const l = await p.request('hooks.list', {});
    if (!l.ok) throw new Error('list failed');
    const hook = (l.result as { hooks: Array<{ id: string }> }).hooks[0]!;
    expect(await p.request('hooks.delete', { id: hook.id, version: 'stale' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('a prefill sent while no chat view is connected reaches the next chat view that says hello, once', async () => {
    const settings = connect();
    expect(await settings.request('hello', { view: 'settings' })).toMatchObject({ ok: true });
    expect(await settings.request('hooks.create', { prefill: 'PREFILL-FOR-LATER' })).toMatchObject({ ok: true });
    const chat = connect();
    expect(await chat.request('hello', { view: 'chat' })).toMatchObject({ ok: true });
    // A round trip after the hello: the pair delivers in order, so what the sidecar sent for the hello has arrived.
    const roundTrip = (p: Peer) => p.request('hooks.list', {});
    await roundTrip(chat);
    const prefills = (p: Peer) => p.log.filter((m) => m.type === 'event' && m.event === 'chat.prefill').map((m) => (m as EventMessage<'chat.prefill'>).data.text);
    expect(prefills(chat)).toEqual(['PREFILL-FOR-LATER']);
    const another = connect();
    expect(await another.request('hello', { view: 'chat' })).toMatchObject({ ok: true });
    await roundTrip(another);
    expect(prefills(another)).toEqual([]); // handed over once
    // With a chat view connected, a prefill is live only, not kept for later.
    expect(await settings.request('hooks.create', { prefill: 'LIVE' })).toMatchObject({ ok: true });
    chat.end.close();
    another.end.close();
    const late = connect();
    expect(await late.request('hello', { view: 'chat' })).toMatchObject({ ok: true });
    await roundTrip(late);
    expect(prefills(late)).toEqual([]);
  });
});
