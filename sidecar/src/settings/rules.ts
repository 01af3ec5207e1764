// The permission-rule syntax of the settings (README, "Settings keys"; Claude Code's): `Tool`,
// `Tool(content)` where the content is a command pattern (`npm test:*` prefix, `*` wildcards) for
// Bash and a path glob for file tools. Used by the permission policy (agent/permissions.ts) and by
// a hook's `if` condition (docs/hooks.md, "Permission rules and `if`"). A Bash command is read as
// its simple commands (shellParse.ts): a deny or ask rule and an `if` match when any of them
// matches; an allow rule covers a command only when every one is covered (`coveringRules`).
import { homedir } from 'node:os';
import { basename, isAbsolute, resolve } from 'node:path';
import picomatch from 'picomatch';
import { parseShell, type SimpleCommand } from './shellParse.js';

export interface ParsedRule {
  tool: string;
  content?: string;
}

export function parseRule(rule: string): ParsedRule {
  const m = /^([^()]+)\((.*)\)$/.exec(rule.trim());
  return m ? { tool: m[1]!.trim(), content: m[2]!.trim() } : { tool: rule.trim() };
}

/** A pattern against one command text. */
function textMatches(pattern: string, command: string): boolean {
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

/** The text of a simple command with its prefixes and assignments (`A=1 sudo rm -rf y`). */
function fullText(c: SimpleCommand): string {
  return [...c.assignments, ...c.words].join(' ');
}

/** The program's own words, prefixes looked through (`rm -rf y`). */
function programText(c: SimpleCommand): string {
  return c.words.slice(c.prefix).join(' ');
}

/** Deny, ask and `if`: the whole command, or any of its simple commands (with or without its prefixes). */
function commandMatches(pattern: string, command: string): boolean {
  if (textMatches(pattern, command)) return true;
  return parseShell(command).commands.some((c) => textMatches(pattern, fullText(c)) || textMatches(pattern, programText(c)));
}

/** Without a `/`, a path pattern names a file at any depth, as in .gitignore (`.env*` covers `sub/.env`). */
function pathMatches(pattern: string, path: string, workdir: string): boolean {
  const target = isAbsolute(path) ? path : resolve(workdir, path);
  if (!pattern.includes('/')) return picomatch(pattern, { dot: true })(basename(target));
  let glob = pattern;
  if (glob.startsWith('//')) glob = glob.slice(1);
  else if (glob.startsWith('~/')) glob = resolve(homedir(), glob.slice(2));
  else if (!isAbsolute(glob)) glob = resolve(workdir, glob);
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
 * The allow rules that together cover a call, or null. A Bash command is covered when it parses
 * and each of its simple commands, as written with its prefixes, is covered by one of the rules, or
 * when a rule without wildcards is the whole command itself; any other call by one matching rule.
 */
export function coveringRules(
  rules: readonly string[],
  toolName: string,
  as: 'command' | 'path',
  content: string | undefined,
  workdir: string,
): string[] | null {
  const mine = rules.filter((r) => {
    const tool = parseRule(r).tool;
    return tool === toolName || tool === '*' || mcpServerRule(tool, toolName);
  });
  if (as === 'path') {
    const rule = mine.find((r) => ruleMatches(r, toolName, as, content, workdir));
    return rule ? [rule] : null;
  }
  const wide = mine.find(isToolWide);
  if (wide) return [wide];
  if (content === undefined) return null;
  const parsed = parseShell(content);
  if (!parsed.complete || parsed.commands.length === 0) return null;
  const exact = mine.find((r) => !parseRule(r).content!.includes('*') && textMatches(parseRule(r).content!, content));
  if (exact) return [exact];
  const used = new Set<string>();
  for (const c of parsed.commands) {
    const rule = mine.find((r) => textMatches(parseRule(r).content ?? '', fullText(c)));
    if (!rule) return null;
    used.add(rule);
  }
  return [...used];
}

function isToolWide(rule: string): boolean {
  const c = parseRule(rule).content;
  return c === undefined || c === '' || c === '*';
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
