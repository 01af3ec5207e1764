// The sidecar application behind any transport: the services (chat, hooks settings, trust, host
// channel) and the dispatch of each client's requests to their handlers (handlers.ts), params
// validated first. Malformed or unknown messages get an error reply, never a crash.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { ChatService } from './chatService.js';
import { HostChannel, type LineWriter } from './hostChannel.js';
import { HooksSettingsService, SettingsRefusal } from './hooksSettings.js';
import {
  isMethod,
  parseParams,
  type ErrorCode,
  type EventName,
  type Events,
  type Handlers,
  type Hello,
  type HooksListing,
  type Method,
  type Params,
  type TrustInfo,
} from '../protocol/protocol.js';
import { createHandlers, RequestError, type Client } from './handlers.js';
import type { Transport } from './transport.js';
import { TrustStore } from './trust.js';
import { projectHooks } from './configView.js';
import { loadSources } from '../hooks/compose.js';
import { createModelClient, modelConfigFrom } from '../models/config.js';
import type { ModelClient } from '../models/types.js';
import { settingsPaths } from '../settings/paths.js';

export const VERSION = '0.1.0';

export interface AppOptions {
  workdir: string;
  homeDir?: string;
  /** Where host requests go (the sidecar's stdout). */
  hostWriter: LineWriter;
  /** Diagnostics (the sidecar's stderr). */
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Overrides model resolution (tests inject a client). */
  model?: ModelClient;
  /** `--debug hooks`: what ran and what did not after every event. */
  debugHooks?: (lines: string[]) => void;
}

export class WaveApp {
  readonly workdir: string;
  readonly homeDir: string;
  readonly host: HostChannel;
  readonly trust: TrustStore;
  readonly settings: HooksSettingsService;
  readonly chat: ChatService;
  private readonly clients = new Set<Transport>();
  /** Clients that show the chat (hello with view chat or browser). */
  private readonly chatViews = new Set<Transport>();
  /** A prefill sent while no chat view was connected, handed to the next one that says hello. */
  private pendingPrefill: string | null = null;
  readonly modelInfo: Hello['model'];
  readonly version = VERSION;
  private readonly handlers: Handlers<Client>;

  constructor(private readonly opts: AppOptions) {
    this.workdir = resolve(opts.workdir);
    this.homeDir = opts.homeDir ?? homedir();
    this.host = new HostChannel(opts.hostWriter);
    this.trust = new TrustStore(settingsPaths(this.workdir, this.homeDir).userDir);
    this.settings = new HooksSettingsService({
      workdir: this.workdir,
      homeDir: this.homeDir,
      trustState: () => this.trust.state(this.workdir),
      session: () => this.chat.sessionConfig(),
      onChange: () => void this.settingsFilesChanged(),
    });
    const env = opts.env ?? process.env;
    let client = opts.model;
    let modelError: string | null = null;
    let modelFor: ((name: string) => ModelClient) | undefined;
    if (!client) {
      const files = loadSources({ workdir: this.workdir, homeDir: this.homeDir, trustProject: this.trust.state(this.workdir) === 'trusted' });
      const config = modelConfigFrom(env, files.settings.model);
      if (config.ok) {
        client = createModelClient(config.config);
        modelFor = (name: string) => createModelClient({ ...config.config, model: name });
      } else modelError = config.error;
    }
    this.modelInfo = { configured: Boolean(client), provider: client?.provider ?? null, name: client?.model ?? null, error: modelError };
    this.chat = new ChatService({
      broadcast: (e, d) => this.broadcast(e, d),
      onConfigChange: () => this.pushConfig(),
      agent: {
        workdir: this.workdir,
        homeDir: this.homeDir,
        env,
        trustProject: () => this.trust.state(this.workdir) === 'trusted',
        // Someone is at the other end: Notification hooks hear about a wait, and about work finished while no Wave window was open.
        idleNotificationMs: 60_000,
        userAway: () => this.clients.size === 0,
        ...(opts.debugHooks ? { debugHooks: opts.debugHooks } : {}),
        ...(client ? { model: client } : { modelUnavailable: `No model is configured: ${modelError}` }),
        ...(modelFor ? { modelFor } : {}),
      },
    });
    this.handlers = createHandlers(this);
  }

