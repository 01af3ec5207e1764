// Every tool name the agent can offer (Claude Code's names, so existing hook matchers carry over):
// the file tools of the registry and the tools of long-running work, each from the module that
// defines the tools. Hook matchers are checked against this list (docs/hooks.md, "Validation");
// MCP tools are named `mcp__<server>__<tool>` and are not listed.
import { CORE_TOOLS } from '../agent/tools/registry.js';
import { CRON_TOOL_NAMES } from '../work/cronTools.js';
import { SHELL_TOOL_NAMES } from '../work/shellTools.js';
import { SUBAGENT_TOOL_NAMES } from '../work/subagentTools.js';
import { WORKTREE_TOOL_NAMES } from '../work/worktreeTools.js';

export const TOOL_NAMES: readonly string[] = [
  ...CORE_TOOLS.map((t) => t.name),
  ...SHELL_TOOL_NAMES,
  ...SUBAGENT_TOOL_NAMES,
  ...CRON_TOOL_NAMES,
  ...WORKTREE_TOOL_NAMES,
];
