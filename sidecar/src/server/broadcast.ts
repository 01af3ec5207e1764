// Sending one event to every connected client: what the services that push events are given.
import type { EventName, Events } from '../protocol/protocol.js';

export type Broadcast = <E extends EventName>(event: E, data: Events[E]) => void;
