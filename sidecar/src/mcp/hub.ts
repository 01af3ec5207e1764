// The MCP servers of one session (docs/mcp.md): read from every source, started in parallel, their
// state and tools, approval of project servers, Restart, and the end of them all. A project server
// (`.mcp.json`, the project's settings files) starts only in a trusted workspace and only once the
// user approved it (approvals.ts); everything else starts at once.
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ConfigProblem } from '../protocol/wire.js';
import type { SettingsPaths } from '../settings/paths.js';
import { McpApprovals } from './approvals.js';
import { isStdio, PROJECT_SOURCES, type McpServerEntry } from './config.js';
import type { McpConnection } from './connection.js';
import { readMcpConfig } from './sources.js';
import { mcpToolName, type McpServerStatus, type McpServerView, type McpToolInfo } from './types.js';

export interface McpHubOptions {
  workdir: string;
  paths: SettingsPaths;
  /** `Agent.create({ mcpServers })`. */
  programmatic?: unknown;
  /** `--mcp-config FILE`. */
  configFiles?: readonly string[];
  trusted: () => boolean;
  env: Record<string, string | undefined>;
  onChange?: () => void;
  onNotice?: (text: string) => void;
  /** Asks the user (and the Elicitation hooks) for what a server wants; declined without it. */
  elicit?: (server: string, params: ElicitRequest['params']) => Promise<ElicitResult>;
  /** Back-off of restarts (tests make it short). */
  backoffMs?: number;
  /** Tries after a failure (default 5; `wave mcp list` tries once). */
  maxRestarts?: number;
}

export interface McpToolRef {
  server: string;
  /** `mcp__<server>__<tool>` */
  name: string;
  tool: McpToolInfo;
}

const envMs = (v: string | undefined, fallback: number) => (v && Number(v) > 0 ? Number(v) : fallback);

