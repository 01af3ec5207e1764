// The connection to the sidecar: a small client over one WebSocket with request/response by id
// and event subscription. The only module that knows about the transport; everything else sees
// `HostClient`. It reconnects after a drop (the sidecar may restart) and tells its listeners, who
// then fetch fresh state.
import type { ErrorCode, EventName, Events, Method, Params, RequestMessage, Results, ServerMessage } from './protocol.js';

export type ConnectionStatus = 'connecting' | 'open' | 'closed';

/** A request the sidecar answered with an error. */
export class RequestFailed extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface HostClient {
  request<M extends Method>(method: M, params: Params<M>): Promise<Results[M]>;
  on<E extends EventName>(event: E, handler: (data: Events[E]) => void): () => void;
  /** Called with every status change, and at once with the current one. */
  onStatus(handler: (status: ConnectionStatus) => void): () => void;
  close(): void;
}

interface Pending {
  resolve: (value: never) => void;
  reject: (err: Error) => void;
}

/** The WebSocket URL of the page's own sidecar: `ws://<host>/ws?token=<token>`. */
export function sidecarSocketUrl(location: Location): string {
  const token = new URLSearchParams(location.search).get('token');
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

export function connect(url: string): HostClient {
  let ws: WebSocket | null = null;
  let status: ConnectionStatus = 'connecting';
  let nextId = 1;
  let retryMs = 250;
  let closedByUs = false;
  const pending = new Map<number, Pending>();
  const outbox: string[] = [];
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  const statusHandlers = new Set<(s: ConnectionStatus) => void>();

  const setStatus = (s: ConnectionStatus) => {
    status = s;
    for (const h of statusHandlers) h(s);
  };

  const receive = (text: string) => {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (msg.type === 'event') {
      for (const h of handlers.get(msg.event) ?? []) h(msg.data);
      return;
    }
    if (msg.id === null) return;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.ok) p.resolve(msg.result as never);
    else p.reject(new RequestFailed(msg.error.code, msg.error.message));
  };

  const open = () => {
    setStatus('connecting');
    const socket = new WebSocket(url);
    ws = socket;
    socket.onopen = () => {
      retryMs = 250;
      for (const m of outbox.splice(0)) socket.send(m);
      setStatus('open');
    };
    socket.onmessage = (e) => receive(String(e.data));
    socket.onclose = () => {
      ws = null;
      for (const [id, p] of pending) {
        pending.delete(id);
        p.reject(new RequestFailed('internal', 'the connection to the sidecar was lost'));
      }
      setStatus('closed');
      if (!closedByUs) {
        setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, 5000);
      }
    };
  };
  open();

  return {
    request(method, params) {
      const id = nextId++;
      const message: RequestMessage = { type: 'request', id, method, params };
      const text = JSON.stringify(message);
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: never) => void, reject });
        if (ws && ws.readyState === WebSocket.OPEN) ws.send(text);
        else outbox.push(text);
      });
    },
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      const h = handler as (data: unknown) => void;
      set.add(h);
      return () => set.delete(h);
    },
    onStatus(handler) {
      statusHandlers.add(handler);
      handler(status);
      return () => statusHandlers.delete(handler);
    },
    close() {
      closedByUs = true;
      ws?.close();
    },
  };
}
