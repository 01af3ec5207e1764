// What the request handlers (handlers.ts) are given: the server's services and the few verbs of the
// app that reach every client. `WaveApp` (app.ts) is the one implementation; the handlers never see it.
import type { EventName, Events, HooksListing, Params, TrustInfo } from '../protocol/protocol.js';
import type { ChatService } from './chatService.js';
import type { HookRunsService } from './hookRuns.js';
import type { HooksSettingsService } from './hooksSettings.js';
import type { HostChannel } from './hostChannel.js';
import type { ModelService } from './modelService.js';
import type { Transport } from './transport.js';
import type { TrustStore } from './trust.js';

/** The client a request came from. */
export interface Client {
  transport: Transport;
  /** Runs once the response has been sent (events that must follow it). */
  afterResponse: (fn: () => void) => void;
}

export interface Services {
  readonly workdir: string;
  readonly homeDir: string;
  readonly version: string;
  readonly host: HostChannel;
  readonly trust: TrustStore;
  readonly settings: HooksSettingsService;
  readonly chat: ChatService;
  readonly model: ModelService;
  readonly runs: HookRunsService;
  /** The trust state of the workspace and the project hooks it decides about. */
  trustInfo(): TrustInfo;
  /** Sends a listing to every client (hooks.changed and config.changed). */
  pushListing(listing: HooksListing): HooksListing;
  broadcast<E extends EventName>(event: E, data: Events[E]): void;
  /** A client said hello: a chat view gets the pending prefill. */
  greet(transport: Transport, view: Params<'hello'>['view']): void;
  /** Text for the chat's composer (kept for the next chat view when none is connected). */
  prefill(text: string): void;
}
