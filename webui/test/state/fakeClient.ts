// A SidecarClient for store tests: answers requests from handlers the test gives, records every
// request, and lets the test push events as the sidecar would. Nothing else of the UI is faked.
import { RequestFailed, type ConnectionStatus, type SidecarClient } from '../../src/connection/client.js';
import type { EventName, Events, Method, Params, Results } from '../../src/connection/protocol.js';

type Answer<M extends Method> = (params: Params<M>) => Results[M] | Promise<Results[M]>;

export class FakeClient implements SidecarClient {
  readonly requests: Array<{ method: Method; params: unknown }> = [];
  private readonly answers = new Map<Method, (params: unknown) => unknown>();
  private readonly listeners = new Map<string, Set<(data: unknown) => void>>();

  answer<M extends Method>(method: M, fn: Answer<M>): this {
    this.answers.set(method, (p) => fn(p as Params<M>));
    return this;
  }

  /** The request fails as the sidecar would refuse it. */
  refuse(method: Method, code: 'conflict' | 'refused' | 'not_found', message: string): this {
    this.answers.set(method, () => {
      throw new RequestFailed(code, message);
    });
    return this;
  }

  async request<M extends Method>(method: M, params: Params<M>): Promise<Results[M]> {
    this.requests.push({ method, params });
    const fn = this.answers.get(method);
    if (!fn) throw new RequestFailed('unknown_method', `the fake client has no answer for ${method}`);
    return (await fn(params)) as Results[M];
  }

  emit<E extends EventName>(event: E, data: Events[E]): void {
    for (const h of this.listeners.get(event) ?? []) h(data);
  }

  on<E extends EventName>(event: E, handler: (data: Events[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set);
    const h = (d: unknown) => handler(d as Events[E]);
    set.add(h);
    return () => set.delete(h);
  }

  onStatus(handler: (status: ConnectionStatus) => void): () => void {
    handler('open');
    return () => undefined;
  }

  close(): void {
    // nothing to close
  }
}
