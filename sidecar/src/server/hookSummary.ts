// The combined decision of a test run (the settings page's Test and Re-run) in one word.
import type { HookDecision } from '../hooks/contract/types.js';
import type { DecisionSummary } from '../protocol/protocol.js';

/** The combined decision of a test in one word. */
export function summarize(d: HookDecision): DecisionSummary {
  if (!d.continue) return 'stopped';
  if (d.blocked) return 'blocked';
  if (d.permissionDecision === 'deny' || d.permissionRequest?.behavior === 'deny') return 'denied';
  if (d.permissionDecision === 'ask') return 'asked';
  if (d.permissionDecision === 'allow' || d.permissionRequest?.behavior === 'allow') return 'allowed';
  if (d.updatedInput) return 'rewrote';
  if (d.additionalContext || d.instructions || d.worktreePath) return 'context';
  return 'nothing';
}
