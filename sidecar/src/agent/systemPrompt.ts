// The system prompt: who the agent is, the environment, instruction files, the active hooks with
// the rule that they run on the user's machine, and what the model needs to create or edit hooks
// from the settings page's prefilled prompts (format in brief and the settings files' paths).
import { EVENT_NAMES, EVENTS } from '../hooks/contract/events.js';
import type { ConfiguredHook } from '../hooks/contract/types.js';
import type { InstructionFile } from './instructions.js';

export interface SystemPromptInput {
  workdir: string;
  platform: string;
  date: string;
  instructions: InstructionFile[];
  hooks: ConfiguredHook[];
  userSettingsPath: string;
  projectSettingsPath: string;
  projectLocalSettingsPath: string;
}

function hooksSection(hooks: ConfiguredHook[]): string {
  if (!hooks.length) return 'No hooks are configured.';
  const lines = hooks.map((h) => `- ${h.event}${h.matcher ? ` [${h.matcher}]` : ''}: ${h.displayName} (${h.source})`);
  return `Active hooks:\n${lines.join('\n')}`;
}

export function buildSystemPrompt(i: SystemPromptInput): string {
  const parts = [
    'You are Wave, a coding agent working in the user’s project through tools. Be concise; use the tools to read, change and run things rather than guessing.',
    `Environment:\n- working directory: ${i.workdir}\n- platform: ${i.platform}\n- date: ${i.date}`,
  ];
  for (const f of i.instructions) parts.push(`Instructions from ${f.path} (${f.scope}):\n${f.content.trim()}`);
  parts.push(
    [
      '# Hooks',
      'The user can configure hooks: shell commands that run on the user’s machine at fixed points (before and after tools, when a prompt is sent, when you stop, around compaction). Their results may block a tool call, add context (shown to you inside <system-reminder> tags), or ask you to continue. Hooks run outside your control: never claim that a hook ran or succeeded unless its result is in front of you.',
      hooksSection(i.hooks),
      `To create or edit hooks, edit the settings files with the Write/Edit tools, keeping every other key and the file’s formatting: user hooks in ${i.userSettingsPath}, project hooks in ${i.projectSettingsPath} (personal, not committed: ${i.projectLocalSettingsPath}).`,
      'Format: { "hooks": { "<Event>": [ { "matcher": "<tool names: exact, A|B, glob or regex>", "hooks": [ { "type": "command", "command": "<shell command>", "timeout": <seconds>, "async": <bool>, "description": "<shown in the list>" } ] } ] } }.',
      `Events: ${EVENT_NAMES.map((e) => `${e}${EVENTS[e].matcherField ? ` (matcher: ${EVENTS[e].matcherField})` : ''}`).join(', ')}.`,
      'A hook reads the event as JSON on stdin. Exit 0 = success (stdout is context for UserPromptSubmit and SessionStart); exit 2 = block, stderr is the reason; other codes = non-blocking error. On exit 0 it may print a JSON answer: {"continue": false, "stopReason": "..."}, {"decision": "block", "reason": "..."}, {"systemMessage": "..."}, or {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow|ask|deny", "permissionDecisionReason": "...", "updatedInput": {...}, "additionalContext": "..."}}.',
    ].join('\n'),
  );
  return parts.join('\n\n');
}
