// "Always allow" on an approval (README, "Settings keys": `permissions`): the `permissions.allow`
// rule that lets calls like this one run without asking — the tool for file tools (`Edit`), a
// command prefix for Bash (`Bash(npm test:*)`, or the exact command when it chains or redirects) —
// written into the project's local settings (`.wave/settings.local.json`, yours, not shared),
// format kept. The rule syntax is agent/permissions.ts's.
import type { SessionConfig } from '../hooks/sessionConfig.js';
import { parseJsonText } from '../settings/jsonFile.js';
import { setJsonValue } from '../settings/jsonEdit.js';
import { editOwnSettings } from './settingsEdit.js';

/** Shell syntax after which a prefix rule would allow more than the user saw. */
const COMPOUND = /[;&|`<>]|\$\(/;
/** A word that names a sub-command (`test` in `npm test`), not a flag, path or assignment. */
const SUBCOMMAND = /^[a-z][\w.:-]*$/i;

/** The rule for a call, or null when no rule can be said for it. */
export function allowRuleFor(toolName: string, input: Record<string, unknown>): string | null {
  if (toolName !== 'Bash') return /^[\w-]+$/.test(toolName) ? toolName : null;
  const command = typeof input.command === 'string' ? input.command.trim() : '';
  if (!command || command.includes('\n')) return null;
  if (COMPOUND.test(command)) return `Bash(${command})`;
  const words = command.split(/\s+/);
  const prefix = words.length > 1 && SUBCOMMAND.test(words[1]!) ? `${words[0]} ${words[1]}` : words[0]!;
  return `Bash(${prefix}:*)`;
}

/** The allow rules a settings text already has. */
function allowRules(file: string, text: string): string[] {
  const value = parseJsonText(file, text).value as { permissions?: { allow?: unknown } } | null;
  const allow = value?.permissions?.allow;
  return Array.isArray(allow) ? allow.filter((r): r is string => typeof r === 'string') : [];
}

/**
 * Appends the rule to the file's `permissions.allow` (once). The session takes the file in at once
 * when it had no other change waiting for review; otherwise the rule is part of that review.
 */
export function writeAllowRule(file: string, rule: string, session: SessionConfig | null): void {
  const add = (text: string) => (allowRules(file, text).includes(rule) ? text || '{}\n' : setJsonValue(text, ['permissions', 'allow'], rule, true));
  editOwnSettings(file, add, session, 'no rule was written');
}
