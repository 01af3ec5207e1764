// Permission modes and settings rules (README, "The agent on the command line"): whether a tool call may run, must be asked about,
// or is denied. Hooks act before (PreToolUse) and at the ask (PermissionRequest); this module is
// the pure policy in between.
import type { PermissionDecision, PermissionMode } from '../hooks/contract/types.js';
import { allowRuleFor } from '../settings/allowRule.js';
import { coveringRules, ruleMatches } from '../settings/rules.js';
import type { ToolAccess } from './tools/types.js';

export { ruleMatches } from '../settings/rules.js';

export interface PermissionRules {
  allow: string[];
  deny: string[];
  ask: string[];
}

/** Rules of the settings files followed by extra ones (e.g. from --settings). */
export function mergeRules(files: PermissionRules, extra: { [K in keyof PermissionRules]?: string[] | undefined } = {}): PermissionRules {
  return {
    allow: [...files.allow, ...(extra.allow ?? [])],
    deny: [...files.deny, ...(extra.deny ?? [])],
    ask: [...files.ask, ...(extra.ask ?? [])],
  };
}

/**
 * Who asks for an approval: a PreToolUse hook, an `ask` rule of the settings, the permission mode,
 * or a write to Wave's own files (ownFiles.ts), which only the user can approve.
 */
export type AskedBy = { by: 'hook' } | { by: 'rule'; rule: string } | { by: 'mode' } | { by: 'ownFile'; files: string };

export type Verdict = { behavior: 'allow'; why: string } | { behavior: 'deny'; why: string } | ({ behavior: 'ask'; why: string } & AskedBy);

export interface PermissionQuery {
  toolName: string;
  access: ToolAccess;
  /** What rules look at: the command for Bash, the path for file tools. */
  content: string | undefined;
  mode: PermissionMode;
  rules: PermissionRules;
  workdir: string;
  /** What PreToolUse hooks decided (deny was already handled as a block). */
  hookDecision: PermissionDecision | null;
  hookReason?: string | null;
}

/** Decides allow / ask / deny. A hook's allow never overrides a deny or ask rule, nor a hook's ask. */
export function decidePermission(q: PermissionQuery): Verdict {
  const as = q.access === 'execute' ? 'command' : 'path';
  const match = (list: string[]) => list.find((r) => ruleMatches(r, q.toolName, as, q.content, q.workdir));
  const deny = match(q.rules.deny);
  if (deny) return { behavior: 'deny', why: `denied by the rule "${deny}" in settings` };
  if (q.hookDecision === 'ask') return { behavior: 'ask', by: 'hook', why: q.hookReason || 'a PreToolUse hook asked for confirmation' };
  const ask = match(q.rules.ask);
  if (ask) return { behavior: 'ask', by: 'rule', rule: ask, why: `the rule "${ask}" in settings asks for confirmation` };
  if (q.hookDecision === 'allow') return { behavior: 'allow', why: 'allowed by a PreToolUse hook' };
  const allow = coveringRules(q.rules.allow, q.toolName, as, q.content, q.workdir);
  if (allow) return { behavior: 'allow', why: `allowed by the rule${allow.length > 1 ? 's' : ''} "${allow.join('", "')}" in settings` };
  switch (q.mode) {
    case 'bypassPermissions':
      return { behavior: 'allow', why: 'bypassPermissions mode' };
    case 'plan':
      return q.access === 'read' || q.access === 'other'
        ? { behavior: 'allow', why: 'read-only tool in plan mode' }
        : { behavior: 'deny', why: `plan mode allows read-only tools only; ${q.toolName} is not one` };
    case 'acceptEdits':
      return q.access === 'execute' ? { behavior: 'ask', by: 'mode', why: `${q.toolName} needs approval` } : { behavior: 'allow', why: 'acceptEdits mode' };
    default:
      return q.access === 'read' || q.access === 'other'
        ? { behavior: 'allow', why: 'read-only tool' }
        : { behavior: 'ask', by: 'mode', why: `${q.toolName} needs approval` };
  }
}

/**
 * A call that writes Wave's own files asks the user in every mode but bypassPermissions, whatever
 * allowed it (docs/hooks.md, "Safety"); a deny stays a deny.
 */
export function askForOwnFiles(verdict: Verdict, toolName: string, files: string, mode: PermissionMode): Verdict {
  if (!files || verdict.behavior === 'deny' || mode === 'bypassPermissions') return verdict;
  return { behavior: 'ask', by: 'ownFile', files, why: `${toolName} changes Wave's own files, which needs your approval: ${files}` };
}

/**
 * The text a headless run gives the model when nobody can be asked, built from the real reason: a
 * hook that asked, an `ask` rule, or the mode (then only the modes that would allow it are named).
 */
export function headlessDenial(
  toolName: string,
  content: string | undefined,
  verdict: Extract<Verdict, { behavior: 'ask' }>,
  mode: PermissionMode,
  access: ToolAccess,
): string {
  const base = `Permission to use ${toolName} was not granted: this run has no one to ask.`;
  if (verdict.by === 'hook') {
    return `${base} A PreToolUse hook asked for confirmation (${verdict.why}), and headless runs deny what a hook asks about; no permission mode or rule changes that.`;
  }
  if (verdict.by === 'ownFile') {
    return `${base} It changes Wave's own files (${verdict.files}); a change to them needs the user's approval in every permission mode but bypassPermissions, whatever the rules allow.`;
  }
  if (verdict.by === 'rule') return `${base} The rule "${verdict.rule}" in the settings' "permissions.ask" asks for confirmation before ${toolName} runs.`;
  const suggested = allowRuleFor(toolName, toolName === 'Bash' ? { command: content } : {});
  const rule = suggested ? `a "permissions": { "allow": ["${suggested}"] } rule in .wave/settings.json` : 'an allow rule in .wave/settings.json';
  const modes = access === 'execute' ? ['bypassPermissions'] : ['acceptEdits', 'bypassPermissions'];
  const others = modes.filter((m) => m !== mode);
  return `${base} Allow it with ${others.length ? `--permission-mode ${others.join(' or ')}, or ` : ''}${rule}.`;
}
