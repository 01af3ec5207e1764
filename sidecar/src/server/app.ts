// The sidecar application behind any transport: the services (chat, hooks settings, trust, host
// channel) and the router that answers each client's requests. Malformed or unknown messages get
// an error reply, never a crash.
import { homedir } from 'node:os';
import { basename, resolve } from 'node:path';
import { ChatService } from './chatService.js';
import { HostChannel, type LineWriter } from './hostChannel.js';
import { HooksSettingsService, SettingsRefusal } from './hooksSettings.js';
import {
  RequestSchemas,
  type ErrorCode,
  type EventName,
  type Events,
  type Hello,
  type Method,
  type Params,
  type Results,
  type TrustInfo,
} from '../protocol/protocol.js';
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

class RequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
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
  private readonly model: Hello['model'];

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
      const config = modelConfigFrom(env, files.other);
      if (config.ok) {
        client = createModelClient(config.config);
        modelFor = (name: string) => createModelClient({ ...config.config, model: name });
      }
      else modelError = config.error;
    }
    this.model = { configured: Boolean(client), provider: client?.provider ?? null, name: client?.model ?? null, error: modelError };
    this.chat = new ChatService({
      broadcast: (e, d) => this.broadcast(e, d),
      onConfigChange: () => this.pushConfig(),
      agent: {
        workdir: this.workdir,
        homeDir: this.homeDir,
        env,
        trustProject: () => this.trust.state(this.workdir) === 'trusted',
        ...(opts.debugHooks ? { debugHooks: opts.debugHooks } : {}),
        ...(client ? { model: client } : { modelUnavailable: `No model is configured: ${modelError}` }),
        ...(modelFor ? { modelFor } : {}),
      },
    });
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
    const listing = this.settings.list();
    this.broadcast('hooks.changed', listing);
    this.broadcast('config.changed', listing.config);
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
      if (typeof m.method !== 'string' || !Object.hasOwn(RequestSchemas, m.method)) {
        throw new RequestError('unknown_method', `unknown method ${JSON.stringify(m.method)}`);
      }
      const method = m.method as Method;
      const parsed = RequestSchemas[method].safeParse(m.params ?? {});
      if (!parsed.success) {
        throw new RequestError('bad_request', `bad params for ${method}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ')}`);
      }
      const result = await this.route(method, parsed.data as Params<typeof method>);
      transport.send({ type: 'response', id, ok: true, result });
      if (method === 'hello') this.greet(transport, (parsed.data as Params<'hello'>).view);
    } catch (err) {
      const code: ErrorCode = err instanceof RequestError || err instanceof SettingsRefusal ? err.code : 'internal';
      if (code === 'internal') this.opts.log?.(`request failed: ${(err as Error).stack ?? err}`);
      transport.send({ type: 'response', id, ok: false, error: { code, message: (err as Error).message } });
    }
  }

  private greet(transport: Transport, view: Params<'hello'>['view']): void {
    if (view !== 'chat' && view !== 'browser') return;
    this.chatViews.add(transport);
    if (this.pendingPrefill !== null) {
      transport.send({ type: 'event', event: 'chat.prefill', data: { text: this.pendingPrefill } });
      this.pendingPrefill = null;
    }
  }

  /** Asks the chat view(s) to open with this text; kept for the next chat view if none is connected. */
  private prefill(text: string): void {
    this.broadcast('chat.prefill', { text });
    this.pendingPrefill = this.chatViews.size ? null : text;
  }

  private async route(method: Method, params: Params<Method>): Promise<Results[Method]> {
    const p = params as Record<string, unknown>;
    if (method.startsWith('chat.') && method !== 'chat.prefill') await this.chat.whenReady();
    switch (method) {
      case 'hello':
        return { version: VERSION, workdir: this.workdir, projectName: basename(this.workdir), model: this.model, trust: this.trustInfo(), config: this.settings.list().config } satisfies Hello;
      case 'hooks.list':
        return this.settings.list();
      case 'hooks.delete': {
        const listing = this.settings.delete(p.id as string, p.version as string);
        this.broadcast('hooks.changed', listing);
        this.broadcast('config.changed', listing.config);
        return listing;
      }
      case 'config.apply':
      case 'config.dismiss': {
        await this.chat.whenReady();
        const session = this.chat.sessionConfig();
        if (!session) throw new RequestError('not_found', 'there is no session yet');
        const path = p.path as string | undefined;
        if (method === 'config.apply') session.apply(path);
        else session.dismiss(path);
        const listing = this.settings.list();
        this.broadcast('hooks.changed', listing);
        this.broadcast('config.changed', listing.config);
        return listing.config;
      }
      case 'hooks.edit': {
        const item = this.settings.list().hooks.find((h) => h.id === p.id);
        // Never invent a path: without one, only the prefill happens.
        if (item?.file) this.host.send({ host: 'openFile', path: item.file });
        this.host.send({ host: 'closeSettings' });
        this.host.send({ host: 'showChat' });
        this.prefill(p.prefill as string);
        return { ok: true };
      }
      case 'hooks.create':
        this.host.send({ host: 'closeSettings' });
        this.host.send({ host: 'showChat' });
        this.prefill(p.prefill as string);
        return { ok: true };
      case 'chat.state':
        return this.chat.state();
      case 'chat.send':
        try {
          this.chat.send(p.text as string);
        } catch (err) {
          throw new RequestError('busy', (err as Error).message);
        }
        return { accepted: true };
      case 'chat.abort':
        this.chat.abort();
        return { ok: true };
      case 'chat.permission':
        if (!this.chat.answer(p.requestId as string, p.behavior as 'allow' | 'deny', p.message as string | undefined)) {
          throw new RequestError('not_found', 'that permission request is no longer pending');
        }
        return { ok: true };
      case 'chat.prefill':
        this.prefill(p.text as string);
        return { ok: true };
      case 'trust.set': {
        const was = this.trust.state(this.workdir);
        this.trust.set(this.workdir, p.trusted as boolean);
        const info = this.trustInfo();
        this.broadcast('trust.changed', info);
        this.broadcast('hooks.changed', this.settings.list());
        // Trusted in a session that already started: the project's SessionStart hooks run now.
        if (p.trusted === true && was !== 'trusted') await this.chat.trustGranted();
        return info;
      }
      case 'host.openFile': {
        // Paths are absolute, resolved here: never `~`, never relative.
        const raw = p.path as string;
        const path = raw === '~' || raw.startsWith('~/') ? resolve(this.homeDir, raw.slice(2)) : resolve(this.workdir, raw);
        this.host.send({ host: 'openFile', path });
        return { ok: true };
      }
      case 'host.closeSettings':
        this.host.send({ host: 'closeSettings' });
        return { ok: true };
      case 'host.showChat':
        this.host.send({ host: 'showChat' });
        return { ok: true };
    }
  }
}
