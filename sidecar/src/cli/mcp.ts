// `wave mcp list | approve NAME | revoke NAME` (docs/mcp.md, "On the command line"): the MCP
// servers of the project (started to show their state and tools, then stopped), and the user's
// approval of a project server (`.mcp.json`, the project's settings), remembered privately.
import { homedir } from 'node:os';
import { commandArgs } from './args.js';
import { resolveWorkdir } from './workdir.js';
import { McpHub } from '../mcp/hub.js';
import type { McpServerView } from '../mcp/types.js';
import { settingsPaths } from '../settings/paths.js';
import { messageOf } from '../util/errors.js';

const USAGE = `usage:
  wave mcp list [--workdir DIR] [--json]    the MCP servers: source, state, tools
  wave mcp approve NAME [--workdir DIR]     let a project server (.mcp.json, .wave/settings*.json) start
  wave mcp revoke NAME [--workdir DIR]      take that approval back
`;

function state(s: McpServerView['status']): string {
  switch (s.state) {
    case 'failed':
      return `failed: ${s.reason}${s.stderr ? `\n      stderr: ${s.stderr.split('\n').join('\n              ')}` : ''}`;
    case 'needs-approval':
      return 'waiting for approval (wave mcp approve NAME)';
    case 'untrusted':
      return 'not started: the workspace is not trusted';
    default:
      return s.state;
  }
}

function print(servers: McpServerView[]): void {
  if (!servers.length) process.stdout.write('no MCP servers are configured (docs/mcp.md)\n');
  for (const s of servers) {
    process.stdout.write(`${s.name}  [${s.source}] ${s.transport}: ${s.target}\n  ${s.file}${s.line ? `:${s.line}` : ''}\n  ${state(s.status)}\n`);
    for (const t of s.tools) process.stdout.write(`    ${t}\n`);
  }
}

export async function mcpCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const args = commandArgs(`mcp ${sub ?? ''}`.trim(), USAGE, rest, { workdir: { type: 'string' }, json: { type: 'boolean' } }, true);
  if (!args.ok) return args.code;
  const { dir } = resolveWorkdir(args.values.workdir);
  const hub = new McpHub({
    workdir: dir,
    paths: settingsPaths(dir, homedir()),
    trusted: () => true,
    env: process.env,
    maxRestarts: 0,
    onNotice: () => undefined,
  });
  try {
    if (sub === 'list') {
      await hub.start();
      if (args.values.json) process.stdout.write(`${JSON.stringify({ servers: hub.servers(), problems: hub.problems }, null, 2)}\n`);
      else {
        print(hub.servers());
        for (const p of hub.problems) process.stderr.write(`wave: ${p.file}:${p.line ?? 1}: ${p.path ? `${p.path}: ` : ''}${p.message}\n`);
      }
      return hub.problems.length ? 1 : 0;
    }
    if (sub === 'approve' || sub === 'revoke') {
      const name = args.positionals[0];
      if (!name) throw new Error(`wave mcp ${sub}: name the server\n${USAGE}`);
      hub.load();
      const view = hub.servers().find((s) => s.name === name);
      if (!view) throw new Error(`no MCP server "${name}" is configured for ${dir}`);
      hub.setApproval(name, sub === 'approve');
      process.stdout.write(`${sub === 'approve' ? 'approved' : 'no longer approved'}: ${name} (${view.file})\n`);
      return 0;
    }
    process.stderr.write(`wave mcp: ${sub ? `unknown sub-command "${sub}"` : 'name a sub-command'}\n${USAGE}`);
    return 2;
  } catch (err) {
    process.stderr.write(`${messageOf(err)}\n`);
    return 1;
  } finally {
    await hub.close();
  }
}
