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
  type HooksListing,
  type Method,
  type Params,
  type TrustInfo,
} from '../protocol/protocol.js';
import { createHandlers, RequestError, type Client } from './handlers.js';
import type { Services } from './services.js';
import type { Transport } from './transport.js';
import { TrustStore } from './trust.js';
import { projectHooks } from './configView.js';
import { HookRunsService } from './hookRuns.js';
import { ModelService } from './modelService.js';
import { allowRuleFor, writeAllowRule } from './permissionRule.js';
import { loadSources } from '../hooks/config/compose.js';
import type { ModelClient } from '../models/types.js';
import { settingsPaths } from '../settings/paths.js';
import { messageOf } from '../util/errors.js';

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

export class WaveApp implements Services {
  readonly workdir: string;
  readonly homeDir: string;
  readonly host: HostChannel;
  readonly trust: TrustStore;
  readonly settings: HooksSettingsService;
  readonly chat: ChatService;
  readonly model: ModelService;
  readonly runs: HookRunsService;
  private readonly clients = new Set<Transport>();
  /** Clients that show the chat (hello with view chat or browser). */
  private readonly chatViews = new Set<Transport>();
  /** A prefill sent while no chat view was connected, handed to the next one that says hello. */
  private pendingPrefill: string | null = null;
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
      extraReview: () => [this.trust.review(this.workdir)].filter((r) => r !== null),
      extraWatch: [this.trust.file],
      session: () => this.chat.sessionConfig(),
      changedTargets: () => this.chat.changedTargets(),
      onChange: () => void this.settingsFilesChanged(),
    });
    const env = opts.env ?? process.env;
    const trusted = () => this.trusted();
    const session = () => this.chat.sessionConfig();
    this.model = new ModelService({
      workdir: this.workdir,
      homeDir: this.homeDir,
      env,
      trusted,
      injected: opts.model,
      session,
      onChange: (m) => this.broadcast('model.changed', m),
    });
    this.runs = new HookRunsService({
      workdir: this.workdir,
      homeDir: this.homeDir,
      env,
      listing: () => this.settings.list(),
      onStats: (hooks) => this.broadcast('hooks.stats', { hooks }),
      session: () => this.chat.sessionId(),
    });
    this.chat = this.chatService(env);
    this.handlers = createHandlers(this);
  }

  private trusted(): boolean {
    return this.trust.state(this.workdir) === 'trusted';
  }

  /** The chat: its session's agent and the "Always allow" rules it offers. */
  private chatService(env: NodeJS.ProcessEnv): ChatService {
    const trusted = () => this.trusted();
    const paths = settingsPaths(this.workdir, this.homeDir);
    return new ChatService({
      broadcast: (e, d) => this.broadcast(e, d),
      onConfigChange: () => this.pushConfig(),
      // Rules of an untrusted project do not widen anything, so none is offered there.
      rules: {
        ruleFor: (r) => (trusted() ? allowRuleFor(r.toolName, r.input) : null),
        file: paths.projectLocal,
        write: (rule) => writeAllowRule(paths.projectLocal, rule, this.chat.sessionConfig()),
      },
      agent: {
        workdir: this.workdir,
        homeDir: this.homeDir,
        env,
        trustProject: trusted,
        // A change to the trust store on disk is a settings change (ConfigChange, review).
        watchFiles: [this.trust.file],
        // Someone is at the other end: Notification hooks hear about a wait, and about work finished while no Wave window was open.
        idleNotificationMs: 60_000,
        userAway: () => this.clients.size === 0,
        ...(this.opts.debugHooks ? { debugHooks: this.opts.debugHooks } : {}),
        model: this.model.client,
        modelFor: (name: string) => this.model.modelFor(name),
      },
    });
  }

  async start(): Promise<void> {
    this.settings.watch();
    this.runs.watch();
    // A wrong base URL shows now, not at the first message.
    void this.model.check();
    await this.chat.start();
  }

  async close(): Promise<void> {
    this.settings.close();
    this.runs.close();
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
      this.opts.log?.(`checking the changed settings failed: ${messageOf(err)}`);
    }
    // Not the model: a file the agent can write must not move the endpoint the conversation goes to
    // (only the user's own save in the Model section does, or a restart).
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
      const why = err instanceof SettingsRefusal ? err.why : undefined;
      transport.send({ type: 'response', id, ok: false, error: { code, message: messageOf(err), ...(why ? { why } : {}) } });
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
    for (const data of this.chat.elicitations.pending()) transport.send({ type: 'event', event: 'chat.elicitationRequest', data });
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
