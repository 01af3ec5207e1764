// Hook matchers on MCP tool names, checked once the servers' tools are known (docs/hooks.md,
// "Validation"; docs/mcp.md, "Hooks on MCP tools"): a matcher part `mcp__<server>__…` whose server
// is not configured, not connected, or has no tool it matches never fires, so it is a warning with
// the hook's file, line and JSON path — as a matcher naming an unknown built-in tool is.
import { eventSpec, isHookEvent } from '../hooks/contract/events.js';
import { compileMatcher } from '../hooks/contract/matcher.js';
import type { ConfigProblem, ConfiguredHook } from '../hooks/contract/types.js';
import type { McpServerView } from '../mcp/types.js';
import type { McpHookTarget } from '../protocol/mcpListing.js';

const SERVER = /^\^?mcp__([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*)(?:__|$)/i;

/** The MCP servers a hook's matcher names (each `|` part that starts with `mcp__<server>`). */
export function mcpServersOf(matcher: string | undefined): string[] {
  if (!matcher) return [];
  const names = matcher.split('|').flatMap((part) => {
    const m = SERVER.exec(part.trim());
    return m ? [m[1]!] : [];
  });
  return [...new Set(names)];
}

function why(server: string, view: McpServerView | undefined): string | null {
  if (!view) return `the MCP server "${server}" is not configured`;
  const s = view.status;
  if (s.state === 'connected') return null;
  if (s.state === 'failed') return `the MCP server "${server}" is not connected (${s.reason})`;
  if (s.state === 'needs-approval') return `the MCP server "${server}" waits for your approval`;
  if (s.state === 'untrusted') return `the MCP server "${server}" does not start in an untrusted workspace`;
  return `the MCP server "${server}" is not connected`;
}

/** Tool-event hooks whose matcher names a server that is not connected (the settings page flags them). */
export function mcpHookTargets(hooks: readonly ConfiguredHook[], servers: readonly McpServerView[]): McpHookTarget[] {
  const byName = new Map(servers.map((s) => [s.name.toLowerCase(), s]));
  return hooks.flatMap((hook) => {
    if (!isHookEvent(hook.event) || eventSpec(hook.event).matcherField !== 'tool_name') return [];
    return mcpServersOf(hook.matcher).flatMap((server) => {
      const state = byName.get(server.toLowerCase())?.status.state ?? 'missing';
      return state === 'connected' ? [] : [{ hookId: hook.id, server, state }];
    });
  });
}

/** Warnings for tool-event hooks whose matcher targets MCP tools that are not there. */
export function mcpMatcherProblems(hooks: readonly ConfiguredHook[], servers: readonly McpServerView[]): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  const byName = new Map(servers.map((s) => [s.name.toLowerCase(), s]));
  const allTools = servers.flatMap((s) => s.tools);
  for (const hook of hooks) {
    if (!isHookEvent(hook.event) || eventSpec(hook.event).matcherField !== 'tool_name') continue;
    const named = mcpServersOf(hook.matcher);
    if (!named.length) continue;
    const at = hook.matcherAt ?? (hook.line ? { line: hook.line, column: 1 } : {});
    const warn = (message: string) =>
      out.push({ severity: 'warning', file: hook.file ?? '<programmatic>', path: `${hook.jsonPath.replace(/\.hooks\[\d+\]$/, '')}.matcher`, ...at, message });
    const reasons = named.map((n) => why(n, byName.get(n.toLowerCase()))).filter((r): r is string => r !== null);
    if (reasons.length) warn(`matcher "${hook.matcher}" targets MCP tools that are not there now: ${reasons.join('; ')}; the hook does not fire for them`);
    else if (!allTools.some((t) => compileMatcher(hook.matcher).test(t)))
      warn(
        `matcher "${hook.matcher}" matches no tool of the connected MCP servers (${named.map((n) => `${n}: ${byName.get(n.toLowerCase())!.tools.join(', ') || 'no tools'}`).join('; ')})`,
      );
  }
  return out;
}
