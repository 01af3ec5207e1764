// The `permissions.allow` rule that lets calls like an approved one run without asking ("Always
// allow", and the headless denial's hint; docs/hooks.md, "Permission rules and `if`"): the tool for
// file tools (`Edit`); for Bash a command prefix (`Bash(npm test:*)`) when the command is one simple
// command without prefix, assignment or redirection, else the exact command, which an allow rule
// covers only as a whole: never wider than the approved command's own simple commands.
import { parseShell } from './shellParse.js';

/** A word that names a sub-command (`test` in `npm test`), not a flag, path or assignment. */
const SUBCOMMAND = /^[a-z][\w.:-]*$/i;

/** The rule for a call, or null when no rule can be said for it. */
export function allowRuleFor(toolName: string, input: Record<string, unknown>): string | null {
  if (toolName !== 'Bash') return /^[\w-]+$/.test(toolName) ? toolName : null;
  const command = typeof input.command === 'string' ? input.command.trim() : '';
  if (!command || command.includes('\n')) return null;
  const parsed = parseShell(command);
  const [only, ...more] = parsed.commands;
  if (!parsed.complete || !only) return null;
  const plain = more.length === 0 && only.prefix === 0 && only.assignments.length === 0 && parsed.writes.length === 0 && !/[`$()<>]/.test(command);
  if (!plain) return command.includes('*') ? null : `Bash(${command})`;
  const words = only.words;
  if (words.some((w) => w.includes('*'))) return null;
  const prefix = words.length > 1 && SUBCOMMAND.test(words[1]!) ? `${words[0]} ${words[1]}` : words[0]!;
  return `Bash(${prefix}:*)`;
}