export class McpHub {
  problems: ConfigProblem[] = [];
  private entries: McpServerEntry[] = [];
  private readonly connections = new Map<string, McpConnection>();
  private readonly waiting = new Map<string, McpServerStatus>();
  readonly approvals: McpApprovals;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly o: McpHubOptions) {
    this.approvals = new McpApprovals(o.paths.userDir);
  }

  /** Called whenever a server's state or tools change; returns the unsubscribe. */
  listen(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    this.o.onChange?.();
    for (const fn of this.listeners) fn();
  }

  /** Reads the configuration and starts every server that may start; resolves when each is connected or failed. */
  async start(): Promise<void> {
    this.load();
    for (const p of this.problems) this.o.onNotice?.(`${p.file}:${p.line ?? 1}: ${p.path ? `${p.path}: ` : ''}${p.message}`);
    await Promise.all(this.entries.map((e) => this.startOne(e)));
  }

  /** Reads the configuration (nothing starts). */
  load(): void {
    const config = readMcpConfig({
      paths: this.o.paths,
      workdir: this.o.workdir,
      ...(this.o.programmatic !== undefined ? { programmatic: this.o.programmatic } : {}),
      ...(this.o.configFiles ? { configFiles: this.o.configFiles } : {}),
    });
    this.problems = config.problems;
    this.entries = config.servers;
  }

  /** Why a server may not start now, or null. */
  private gate(e: McpServerEntry): McpServerStatus | null {
    if (!PROJECT_SOURCES.includes(e.source)) return null;
    if (!this.o.trusted()) return { state: 'untrusted' };
    return this.approvals.approved(this.o.workdir, e.name, e.config) ? null : { state: 'needs-approval' };
  }

  private async startOne(e: McpServerEntry): Promise<void> {
    const gate = this.gate(e);
    if (gate) {
      this.waiting.set(e.name, gate);
      this.changed();
      const why =
        gate.state === 'untrusted' ? 'the workspace is not trusted' : 'it needs your approval (settings, "MCP servers", or `wave mcp approve ' + e.name + '`)';
      this.o.onNotice?.(`MCP server "${e.name}" (${e.file}) is not started: ${why}.`);
      return;
    }
    this.waiting.delete(e.name);
    // The SDK is loaded with the first server: a session without MCP servers does not pay for it.
    const { McpConnection } = await import('./connection.js');
    const c = new McpConnection({
      entry: e,
      env: this.o.env,
      cwd: this.o.workdir,
      connectTimeoutMs: envMs(this.o.env.MCP_TIMEOUT, 30_000),
      toolTimeoutMs: envMs(this.o.env.MCP_TOOL_TIMEOUT, 600_000),
      ...(this.o.backoffMs !== undefined ? { backoffMs: this.o.backoffMs } : {}),
      ...(this.o.maxRestarts !== undefined ? { maxRestarts: this.o.maxRestarts } : {}),
      onChange: () => this.changed(),
      onNotice: (t) => this.o.onNotice?.(t),
      elicit: (server, params) => this.o.elicit?.(server, params) ?? Promise.resolve({ action: 'decline' }),
    });
    this.connections.set(e.name, c);
    await c.start();
  }

  /** Every configured server with its state and tools. */
  servers(): McpServerView[] {
    return this.entries.map((e) => {
      const c = this.connections.get(e.name);
      const transport = isStdio(e.config) ? 'stdio' : e.config.type === 'sse' ? 'sse' : 'http';
      const target = isStdio(e.config) ? [e.config.command, ...(e.config.args ?? [])].join(' ') : e.config.url;
      return {
        name: e.name,
        source: e.source,
        file: e.file,
        ...(e.line !== undefined ? { line: e.line } : {}),
        transport,
        target,
        status: c?.status ?? this.waiting.get(e.name) ?? { state: 'stopped' },
        tools: (c?.tools ?? []).map((t) => mcpToolName(e.name, t.name)),
      };
    });
  }

  /** The tools of the connected servers. */
  tools(): McpToolRef[] {
    return [...this.connections.values()].flatMap((c) => c.tools.map((tool) => ({ server: c.name, name: mcpToolName(c.name, tool.name), tool })));
  }

  /** Whether a server of that name is configured, and connected. */
  connected(server: string): boolean {
    return this.connections.get(server)?.status.state === 'connected';
  }

  /** Why a tool of `server` cannot be called now (null: it can). */
  unavailable(server: string): string | null {
    const c = this.connections.get(server);
    if (!c) return `no MCP server "${server}" is ${this.waiting.has(server) ? 'started (it waits for approval or a trusted workspace)' : 'configured'}`;
    const s = c.status;
    return s.state === 'connected' ? null : `MCP server "${server}" is not connected${s.state === 'failed' ? `: ${s.reason}` : ''}`;
  }

  callTool(server: string, tool: string, args: Record<string, unknown>, signal?: AbortSignal) {
    const c = this.connections.get(server);
    if (!c) return Promise.reject(new Error(this.unavailable(server)!));
    return c.callTool(tool, args, signal);
  }

  private entry(name: string): McpServerEntry {
    const e = this.entries.find((x) => x.name === name);
    if (!e) throw new Error(`no MCP server "${name}" is configured`);
    return e;
  }

  /** Remembers (or forgets) the user's approval of a server, with its configuration as it is now. */
  setApproval(name: string, approved: boolean): void {
    this.approvals.set(this.o.workdir, name, approved ? this.entry(name).config : null);
  }

  /** The user approved a project server, which starts now. */
  async approve(name: string): Promise<void> {
    this.setApproval(name, true);
    await this.startOne(this.entry(name));
  }

  async restart(name: string): Promise<void> {
    const c = this.connections.get(name);
    const e = this.entries.find((x) => x.name === name);
    if (c) await c.restart();
    else if (e) await this.startOne(e);
    else throw new Error(`no MCP server "${name}" is configured`);
  }

  /** The workspace became trusted: approved project servers start. */
  async trustGranted(): Promise<void> {
    await Promise.all(this.entries.filter((e) => this.waiting.get(e.name)?.state === 'untrusted').map((e) => this.startOne(e)));
  }

  async close(): Promise<void> {
    await Promise.all([...this.connections.values()].map((c) => c.stop()));
  }
}
