// Where MCP servers are configured (docs/mcp.md, "Configuring servers"), read each file alone:
// each plugin's `.mcp.json`, `mcpServers` of the user settings, the project's `.mcp.json` (Claude
// Code's file, read as it is), `mcpServers` of the project and project local settings, the
// embedder's `Agent.create({ mcpServers })` and `--mcp-config` files. A later source wins a name.
// A file that cannot be read is a positioned problem; the other files' servers still start.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigProblem } from '../protocol/wire.js';
import { readJsonFile, type JsonFile } from '../settings/jsonFile.js';
import type { SettingsPaths } from '../settings/paths.js';
import { readServers, type McpServerEntry, type McpSource } from './config.js';
import { messageOf } from '../util/errors.js';

export interface McpConfigInput {
  paths: SettingsPaths;
  workdir: string;
  /** `Agent.create({ mcpServers })`. */
  programmatic?: unknown;
  /** `--mcp-config FILE` (each a `.mcp.json`-shaped file). */
  configFiles?: readonly string[];
}

export interface McpConfig {
  servers: McpServerEntry[];
  problems: ConfigProblem[];
}

function pluginRoots(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() || d.isSymbolicLink())
      .map((d) => join(dir, d.name))
      .sort();
  } catch {
    return [];
  }
}

/** One file's `mcpServers`; a missing file is nothing, a broken one a problem with its position. */
function readFile(path: string, source: McpSource, out: McpConfig, pluginRoot?: string): void {
  let file: JsonFile;
  try {
    file = readJsonFile(path);
  } catch (err) {
    out.problems.push({
      severity: 'error',
      file: path,
      path: '',
      line: 1,
      column: 1,
      message: `cannot read the file: ${messageOf(err)}; its MCP servers do not start`,
    });
    return;
  }
  if (!file.exists) return;
  if (file.parseError) {
    const { line, column, message } = file.parseError;
    out.problems.push({
      severity: 'error',
      file: path,
      path: '',
      line,
      column,
      message: `not valid JSON: ${message} at line ${line}, column ${column}; its MCP servers do not start`,
    });
    return;
  }
  const value = file.value as Record<string, unknown> | undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out.problems.push({ severity: 'error', file: path, path: '', line: 1, column: 1, message: 'must be a JSON object; its MCP servers do not start' });
    return;
  }
  const read = readServers(value.mcpServers, { file: path, source, basePath: ['mcpServers'], locate: file.locate, ...(pluginRoot ? { pluginRoot } : {}) });
  out.servers.push(...read.servers);
  out.problems.push(...read.problems);
}

/** Every configured server (a later source wins a name) and every problem found on the way. */
export function readMcpConfig(input: McpConfigInput): McpConfig {
  const out: McpConfig = { servers: [], problems: [] };
  for (const root of pluginRoots(input.paths.pluginsDir)) readFile(join(root, '.mcp.json'), 'plugin', out, root);
  readFile(input.paths.user, 'user', out);
  readFile(join(input.workdir, '.mcp.json'), 'mcpjson', out);
  readFile(input.paths.project, 'project', out);
  readFile(input.paths.projectLocal, 'projectLocal', out);
  if (input.programmatic !== undefined) {
    const read = readServers(input.programmatic, { file: '<programmatic>', source: 'programmatic', basePath: [], locate: () => undefined });
    out.servers.push(...read.servers);
    out.problems.push(...read.problems);
  }
  for (const f of input.configFiles ?? []) readFile(f, 'flag', out);
  const byName = new Map<string, McpServerEntry>();
  for (const s of out.servers) {
    byName.delete(s.name);
    byName.set(s.name, s);
  }
  out.servers = [...byName.values()];
  return out;
}
