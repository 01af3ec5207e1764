// One MCP server, connected through the official SDK client (docs/mcp.md): connect (with a time
// limit), list its tools, call them; a server that fails to start, dies or writes something that is
// not JSON-RPC on its stdout is disconnected with the reason and its stderr tail, its tools are gone,
// and it is started again with back-off (1 s, 2 s, 4 s … at most 5 tries; Restart starts over).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema, ToolListChangedNotificationSchema, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { isStdio, type McpServerEntry } from './config.js';
import { expandConfig } from './expand.js';
import { mayFallBackToSse, newTransport, StderrTail } from './transport.js';
import type { McpServerStatus, McpToolInfo } from './types.js';

export interface ConnectionOptions {
  entry: McpServerEntry;
  env: Record<string, string | undefined>;
  cwd: string;
  /** How long connecting may take (MCP_TIMEOUT, default 30 s). */
  connectTimeoutMs: number;
  /** A tool call's limit (MCP_TOOL_TIMEOUT, default 10 min). */
  toolTimeoutMs: number;
  /** Tries after a failure before giving up (a Restart starts over). */
  maxRestarts?: number;
  /** The first back-off delay; doubled each try. */
  backoffMs?: number;
  onChange: () => void;
  /** A failure the user must see (which server, why, its stderr tail). */
  onNotice: (text: string) => void;
  /** The server asks the user for input. */
  elicit: (server: string, params: ElicitRequest['params']) => Promise<ElicitResult>;
}

export class McpConnection {
  status: McpServerStatus = { state: 'stopped' };
  tools: McpToolInfo[] = [];
  private client: Client | null = null;
  private readonly stderr = new StderrTail();
  private tries = 0;
  private timer: NodeJS.Timeout | undefined;
  private closing = false;
  /** Why the connection is being dropped on purpose (garbage on stdout). */
  private dropReason: string | null = null;

  constructor(private readonly o: ConnectionOptions) {}

  get name(): string {
    return this.o.entry.name;
  }

  private set(status: McpServerStatus): void {
    this.status = status;
    this.o.onChange();
  }

  /** Connects; resolves when connected or failed (never throws). */
  async start(): Promise<void> {
    clearTimeout(this.timer);
    this.closing = false;
    const expanded = expandConfig(this.o.entry.config, {
      ...this.o.env,
      ...(this.o.entry.pluginRoot ? { CLAUDE_PLUGIN_ROOT: this.o.entry.pluginRoot, WAVE_PLUGIN_ROOT: this.o.entry.pluginRoot } : {}),
    });
    if (!expanded.ok) {
      this.fail(
        `missing environment variable${expanded.missing.length > 1 ? 's' : ''} ${expanded.missing.join(', ')} (used as \${…} in its configuration)`,
        false,
      );
      return;
    }
    this.set({ state: 'connecting' });
    const parts = { config: expanded.config, env: this.o.env, cwd: this.o.cwd, stderr: this.stderr };
    try {
      await this.connect(newTransport(parts));
    } catch (err) {
      if (!mayFallBackToSse(expanded.config) || this.closing) return this.fail(startFailure(err), true);
      try {
        await this.connect(newTransport(parts, true));
      } catch {
        return this.fail(startFailure(err), true);
      }
    }
  }

