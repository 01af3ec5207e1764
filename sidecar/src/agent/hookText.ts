// The words hook results reach the model (and the user) in — Claude Code's wording, so prompts and
// scripts written for it read the same here. One place for all of them.
import type { BlockItem, HookDecision } from '../hooks/contract/types.js';
import { hookText, type TextBlock } from './messages.js';

/** `[<cmd>]: stderr` for an exit-code block, the bare reason for a JSON answer. */
function item(b: BlockItem): string {
  return b.fromExitCode ? `[${b.command}]: ${b.reason}` : b.reason;
}

export const hookWords = {
  preToolBlocked(tool: string, d: HookDecision): string {
    if (d.blocked) return d.blocks.map((b) => `PreToolUse:${tool} hook error: ${item(b)}`).join('\n');
    return `PreToolUse:${tool} hook error: ${d.permissionDecisionReason ?? 'denied by a hook'}`;
  },
  postToolBlocked(event: 'PostToolUse' | 'PostToolUseFailure', tool: string, d: HookDecision): string {
    const lines = d.blocks.map((b) => `${event}:${tool} hook blocking error from command: "${b.command}": ${item(b)}`);
    return `${lines.join('\n')}\n(The tool already ran; its effects were not rolled back.)`;
  },
  context(event: string, label: string, text: string): string {
    return `${label || event} hook additional context: ${text}`;
  },
  /** Never echoes the prompt: it may hold the secret the hook caught (docs/hooks.md, UserPromptSubmit). */
  promptBlocked(d: HookDecision): string {
    return `UserPromptSubmit operation blocked by hook:\n${d.blocks.map(item).join('\n')}`;
  },
  /** What a blocked Stop or SubagentStop sends back to the model. */
  stopFeedback(d: HookDecision): string {
    return `${d.event} hook feedback:\n${d.blocks.map(item).join('\n')}`;
  },
  /** What a blocked PostToolBatch sends back to the model. */
  batchFeedback(d: HookDecision): string {
    return `PostToolBatch hook feedback:\n${d.blocks.map(item).join('\n')}`;
  },
  /** A PermissionDenied hook answered retry: true. */
  retryAllowed(): string {
    return 'A PermissionDenied hook says this call may be retried.';
  },
  /** An asyncRewake hook exited 2: its text for the model. */
  rewake(event: string, hookName: string, text: string): string {
    return `${event} hook "${hookName}" (asyncRewake) reported:\n${text}`;
  },
  stopCap(event: string, cap: number): string {
    const what = event === 'SubagentStop' ? 'the subagent from finishing' : 'the turn from ending';
    return `A ${event} hook blocked ${what} ${cap} times; it ends anyway. A ${event} hook should check stop_hook_active in its input and exit 0 while it is true.`;
  },
  stopped(event: string, reason: string | null): string {
    return `${event} hook stopped the agent${reason ? `: ${reason}` : '.'}`;
  },
  configRefused(path: string, reason: string): string {
    return `A ConfigChange hook refused the change to ${path}, so it is not offered for apply: ${reason}`;
  },
  permissionDenied(tool: string, why: string): string {
    return `Permission to use ${tool} was denied: ${why}`;
  },
  /** bypassPermissions let a write to Wave's own files run without asking: the user is told. */
  ownFilesUnasked(tool: string, files: string, why: string): string {
    return `${tool} changes Wave's own files without asking (${why}): ${files}`;
  },
};

/** The block of one hook's additional context: the model's words, and the parts the UI frames in its own. */
export function contextBlock(event: string, label: string, text: string): TextBlock {
  return hookText(event, hookWords.context(event, label, text), { kind: 'context', label: label || event, body: text });
}

/** The block of a blocked Stop or SubagentStop's feedback, likewise. */
export function stopFeedbackBlock(d: HookDecision): TextBlock {
  return hookText(d.event, hookWords.stopFeedback(d), { kind: 'feedback', label: d.event, body: d.blocks.map(item).join('\n') });
}
