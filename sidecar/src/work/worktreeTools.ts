// EnterWorktree and ExitWorktree (README, "The agent on the command line"): the model's handles on the session's WorktreeManager.
// Named and shaped like Claude Code's tools so that existing hook matchers and scripts work.
import * as z from 'zod';
import { failure, type AnyTool, type Tool, type ToolOutcome } from '../agent/tools/types.js';
import { randomWorktreeName, WorktreeError, type WorktreeManager } from './worktrees.js';

/** The names of this module's tools (the catalogue of every tool name is app/tools.ts). */
export const WORKTREE_TOOL_NAMES = ['EnterWorktree', 'ExitWorktree'] as const;

const enterSchema = z.object({
  name: z
    .string()
    .optional()
    .describe('Name of the worktree (letters, digits, ".", "_", "-"); also its folder and branch name (wave/<name>). A random name is used when omitted.'),
});

const exitSchema = z.object({
  action: z.enum(['keep', 'remove']).describe('"keep" leaves the worktree in place; "remove" deletes it'),
  discard_changes: z.boolean().optional().describe('With action "remove": delete the worktree even though it has uncommitted changes (they are lost)'),
});

export type EnterWorktreeInput = z.infer<typeof enterSchema>;
export type ExitWorktreeInput = z.infer<typeof exitSchema>;

function failed(e: unknown, response: Record<string, unknown>): ToolOutcome {
  if (e instanceof WorktreeError) return failure(e.message, { ...response, ...e.details });
  return failure(`Worktree operation failed: ${(e as Error)?.message ?? String(e)}`, response);
}

function enterTool(m: WorktreeManager): Tool<EnterWorktreeInput> {
  return {
    name: 'EnterWorktree' satisfies (typeof WORKTREE_TOOL_NAMES)[number],
    description:
      'Creates an isolated worktree (a separate checkout on its own branch, or whatever the WorktreeCreate hooks provide) and moves the session into it: every later tool runs there until ExitWorktree. Use it to work on a change without touching the main checkout.',
    schema: enterSchema,
    access: 'execute',
    ruleContent: (i) => i.name,
    async run(input) {
      const name = input.name ?? randomWorktreeName();
      try {
        const { worktree: w, message } = await m.enter(name);
        return {
          success: true,
          result: message,
          response: {
            success: true,
            name: w.name,
            worktreePath: w.path,
            createdBy: w.createdBy,
            ...(w.branch ? { branch: w.branch } : {}),
            cwd: w.cwd,
            ...(w.resumed ? { resumed: true } : {}),
            message,
          },
        };
      } catch (e) {
        return failed(e, { name });
      }
    },
  };
}

function exitTool(m: WorktreeManager): Tool<ExitWorktreeInput> {
  return {
    name: 'ExitWorktree' satisfies (typeof WORKTREE_TOOL_NAMES)[number],
    description:
      'Leaves the current worktree and returns the session to the project folder. action "keep" leaves the worktree in place; action "remove" deletes it (refused while a git worktree has uncommitted changes unless discard_changes is true).',
    schema: exitSchema,
    access: 'execute',
    ruleContent: (i) => i.action,
    async run(input) {
      try {
        const r = await m.exit({ action: input.action, discard_changes: input.discard_changes === true });
        return {
          success: true,
          result: r.message,
          response: {
            success: true,
            action: r.action,
            name: r.worktree.name,
            worktreePath: r.worktree.path,
            createdBy: r.worktree.createdBy,
            ...(r.worktree.branch ? { branch: r.worktree.branch } : {}),
            removed: r.removed,
            ...(r.worktree.createdBy === 'git' && r.action === 'remove' ? { discardedChanges: r.discardedChanges } : {}),
            ...(r.hooksRan ? { hookErrors: r.hookErrors } : {}),
            cwd: m.workdir,
            message: r.message,
          },
        };
      } catch (e) {
        return failed(e, { action: input.action });
      }
    },
  };
}

export function createWorktreeTools(m: WorktreeManager): AnyTool[] {
  return [enterTool(m), exitTool(m)];
}