  private async connect(transport: Transport): Promise<void> {
    const client = new Client({ name: 'wave', version: '0.1.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, (req) => this.o.elicit(this.name, req.params));
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void this.listTools(client).catch(() => undefined));
    client.onerror = (err) => {
      // The stdio transport reports a line that is not JSON-RPC as an error and goes on: we do not.
      if (isStdio(this.o.entry.config) && (err instanceof SyntaxError || err.name === 'ZodError')) {
        this.dropReason = `it wrote something on stdout that is not a JSON-RPC message (${firstLine(err.message)}); stdout is for the protocol only, logs go to stderr`;
        void client.close();
      }
    };
    client.onclose = () => this.closed(client);
    this.client = client;
    await withTimeout(client.connect(transport), this.o.connectTimeoutMs, `it did not answer within ${this.o.connectTimeoutMs / 1000} s`, () => client.close());
    await this.listTools(client);
    this.tries = 0;
    this.set({ state: 'connected' });
  }

  private async listTools(client: Client): Promise<void> {
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      for (const t of page.tools) {
        tools.push({
          name: t.name,
          description: t.description ?? '',
          inputSchema: t.inputSchema as Record<string, unknown>,
          readOnly: t.annotations?.readOnlyHint === true,
        });
      }
      cursor = page.nextCursor;
    } while (cursor);
    if (client !== this.client) return;
    this.tools = tools;
    this.o.onChange();
  }

  /** The connection ended: on purpose (stop), or a failure that is retried with back-off. */
  private closed(client: Client): void {
    if (client !== this.client) return;
    this.client = null;
    this.tools = [];
    if (this.closing) return this.set({ state: 'stopped' });
    const reason = this.dropReason ?? (this.status.state === 'connected' ? 'the server closed the connection (its process ended)' : 'the connection closed');
    this.dropReason = null;
    if (this.status.state === 'connected') this.fail(reason, true);
  }

  private fail(reason: string, retry: boolean): void {
    const stderr = this.stderr.lines();
    const max = this.o.maxRestarts ?? 5;
    const again = retry && !this.closing && this.tries < max;
    const delay = (this.o.backoffMs ?? 1000) * 2 ** this.tries;
    this.set({ state: 'failed', reason, ...(stderr ? { stderr } : {}), ...(again ? { retryInMs: delay } : {}) });
    const tail = stderr ? `\nits stderr ended with:\n${stderr}` : '';
    const next = again
      ? ` Starting it again in ${delay / 1000} s.`
      : retry
        ? ` Not started again after ${max} tries: use Restart (settings, "MCP servers").`
        : '';
    this.o.onNotice(`MCP server "${this.name}" (${this.o.entry.file}) failed: ${reason}.${next}${tail}`);
    if (!again) return;
    this.tries++;
    this.timer = setTimeout(() => void this.start(), delay);
    this.timer.unref();
  }

  /** Calls one tool of the server. */
  async callTool(tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<Awaited<ReturnType<Client['callTool']>>> {
    const client = this.client;
    if (!client || this.status.state !== 'connected')
      throw new Error(`MCP server "${this.name}" is not connected${this.status.state === 'failed' ? `: ${this.status.reason}` : ''}`);
    return client.callTool({ name: tool, arguments: args }, undefined, { timeout: this.o.toolTimeoutMs, ...(signal ? { signal } : {}) });
  }

  /** Stops the server, then starts it again from the first try. */
  async restart(): Promise<void> {
    await this.stop();
    this.tries = 0;
    await this.start();
  }

  async stop(): Promise<void> {
    this.closing = true;
    clearTimeout(this.timer);
    const client = this.client;
    if (client) await client.close().catch(() => undefined);
    this.client = null;
    this.tools = [];
    if (this.status.state !== 'stopped') this.set({ state: 'stopped' });
  }
}

const firstLine = (s: string) => s.split('\n')[0]!.slice(0, 200);

/** Why a server did not start, in one line (a missing command said so). */
function startFailure(err: unknown): string {
  const e = err as { message?: string; code?: string };
  if (e?.code === 'ENOENT') return `its command was not found (${e.message ?? 'ENOENT'})`;
  return firstLine(e?.message ?? String(err)) || 'it could not be started';
}

async function withTimeout<T>(p: Promise<T>, ms: number, message: string, onTimeout: () => Promise<unknown>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void onTimeout().catch(() => undefined);
      reject(new Error(message));
    }, ms);
  });
  try {
    return await Promise.race([p, limit]);
  } finally {
    clearTimeout(timer);
  }
}
