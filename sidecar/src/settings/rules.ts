// The permission-rule syntax of the settings (README, "Settings keys"; Claude Code's): `Tool`,
// `Tool(content)` where the content is a command pattern (`npm test:*` prefix, `*` wildcards) for
// Bash and a path glob for file tools. Used by the permission policy (agent/permissions.ts) and by
// a hook's `if` condition (docs/hooks.md, "Handler types").
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import picomatch from 'picomatch';

export interface ParsedRule {
  tool: string;
  content?: string;
}

export function parseRule(rule: string): ParsedRule {
  const m = /^([^()]+)\((.*)\)$/.exec(rule.trim());
  return m ? { tool: m[1]!.trim(), content: m[2]!.trim() } : { tool: rule.trim() };
}

function commandMatches(pattern: string, command: string): boolean {
  const cmd = command.trim();
  if (pattern.endsWith(':*')) {
    const prefix = pattern.slice(0, -2).trim();
    return cmd === prefix || cmd.startsWith(`${prefix} `);
  }
  if (pattern.includes('*')) {
    const re = new RegExp(
      `^${pattern
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    return re.test(cmd);
  }
  return cmd === pattern;
}

function pathMatches(pattern: string, path: string, workdir: string): boolean {
  let glob = pattern;
  if (glob.startsWith('//')) glob = glob.slice(1);
  else if (glob.startsWith('~/')) glob = resolve(homedir(), glob.slice(2));
  else if (!isAbsolute(glob)) glob = resolve(workdir, glob);
  const target = isAbsolute(path) ? path : resolve(workdir, path);
  return picomatch(glob, { dot: true })(target);
}

/** `mcp__github` and `mcp__github__*` name every tool of the MCP server `github` (docs/mcp.md, "Permissions"). */
function mcpServerRule(rule: string, toolName: string): boolean {
  if (!toolName.startsWith('mcp__')) return false;
  if (rule.endsWith('__*')) return rule.split('__').length === 3 && toolName.startsWith(rule.slice(0, -1));
  return rule.split('__').length === 2 && toolName.startsWith(`${rule}__`);
}

/** Whether `rule` (`Bash(npm test:*)`, `Edit(src/**)`, `Read`) covers a call; its content is a command or a path. */
export function ruleMatches(rule: string, toolName: string, as: 'command' | 'path', content: string | undefined, workdir: string): boolean {
  const r = parseRule(rule);
  if (r.tool !== toolName && r.tool !== '*' && !mcpServerRule(r.tool, toolName)) return false;
  if (r.content === undefined || r.content === '' || r.content === '*') return true;
  if (content === undefined) return false;
  return as === 'command' ? commandMatches(r.content, content) : pathMatches(r.content, content, workdir);
}

/**
 * A hook's `if` for a tool call: what the rule looks at is taken from the input as Claude Code
 * does (the command of a Bash call, else the file path or path).
 */
export function callMatchesRule(rule: string, toolName: string, toolInput: Record<string, unknown>, cwd: string): boolean {
  const command = typeof toolInput.command === 'string' ? toolInput.command : undefined;
  const path = [toolInput.file_path, toolInput.path, toolInput.notebook_path].find((v): v is string => typeof v === 'string');
  return ruleMatches(rule, toolName, command !== undefined ? 'command' : 'path', command ?? path, cwd);
}
