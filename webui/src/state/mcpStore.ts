// The MCP section of the settings page (docs/mcp.md, "In the IDE"): the session's MCP servers with
// their source, state and tools, kept current by `mcp.changed`; Approve (project servers), Restart
// and Open file (the IDE opens the file, then closes the settings tab).
import { batch, signal } from '@preact/signals';
import type { SidecarClient } from '../connection/client.js';
import type { McpListing } from '../connection/protocol.js';
import { attempt } from './attempt.js';

export class McpStore {
  readonly #listing = signal<McpListing | null>(null);
  /** The server an action is running for. */
  readonly #busy = signal<string | null>(null);
  readonly #error = signal<string | null>(null);

  constructor(private readonly client: SidecarClient) {
    client.on('mcp.changed', (l) => (this.#listing.value = l));
  }

  get listing(): McpListing | null {
    return this.#listing.value;
  }
  get busy(): string | null {
    return this.#busy.value;
  }
  get error(): string | null {
    return this.#error.value;
  }

  async load(): Promise<void> {
    await this.#act(null, () => this.client.request('mcp.list', {}));
  }
  approve(name: string): Promise<void> {
    return this.#act(name, () => this.client.request('mcp.approve', { name }));
  }
  restart(name: string): Promise<void> {
    return this.#act(name, () => this.client.request('mcp.restart', { name }));
  }
  async openFile(name: string): Promise<void> {
    await this.#act(name, async () => void (await this.client.request('mcp.openFile', { name })));
  }

  async #act(name: string | null, run: () => Promise<McpListing | void>): Promise<void> {
    batch(() => {
      this.#busy.value = name;
      this.#error.value = null;
    });
    try {
      await attempt(this.#error, async () => {
        const l = await run();
        if (l) this.#listing.value = l;
      });
    } finally {
      this.#busy.value = null;
    }
  }
}
