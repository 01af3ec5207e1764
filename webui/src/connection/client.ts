// The connection to the sidecar: a small client over one WebSocket with request/response by id
// and event subscription. The only module that knows about the transport; everything else sees
// `SidecarClient`. It reconnects after a drop (the sidecar may restart) and tells its listeners, who
// then fetch fresh state.
import type { ErrorCode, EventName, Events, Method, Params, Refusal, RequestMessage, Results, ServerMessage } from './protocol.js';

export type ConnectionStatus = 'connecting' | 'open' | 'closed';

/** A request the sidecar answered with an error. */
export class RequestFailed extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Why a settings change was refused, in data (the UI words it; `message` is the sidecar's English). */
    readonly why: Refusal | null = null,
  ) {
    super(message);
  }
}

export interface SidecarClient {
  request<M extends Method>(method: M, params: Params<M>): Promise<Results[M]>;
  on<E extends EventName>(event: E, handler: (data: Events[E]) => void): () => void;
  /** Called with every status change, and at once with the current one. */
  onStatus(handler: (status: ConnectionStatus) => void): () => void;
  close(): void;
}

/** The WebSocket URL of the page's own sidecar: `ws://<host>/ws?token=<token>`. */
export function sidecarSocketUrl(location: Location): string {
  const token = new URLSearchParams(location.search).get('token');
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** A request waiting for its response: settles its promise with the (typed) result or an error. */
type Pending = (msg: Extract<ServerMessage, { type: 'response' }>) => void;

/** One WebSocket to the sidecar, reopened after a drop (the sidecar may restart). */
class SocketClient implements SidecarClient {
  private ws: WebSocket | null = null;
  private status: ConnectionStatus = 'connecting';
  private nextId = 1;
  private retryMs = 250;
  private closedByUs = false;
  private readonly pending = new Map<number, Pending>();
  private readonly outbox: string[] = [];
  private readonly handlers = new Map<string, Set<(data: unknown) => void>>();
  private readonly statusHandlers = new Set<(s: ConnectionStatus) => void>();

  constructor(private readonly url: string) {
    this.open();
  }

  private setStatus(s: ConnectionStatus): void {
    this.status = s;
    for (const h of this.statusHandlers) h(s);
  }

  private receive(text: string): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(text) as ServerMessage;
    } catch {
      return; // not a message of the protocol: nothing to do with it
    }
    if (msg.type === 'event') {
      for (const h of this.handlers.get(msg.event) ?? []) h(msg.data);
      return;
    }
    const settle = msg.id === null ? undefined : this.pending.get(msg.id);
    if (!settle || msg.id === null) return;
    this.pending.delete(msg.id);
    settle(msg);
  }

  private dropped(): void {
    this.ws = null;
    for (const settle of this.pending.values())
      settle({ type: 'response', id: null, ok: false, error: { code: 'internal', message: 'the connection to the sidecar was lost' } });
    this.pending.clear();
    this.setStatus('closed');
    if (this.closedByUs) return;
    setTimeout(() => this.open(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, 5000);
  }

  private open(): void {
    this.setStatus('connecting');
    const socket = new WebSocket(this.url);
    this.ws = socket;
    socket.onopen = () => {
      this.retryMs = 250;
      for (const m of this.outbox.splice(0)) socket.send(m);
      this.setStatus('open');
    };
    socket.onmessage = (e) => this.receive(String(e.data));
    socket.onclose = () => this.dropped();
  }

  request<M extends Method>(method: M, params: Params<M>): Promise<Results[M]> {
    const id = this.nextId++;
    const message: RequestMessage<M> = { type: 'request', id, method, params };
    const text = JSON.stringify(message);
    return new Promise((resolve, reject) => {
      // The sidecar answers request `id` with the result of `method` (protocol.ts).
      this.pending.set(id, (msg) =>
        msg.ok ? resolve(msg.result as Results[M]) : reject(new RequestFailed(msg.error.code, msg.error.message, msg.error.why ?? null)),
      );
      if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
      else this.outbox.push(text);
    });
  }

  on<E extends EventName>(event: E, handler: (data: Events[E]) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    this.handlers.set(event, set);
    const h = (data: unknown) => handler(data as Events[E]); // events of this name carry this data (protocol.ts)
    set.add(h);
    return () => set.delete(h);
  }

  onStatus(handler: (status: ConnectionStatus) => void): () => void {
    this.statusHandlers.add(handler);
    handler(this.status);
    return () => this.statusHandlers.delete(handler);
  }

  close(): void {
    this.closedByUs = true;
    this.ws?.close();
  }
}

export function connect(url: string): SidecarClient {
  return new SocketClient(url);
}
