// Puts a combined decision into words, from the event table: what the agent would do with it.
// Used by `wave hooks test`; kept apart from the CLI so the UI can say the same thing.
import { eventSpec, type BlockEffect, type HookEventName } from './events.js';
import type { HookDecision } from './types.js';

const BLOCK_WORDS: Record<BlockEffect, string> = {
  blockTool: 'BLOCKED: the tool would not run; the model would see this as the tool result',
  blockPrompt: 'BLOCKED: the prompt would be dropped and the model not called; the user would see',
  denyPermission: 'DENIED: the permission would be refused; the user would see',
  feedbackToModel: 'FEEDBACK: the tool already ran (it is not rolled back); the model would see',
  keepGoing: 'KEEP GOING: the agent would not stop; it would receive as a user message',
  refuseChange: 'REFUSED: the settings change would not be offered for apply; the user would see',
  declineElicitation: 'DECLINED: the MCP server would get "decline"; the user would see',
  keepModel: 'REFUSED: the model would not be switched; the user would see',
  userOnly: 'shown to the user',
  dropped: 'dropped',
  logged: 'logged',
};

export function describeDecision(event: HookEventName, d: HookDecision): string[] {
  const spec = eventSpec(event);
  const lines: string[] = [];
  if (!d.continue) lines.push(`STOP: the agent would stop after this step${d.stopReason ? `; the user would see: ${d.stopReason}` : ''}`);
  if (d.blocked) lines.push(`${BLOCK_WORDS[spec.onBlock]}: ${d.reason}`);
  if (d.permissionDecision === 'deny') lines.push(`DENIED by permissionDecision; the model would see: ${d.permissionDecisionReason ?? 'denied by hook'}`);
  if (d.permissionDecision === 'ask')
    lines.push(`ASK: the user would be asked to approve${d.permissionDecisionReason ? ` (${d.permissionDecisionReason})` : ''}`);
  if (d.permissionDecision === 'allow' && !d.blocked) lines.push('ALLOWED without asking (unless another rule denies or asks)');
  if (d.permissionRequest) {
    lines.push(
      d.permissionRequest.behavior === 'allow'
        ? 'ALLOWED: the permission request would be granted without asking the user'
        : `DENIED: the permission request would be refused${d.permissionRequest.message ? `: ${d.permissionRequest.message}` : ''}`,
    );
  }
  if (d.updatedInput) lines.push(`the tool input would be replaced by ${JSON.stringify(d.updatedInput)}`);
  if (d.additionalContext) lines.push(`context for the model: ${d.additionalContext}`);
  if (d.instructions) lines.push(`added to the summary instructions: ${d.instructions}`);
  if (spec.firstPathWins) {
    lines.push(d.worktreePath ? `the worktree would be at ${d.worktreePath}` : 'no hook printed a path: worktree creation would be blocked');
  }
  if (d.systemMessage) lines.push(`warning for the user: ${d.systemMessage}`);
  for (const m of d.userMessages) lines.push(`for the user: ${m}`);
  if (!lines.length) lines.push('nothing changes: the agent would carry on as if no hook were there');
  return lines;
}
