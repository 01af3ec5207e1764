// The names of the agent's built-in tools (Claude Code's names, SPEC 6), so that existing hook
// matchers work. MCP tools are named `mcp__<server>__<tool>` and are not listed here.
export const TOOL_NAMES = [
  'Read',
  'Write',
  'Edit',
  'Bash',
  'Glob',
  'Grep',
  'Task',
  'BashOutput',
  'KillShell',
  'CronCreate',
  'CronList',
  'CronDelete',
  'Workflow',
  'EnterWorktree',
  'ExitWorktree',
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];
