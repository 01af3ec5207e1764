// The host channel (docs/architecture.md, "The sidecar and the IDE"): requests to the IDE shell as JSON lines on stdout, after the ready
// line, strictly in the order they were asked for. Diagnostics never go to stdout.
import { isAbsolute } from 'node:path';
import type { HostRequest } from '../protocol/protocol.js';

export type LineWriter = (line: string) => void;

export class HostChannel {
  constructor(private readonly write: LineWriter) {}

  send(request: HostRequest): void {
    if (request.host === 'openFile' && !isAbsolute(request.path)) {
      throw new Error(`openFile needs an absolute path, not "${request.path}"`);
    }
    this.write(`${JSON.stringify(request)}\n`);
  }
}
