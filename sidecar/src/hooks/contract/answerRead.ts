// A hook's JSON answer read from its stdout (docs/hooks.md, "JSON output"): the schema of every field
// an answer may have, and what is wrong with one that cannot be read, as data (protocol/runKind.ts's
// AnswerIssue: a JSON path and what kind of problem), never as words.
import * as z from 'zod';
import type { AnswerIssue } from '../../protocol/wire.js';
import type { ProcessResult } from './types.js';

const PermissionRequestSchema = z.object({
  behavior: z.enum(['allow', 'deny']),
  updatedInput: z.record(z.string(), z.unknown()).optional(),
  message: z.string().optional(),
  interrupt: z.boolean().optional(),
});

export const AnswerSchema = z
  .object({
    continue: z.boolean().optional(),
    stopReason: z.string().optional(),
    suppressOutput: z.boolean().optional(),
    systemMessage: z.string().optional(),
    decision: z.enum(['block', 'approve']).optional(),
    reason: z.string().optional(),
    hookSpecificOutput: z
      .object({
        hookEventName: z.string().optional(),
        permissionDecision: z.enum(['allow', 'ask', 'deny']).optional(),
        permissionDecisionReason: z.string().optional(),
        updatedInput: z.record(z.string(), z.unknown()).optional(),
        additionalContext: z.string().optional(),
        decision: PermissionRequestSchema.optional(),
        retry: z.boolean().optional(),
        updatedMCPToolOutput: z.unknown().optional(),
        action: z.enum(['accept', 'decline', 'cancel']).optional(),
        content: z.record(z.string(), z.unknown()).optional(),
        updatedToolOutput: z.record(z.string(), z.unknown()).optional(),
        watchPaths: z.array(z.string()).optional(),
        sessionTitle: z.string().optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

export type Answer = z.infer<typeof AnswerSchema>;

/** A zod issue as data: its path, what kind of problem, what was expected. */
function issueOf(i: z.core.$ZodIssue): AnswerIssue {
  const path = i.path.map(String).join('.');
  if (i.code === 'invalid_type') return { path, issue: 'wrongType', expected: i.expected, message: i.message };
  if (i.code === 'invalid_value') return { path, issue: 'notAllowed', expected: i.values.map(String).join('|'), message: i.message };
  return { path, issue: 'other', message: i.message };
}

/** stdout that starts with `{`: the JSON answer, or what is wrong with it. */
export function readAnswer(eventName: string, p: ProcessResult): { answer: Answer } | { issues: AnswerIssue[] } {
  // Cut at the cap, the answer cannot be read (docs/hooks.md, How a hook answers).
  if (p.stdoutTruncated) return { issues: [{ path: '', issue: 'tooLong', message: 'longer than 64 KiB' }] };
  let json: unknown;
  try {
    json = JSON.parse(p.stdout);
  } catch (e) {
    return { issues: [{ path: '', issue: 'notJson', message: (e as Error).message }] };
  }
  const parsed = AnswerSchema.safeParse(json);
  if (!parsed.success) return { issues: parsed.error.issues.map(issueOf) };
  const named = parsed.data.hookSpecificOutput?.hookEventName;
  if (named !== undefined && named !== eventName)
    return { issues: [{ path: 'hookSpecificOutput.hookEventName', issue: 'wrongEvent', expected: eventName, got: named, message: `is "${named}"` }] };
  return { answer: parsed.data };
}
