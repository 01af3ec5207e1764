// "Always allow" on an approval (README, "Settings keys": `permissions`): the `permissions.allow`
// rule that lets calls like this one run without asking (settings/allowRule.ts says which) written
// into the project's local settings (`.wave/settings.local.json`, yours, not shared), format kept.
import type { SessionConfig } from '../hooks/config/sessionConfig.js';
import { parseJsonText } from '../settings/jsonFile.js';
import { setJsonValue } from '../settings/jsonEdit.js';
import { editOwnSettings } from './settingsEdit.js';

export { allowRuleFor } from '../settings/allowRule.js';

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
  editOwnSettings(file, add, session, 'ruleWritten');
}