  async start(): Promise<void> {
    this.settings.watch();
    await this.chat.start();
  }

  async close(): Promise<void> {
    this.settings.close();
    for (const c of this.clients) c.close();
    await this.chat.close();
  }

  trustInfo(): TrustInfo {
    const s = loadSources({ workdir: this.workdir, homeDir: this.homeDir, trustProject: false });
    return { state: this.trust.state(this.workdir), projectHasHooks: s.untrustedHooks.length > 0, projectHooks: projectHooks(s) };
  }

  /** A settings file changed on disk: the session notices (ConfigChange), then every client hears. */
  private async settingsFilesChanged(): Promise<void> {
    try {
      await this.chat.checkConfig();
    } catch (err) {
      this.opts.log?.(`checking the changed settings failed: ${(err as Error).message}`);
    }
    this.pushConfig();
  }

  /** The fresh listing (hook states) and the review go to every client. */
  private pushConfig(): void {
    this.pushListing(this.settings.list());
  }

  /** Sends a listing and its review to every client; returns it. */
  pushListing(listing: HooksListing): HooksListing {
    this.broadcast('hooks.changed', listing);
    this.broadcast('config.changed', listing.config);
    return listing;
  }

  broadcast<E extends EventName>(event: E, data: Events[E]): void {
    for (const c of this.clients) c.send({ type: 'event', event, data });
  }

  /** Serves one client over a transport until it closes. */
  connect(transport: Transport): void {
    this.clients.add(transport);
    transport.onClose(() => {
      this.clients.delete(transport);
      this.chatViews.delete(transport);
    });
    // Requests of one client are answered strictly in order (the host channel relies on it).
    let queue: Promise<void> = Promise.resolve();
    transport.onMessage((data) => {
      queue = queue.then(() => this.handle(transport, data));
    });
  }

  private async handle(transport: Transport, data: string): Promise<void> {
    let id: number | null = null;
    try {
      let msg: unknown;
      try {
        msg = JSON.parse(data);
      } catch {
        throw new RequestError('bad_request', 'the message is not valid JSON');
      }
      const m = msg as { type?: unknown; id?: unknown; method?: unknown; params?: unknown };
      if (typeof m !== 'object' || m === null || m.type !== 'request' || typeof m.id !== 'number') {
        throw new RequestError('bad_request', 'expected {"type":"request","id":<number>,"method":...,"params":{...}}');
      }
      id = m.id;
      if (!isMethod(m.method)) throw new RequestError('unknown_method', `unknown method ${JSON.stringify(m.method)}`);
      const after: Array<() => void> = [];
      const result = await this.dispatch(m.method, m.params, { transport, afterResponse: (fn) => after.push(fn) });
      transport.send({ type: 'response', id, ok: true, result });
      for (const fn of after) fn();
    } catch (err) {
      const code: ErrorCode = err instanceof RequestError || err instanceof SettingsRefusal ? err.code : 'internal';
      if (code === 'internal') this.opts.log?.(`request failed: ${(err as Error).stack ?? err}`);
      transport.send({ type: 'response', id, ok: false, error: { code, message: (err as Error).message } });
    }
  }

  /** The method's handler, with its params validated by the method's schema first. */
  private async dispatch<M extends Method>(method: M, raw: unknown, client: Client) {
    const parsed = parseParams(method, raw);
    if (!parsed.ok) throw new RequestError('bad_request', parsed.error);
    const handler: Handlers<Client>[M] = this.handlers[method];
    return handler(parsed.params, client);
  }

  /** A chat view said hello: it gets the prefill that waited for one. */
  greet(transport: Transport, view: Params<'hello'>['view']): void {
    if (view !== 'chat' && view !== 'browser') return;
    this.chatViews.add(transport);
    if (this.pendingPrefill !== null) {
      transport.send({ type: 'event', event: 'chat.prefill', data: { text: this.pendingPrefill } });
      this.pendingPrefill = null;
    }
  }

  /** Asks the chat view(s) to open with this text; kept for the next chat view if none is connected. */
  prefill(text: string): void {
    this.broadcast('chat.prefill', { text });
    this.pendingPrefill = this.chatViews.size ? null : text;
  }
}
