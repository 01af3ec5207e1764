// One MCP server's configuration (docs/mcp.md, "Configuring servers"), as Claude Code writes it in
// `mcpServers` of a settings file, a `.mcp.json` or `Agent.create({ mcpServers })`: stdio
// (`command`, `args`, `env`, `cwd`) or HTTP (`type: "http"` streamable HTTP, `type: "sse"`; `url`,
// `headers`). Each entry is checked alone: a bad one is a positioned problem and the others stand.
import * as z from 'zod';
import type { McpSourceName } from '../protocol/mcpListing.js';
import type { ConfigProblem } from '../protocol/wire.js';
import { formatJsonPath, type JsonPath } from '../settings/jsonFile.js';

const strings = z.array(z.string({ error: 'must be a string' }));
const stringMap = z.record(z.string(), z.string({ error: 'must be a string' }));

export const StdioServerSchema = z
  .object({
    type: z.literal('stdio').optional(),
    command: z.string({ error: 'command must be a string' }).min(1, 'command must not be empty'),
    args: strings.optional(),
    env: stringMap.optional(),
    cwd: z.string().optional(),
  })
  .passthrough();

export const HttpServerSchema = z
  .object({
    type: z.enum(['http', 'sse', 'streamable-http'], { error: 'type must be "stdio", "http" or "sse"' }).optional(),
    url: z.string({ error: 'url must be a string' }).min(1, 'url must not be empty'),
    headers: stringMap.optional(),
  })
  .passthrough();

export type StdioServerConfig = z.infer<typeof StdioServerSchema>;
export type HttpServerConfig = z.infer<typeof HttpServerSchema>;
export type McpServerConfig = StdioServerConfig | HttpServerConfig;

export const isStdio = (c: McpServerConfig): c is StdioServerConfig => 'command' in c && typeof c.command === 'string';

/** Where a server was configured: the user's own files, the project's (need approval), a plugin, the embedder, `--mcp-config`. */
export type McpSource = McpSourceName;

/** Sources inside the project folder: the agent could have written them, so each server needs the user's approval. */
export const PROJECT_SOURCES: readonly McpSource[] = ['project', 'projectLocal', 'mcpjson'];

export interface McpServerEntry {
  name: string;
  source: McpSource;
  /** The file it came from (`<programmatic>` for Agent.create). */
  file: string;
  line?: number;
  config: McpServerConfig;
  /** The plugin's root, for `${CLAUDE_PLUGIN_ROOT}`. */
  pluginRoot?: string;
}

/** A server name becomes part of tool names (`mcp__<name>__<tool>`): letters, digits, `_` and `-`. */
const NAME = /^[A-Za-z0-9_-]+$/;

export interface ReadServers {
  servers: McpServerEntry[];
  problems: ConfigProblem[];
}

/** Reads an `mcpServers` object: each entry checked alone, positioned with `locate`. */
export function readServers(
  value: unknown,
  at: { file: string; source: McpSource; basePath: JsonPath; locate: (p: JsonPath) => { line: number; column: number } | undefined; pluginRoot?: string },
): ReadServers {
  const out: ReadServers = { servers: [], problems: [] };
  const problem = (path: JsonPath, message: string) => {
    const pos = at.locate(path) ?? at.locate(at.basePath) ?? { line: 1, column: 1 };
    out.problems.push({ severity: 'error', file: at.file, path: formatJsonPath(path), ...pos, message });
  };
  if (value === undefined) return out;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problem(at.basePath, 'mcpServers must be an object of server name → server');
    return out;
  }
  for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
    const path = [...at.basePath, name];
    if (!NAME.test(name)) {
      problem(
        path,
        `server name "${name}" may hold only letters, digits, "_" and "-" (it becomes part of the tool names mcp__${name}__…); this server does not start`,
      );
      continue;
    }
    const parsed = parseServer(raw);
    if (!parsed.ok) {
      problem([...path, ...parsed.path], `${parsed.message}; the server "${name}" does not start`);
      continue;
    }
    const line = at.locate(path)?.line;
    out.servers.push({
      name,
      source: at.source,
      file: at.file,
      config: parsed.config,
      ...(line !== undefined ? { line } : {}),
      ...(at.pluginRoot ? { pluginRoot: at.pluginRoot } : {}),
    });
  }
  return out;
}

type Parsed = { ok: true; config: McpServerConfig } | { ok: false; path: JsonPath; message: string };

/** One server: an object with `command` (stdio) or `url` (http / sse). */
export function parseServer(raw: unknown): Parsed {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, path: [], message: 'a server must be an object with "command" or "url"' };
  const type = (raw as { type?: unknown }).type;
  const http = type === 'http' || type === 'sse' || type === 'streamable-http' || (type === undefined && 'url' in raw && !('command' in raw));
  if (type !== undefined && type !== 'stdio' && !http)
    return { ok: false, path: ['type'], message: `type must be "stdio", "http" or "sse", not ${JSON.stringify(type)}` };
  const r = (http ? HttpServerSchema : StdioServerSchema).safeParse(raw);
  if (r.success) return { ok: true, config: r.data };
  const issue = r.error.issues[0]!;
  const missing = issue.code === 'invalid_type' && issue.path.length === 1 && (raw as Record<string, unknown>)[String(issue.path[0])] === undefined;
  const message = missing ? `"${String(issue.path[0])}" is missing` : issue.message;
  return { ok: false, path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))), message };
}
