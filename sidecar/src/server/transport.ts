// A tiny transport interface between the server and one UI client, with a WebSocket implementation
// and an in-memory pair (for tests and for in-process clients).
import type { WebSocket } from 'ws';

export interface Transport {
  send(message: unknown): void;
  onMessage(handler: (data: string) => void): void;
  onClose(handler: () => void): void;
  close(): void;
}

export class WebSocketTransport implements Transport {
  constructor(private readonly ws: WebSocket) {}
  send(message: unknown): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }
  onMessage(handler: (data: string) => void): void {
    this.ws.on('message', (data) => handler(data.toString()));
  }
  onClose(handler: () => void): void {
    this.ws.on('close', handler);
  }
  close(): void {
    this.ws.close();
  }
}

/** Two connected in-memory ends: what one sends, the other receives (asynchronously, in order). */
export function inMemoryPair(): [Transport, Transport] {
  const make = () => {
    const handlers: Array<(d: string) => void> = [];
    const closers: Array<() => void> = [];
    let closed = false;
    return {
      handlers,
      closers,
      get closed() {
        return closed;
      },
      setClosed() {
        closed = true;
      },
    };
  };
  const a = make();
  const b = make();
  const end = (self: ReturnType<typeof make>, peer: ReturnType<typeof make>): Transport => ({
    send(message) {
      if (self.closed) return;
      const text = JSON.stringify(message);
      queueMicrotask(() => peer.handlers.forEach((h) => h(text)));
    },
    onMessage(h) {
      self.handlers.push(h);
    },
    onClose(h) {
      self.closers.push(h);
    },
    close() {
      if (self.closed) return;
      self.setClosed();
      peer.setClosed();
      queueMicrotask(() => [...self.closers, ...peer.closers].forEach((h) => h()));
    },
  });
  return [end(a, b), end(b, a)];
}
