// The transport to one MCP server, all from the official SDK (docs/mcp.md, "Transports"): stdio
// (the server's stderr kept as a tail for notices), streamable HTTP, and SSE for a server that
// only speaks that (`type: "sse"`, or a streamable HTTP connection that failed).
import type { Readable } from 'node:stream';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isStdio, type McpServerConfig } from './config.js';

/** The last lines a server wrote on stderr (what a notice about its failure shows). */
export class StderrTail {
  private text = '';
  constructor(private readonly max = 2000) {}
  add(chunk: string): void {
    this.text = (this.text + chunk).slice(-this.max);
  }
  /** The last few lines, trimmed; '' when it said nothing. */
  lines(n = 10): string {
    return this.text.trimEnd().split('\n').slice(-n).join('\n');
  }
}

export interface TransportParts {
  config: McpServerConfig;
  /** The environment a stdio server starts with (its own `env` on top). */
  env: Record<string, string | undefined>;
  cwd: string;
  stderr: StderrTail;
}

/** A new transport for the server; `sse` forces the SSE transport for an http server. */
export function newTransport(p: TransportParts, sse = false): Transport {
  const c = p.config;
  if (isStdio(c)) {
    const env = Object.fromEntries(Object.entries({ ...p.env, ...c.env }).filter((e): e is [string, string] => e[1] !== undefined));
    const t = new StdioClientTransport({ command: c.command, args: c.args ?? [], env, cwd: c.cwd ?? p.cwd, stderr: 'pipe' });
    (t.stderr as Readable | null)?.setEncoding('utf8').on('data', (s: string) => p.stderr.add(s));
    return t;
  }
  const url = new URL(c.url);
  const requestInit = c.headers ? { headers: c.headers } : {};
  return sse || c.type === 'sse' ? new SSEClientTransport(url, { requestInit }) : new StreamableHTTPClientTransport(url, { requestInit });
}

/** Whether a failed streamable HTTP connection should be tried again over SSE. */
export const mayFallBackToSse = (c: McpServerConfig) => !isStdio(c) && c.type !== 'sse';
