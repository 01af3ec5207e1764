// How a hook answers (docs/hooks.md, "How a hook answers"): the exit-code policy, the JSON answer on stdout, and the combination
// of several hooks' answers into one decision. Pure functions; the event table says which answer
// fields act for which event.
import { z } from 'zod';
import { canBlock, type EventSpec } from './events.js';
import type {
  BlockItem,
  ElicitationAnswer,
  HookDecision,
  PermissionDecision,
  PermissionRequestDecision,
  ProcessResult,
  RunOutcome,
  RunVerdict,
} from './types.js';
import { messageOf } from '../../util/errors.js';
import { formatIssues } from '../../util/zodIssues.js';

export const CONTEXT_CAP = 10_000;

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

/** What one run contributes to the event's decision. */
export interface RunEffect {
  outcome: RunOutcome;
  block?: BlockItem;
  permission?: { decision: PermissionDecision; reason: string | null };
  updatedInput?: Record<string, unknown>;
  context?: string;
  instructions?: string;
  path?: string;
  stop?: { reason: string | null };
  systemMessage?: string;
  permissionRequest?: PermissionRequestDecision;
  /** PermissionDenied: the model may retry the denied call. */
  retry?: boolean;
  /** PostToolUse of an MCP tool: what the model sees instead of the tool's output. */
  updatedMCPToolOutput?: unknown;
  /** Elicitation / ElicitationResult: the answer given to the MCP server. */
  elicitation?: ElicitationAnswer;
  /** PostToolUse: what the model sees as the tool's output instead (checked against its shape: hooks/contract/toolOutput.ts). */
  updatedToolOutput?: Record<string, unknown>;
  /** SessionStart, UserPromptSubmit: the conversation's title. */
  sessionTitle?: string;
  /** `suppressOutput: true`: the hook's stdout stays out of the run record (the chat, the transcript). */
  suppressOutput?: boolean;
  /** SessionStart, CwdChanged, FileChanged: the files to watch for FileChanged from now on. */
  watchPaths?: string[];
  /** Shown to the user only. */
  userMessage?: string;
  /** What went wrong (for the run record). */
  error?: string;
  /** The run's decision in words (for the run record). */
  words: string;
}

function failureText(p: ProcessResult, timeoutSeconds: number): string {
  if (p.failure) return p.failure;
  if (p.spawnError) return `the hook could not be started: ${p.spawnError}`;
  if (p.timedOut) return `hook timed out after ${timeoutSeconds} s`;
  if (p.signal) return `hook was killed by ${p.signal}`;
  if (p.exitCode === 127) return 'command not found';
  if (p.exitCode === 126) return 'command is not executable (permission denied)';
  return `hook exited with code ${p.exitCode}`;
}

type Spec = EventSpec<never> | EventSpec<Record<string, unknown>>;
type Answer = z.infer<typeof AnswerSchema>;

function answerError(error: string): RunEffect {
  return { outcome: 'non_blocking_error', error, userMessage: error, words: `error (non-blocking): ${error}` };
}

/** Which hook ran: what runs (Claude Code's `[<command>]:`) and its name (description, else name). */
export interface HookWho {
  command: string;
  name: string;
}

/**
 * The reason of an exit 2, as Claude Code reads it: a JSON answer's `reason` or
 * `permissionDecisionReason` on stdout comes first (the bare reason), then stderr (`[<command>]:
 * stderr`), then "No stderr output", naming the hook by its name, never its whole command.
 */
function exitTwoBlock(eventName: string, p: ProcessResult, who: HookWho): BlockItem {
  const read = p.stdout.startsWith('{') ? readAnswer(eventName, p) : null;
  const a = read && 'answer' in read ? read.answer : null;
  const jsonReason = a?.reason || a?.hookSpecificOutput?.permissionDecisionReason;
  if (jsonReason) return { command: who.command, reason: jsonReason, fromExitCode: false };
  if (p.stderr) return { command: who.command, reason: p.stderr, fromExitCode: true };
  return { command: who.name, reason: 'No stderr output', fromExitCode: true };
}

/** Exit code 2: a block where the event can block, else a report (docs/hooks.md, "Exit code"). */
function exitTwo(eventName: string, spec: Spec, p: ProcessResult, who: HookWho): RunEffect {
  return blockLikeExitTwo(spec, exitTwoBlock(eventName, p, who));
}

/** What exit 2 with this block does for the event (a guard that fails closed answers this way). */
export function blockLikeExitTwo(spec: Spec, block: BlockItem): RunEffect {
  const reason = block.reason;
  if (canBlock(spec)) return { outcome: 'blocking_error', block, words: `blocked: ${reason}` };
  if (spec.onBlock === 'userOnly') return { outcome: 'blocking_error', userMessage: reason, words: `exit 2 (shown to the user): ${reason}` };
  return { outcome: 'blocking_error', words: `exit 2 (${spec.onBlock === 'dropped' ? 'stderr dropped' : 'logged only'})` };
}

/** Plain stdout of exit 0: what it means for this event (docs/hooks.md, "Plain stdout"). */
function plainStdout(spec: Spec, stdout: string): RunEffect {
  if (!stdout) return { outcome: 'success', words: 'success' };
  switch (spec.plainStdout) {
    case 'context':
      return { outcome: 'success', context: stdout, words: 'success: added context' };
    case 'instructions':
      return { outcome: 'success', instructions: stdout, words: 'success: added summary instructions' };
    case 'path': {
      const path = stdout.split('\n')[0]!.trim();
      return { outcome: 'success', path, words: `success: path ${path}` };
    }
    default:
      return { outcome: 'success', words: 'success (stdout recorded, not used)' };
  }
}

/** stdout that starts with `{`: the JSON answer, or what is wrong with it. */
function readAnswer(eventName: string, p: ProcessResult): { answer: Answer } | { error: string } {
  // Cut at the cap, the answer cannot be read (docs/hooks.md, How a hook answers).
  if (p.stdoutTruncated) return { error: 'the JSON answer on stdout is longer than 64 KiB, the most that is read; it is ignored' };
  let json: unknown;
  try {
    json = JSON.parse(p.stdout);
  } catch (e) {
    return { error: `stdout starts with "{" but is not valid JSON: ${messageOf(e)}` };
  }
  const parsed = AnswerSchema.safeParse(json);
  if (!parsed.success) return { error: `invalid JSON answer: ${formatIssues(parsed.error)}` };
  const named = parsed.data.hookSpecificOutput?.hookEventName;
  if (named !== undefined && named !== eventName)
    return { error: `invalid JSON answer: hookSpecificOutput.hookEventName is "${named}" but the hook ran for ${eventName}` };
  return { answer: parsed.data };
}

/** `continue`, `systemMessage` and `decision: "block"`: the fields every event reads. */
function commonFields(spec: Spec, a: Answer, who: HookWho, effect: RunEffect, words: string[]): void {
  if (a.continue === false) {
    effect.stop = { reason: a.stopReason ?? null };
    words.push(`stop the agent${a.stopReason ? `: ${a.stopReason}` : ''}`);
  }
  if (a.systemMessage) effect.systemMessage = a.systemMessage;
  if (a.suppressOutput) effect.suppressOutput = true;
  if (a.decision !== 'block') return;
  const reason = a.reason || `blocked by hook "${who.name}"`;
  if (canBlock(spec)) {
    effect.block = { command: who.command, reason, fromExitCode: false };
    words.push(`blocked: ${reason}`);
  } else if (spec.onBlock === 'userOnly') effect.userMessage = reason;
}

/** The `hookSpecificOutput` fields this event honours (the table's `accepts`). */
function specificFields(spec: Spec, a: Answer, effect: RunEffect, words: string[]): void {
  const hso = a.hookSpecificOutput;
  const accepts = spec.accepts;
  if (hso?.permissionDecision && accepts.includes('permissionDecision')) {
    effect.permission = { decision: hso.permissionDecision, reason: hso.permissionDecisionReason ?? null };
    words.push(`permission ${hso.permissionDecision}${hso.permissionDecisionReason ? `: ${hso.permissionDecisionReason}` : ''}`);
  } else if (a.decision === 'approve' && accepts.includes('permissionDecision')) {
    effect.permission = { decision: 'allow', reason: a.reason ?? null }; // Claude Code's older spelling
    words.push('permission allow');
  }
  if (hso?.updatedInput && accepts.includes('updatedInput')) {
    effect.updatedInput = hso.updatedInput;
    words.push('rewrote the tool input');
  }
  if (hso?.decision && accepts.includes('permissionRequest')) {
    const { behavior, updatedInput, message } = hso.decision;
    const d = { behavior, ...(updatedInput ? { updatedInput } : {}), ...(message !== undefined ? { message } : {}) };
    effect.permissionRequest = d;
    words.push(`permission request ${d.behavior}${d.message ? `: ${d.message}` : ''}`);
  }
  if (hso?.retry === true && accepts.includes('retry')) {
    effect.retry = true;
    words.push('the model may retry');
  }
  if (hso?.updatedMCPToolOutput !== undefined && accepts.includes('updatedMCPToolOutput')) {
    effect.updatedMCPToolOutput = hso.updatedMCPToolOutput;
    words.push('replaced the MCP tool output');
  }
  if (hso?.action && accepts.includes('elicitationAction')) {
    effect.elicitation = { action: hso.action, ...(hso.content ? { content: hso.content } : {}) };
    words.push(`elicitation ${hso.action}`);
  }
  if (hso?.additionalContext && accepts.includes('additionalContext')) {
    effect.context = hso.additionalContext;
    words.push('added context');
  }
  if (hso?.updatedToolOutput && accepts.includes('updatedToolOutput')) {
    effect.updatedToolOutput = hso.updatedToolOutput;
    words.push('replaced the tool output');
  }
  if (hso?.watchPaths && accepts.includes('watchPaths')) {
    effect.watchPaths = hso.watchPaths;
    words.push(`watch ${hso.watchPaths.length} path${hso.watchPaths.length === 1 ? '' : 's'}`);
  }
  if (hso?.sessionTitle?.trim() && accepts.includes('sessionTitle')) {
    effect.sessionTitle = hso.sessionTitle.trim();
    words.push(`session title: ${effect.sessionTitle}`);
  }
}

/** What a valid JSON answer does for this event. */
export function answerEffect(spec: Spec, a: Answer, who: HookWho): RunEffect {
  const effect: RunEffect = { outcome: 'success', words: '' };
  const words: string[] = [];
  commonFields(spec, a, who, effect, words);
  specificFields(spec, a, effect, words);
  effect.words = words.length ? words.join('; ') : 'success';
  return effect;
}

/**
 * Whether a hook printed its input back (a pass-through hook): its stdout, where the cap cut it,
 * is the start of the payload it was given. Such stdout is no answer, even past the 64 KiB cap.
 */
export function echoesInput(p: ProcessResult, payload: string): boolean {
  if (!p.stdoutTruncated || p.exitCode !== 0) return false;
  const cut = p.stdout.lastIndexOf('\n… [output truncated');
  // A character the cap cut in two decodes as U+FFFD: it is not compared.
  const kept = (cut >= 0 ? p.stdout.slice(0, cut) : p.stdout).replace(/\uFFFD+$/, '');
  return kept.length > 0 && payload.startsWith(kept);
}

/** Interprets one finished hook process for one event. */
export function interpretRun(eventName: string, spec: Spec, p: ProcessResult, who: HookWho, timeoutSeconds: number): RunEffect {
  // Timeouts, signals, spawn failures and other exit codes: non-blocking errors.
  if (p.failure || p.spawnError || p.timedOut || p.signal || (p.exitCode !== 0 && p.exitCode !== 2)) {
    const what = failureText(p, timeoutSeconds);
    const shown = p.stderr && !p.timedOut && !p.spawnError ? `${what}: ${p.stderr}` : what;
    return { outcome: p.timedOut ? 'timeout' : 'non_blocking_error', error: what, userMessage: shown, words: `error (non-blocking): ${what}` };
  }
  if (p.exitCode === 2) return exitTwo(eventName, spec, p, who);
  // Exit 0: stdout is a JSON answer or plain text.
  if (!p.stdout.startsWith('{')) return plainStdout(spec, p.stdout);
  const read = readAnswer(eventName, p);
  return 'error' in read ? answerError(read.error) : answerEffect(spec, read.answer, who);
}

/** What a run did, in one word, from its effect (docs/hooks.md, "Run records"). */
export function verdictOf(
  e: Pick<
    RunEffect,
    'outcome' | 'block' | 'permission' | 'permissionRequest' | 'updatedInput' | 'updatedToolOutput' | 'context' | 'instructions' | 'path' | 'stop'
  >,
): RunVerdict {
  if (e.outcome === 'skipped' || e.outcome === 'timeout') return e.outcome;
  if (e.outcome === 'non_blocking_error') return 'error';
  if (e.stop) return 'stopped';
  if (e.block) return 'blocked';
  if (e.permission?.decision === 'deny' || e.permissionRequest?.behavior === 'deny') return 'denied';
  if (e.permission?.decision === 'ask') return 'asked';
  if (e.outcome === 'blocking_error') return 'error'; // exit 2 where nothing can be blocked: a report for the user
  if (e.permission?.decision === 'allow' || e.permissionRequest?.behavior === 'allow') return 'allowed';
  if (e.updatedInput || e.updatedToolOutput) return 'rewrote';
  if (e.context || e.instructions || e.path) return 'context';
  return 'ok';
}

const PERMISSION_RANK: Record<PermissionDecision, number> = { allow: 1, ask: 2, deny: 3 };

export function emptyDecision(event: string): HookDecision {
  return {
    event,
    blocked: false,
    reason: null,
    blocks: [],
    permissionDecision: null,
    permissionDecisionReason: null,
    updatedInput: null,
    additionalContext: null,
    continue: true,
    stopReason: null,
    systemMessage: null,
    permissionRequest: null,
    instructions: null,
    worktreePath: null,
    retry: false,
    updatedToolOutput: null,
    sessionTitle: null,
    watchPaths: null,
    userMessages: [],
    budgetExhausted: false,
  };
}

/** At most CONTEXT_CAP characters in all, the truncation note included. */
function capContext(text: string): string {
  if (text.length <= CONTEXT_CAP) return text;
  const noteFor = (dropped: number) => `\n… [hook context truncated: ${dropped} more characters]`;
  let keep = CONTEXT_CAP - noteFor(text.length).length;
  keep += CONTEXT_CAP - keep - noteFor(text.length - keep).length; // the count may have fewer digits
  return text.slice(0, keep) + noteFor(text.length - keep);
}

/** Combines the effects of an event's runs, in run order (docs/hooks.md, "When several hooks answer"). */
export function combine(event: string, effects: readonly RunEffect[]): HookDecision {
  const d = emptyDecision(event);
  const contexts: string[] = [];
  const instructions: string[] = [];
  const systemMessages: string[] = [];
  for (const e of effects) {
    if (e.block) d.blocks.push(e.block);
    if (e.permission && (!d.permissionDecision || PERMISSION_RANK[e.permission.decision] > PERMISSION_RANK[d.permissionDecision])) {
      d.permissionDecision = e.permission.decision;
      d.permissionDecisionReason = e.permission.reason;
    }
    if (e.updatedInput) d.updatedInput = e.updatedInput;
    if (e.context) contexts.push(e.context);
    if (e.instructions) instructions.push(e.instructions);
    if (e.path && d.worktreePath === null) d.worktreePath = e.path;
    if (e.stop && d.continue) {
      d.continue = false;
      d.stopReason = e.stop.reason;
    }
    if (e.systemMessage) systemMessages.push(e.systemMessage);
    // deny wins: nothing replaces a deny; a later answer replaces an earlier allow.
    if (e.permissionRequest && d.permissionRequest?.behavior !== 'deny') d.permissionRequest = e.permissionRequest;
    if (e.userMessage) d.userMessages.push(e.userMessage);
    if (e.retry) d.retry = true;
    if (e.updatedMCPToolOutput !== undefined) d.updatedMCPToolOutput = e.updatedMCPToolOutput;
    if (e.elicitation) d.elicitation = e.elicitation;
    if (e.updatedToolOutput) d.updatedToolOutput = e.updatedToolOutput;
    if (e.sessionTitle) d.sessionTitle = e.sessionTitle;
    if (e.watchPaths) d.watchPaths = [...(d.watchPaths ?? []), ...e.watchPaths];
  }
  if (d.blocks.length) {
    d.blocked = true;
    d.reason = d.blocks.map((b) => b.reason).join('\n');
  }
  if (contexts.length) d.additionalContext = capContext(contexts.join('\n'));
  if (instructions.length) d.instructions = capContext(instructions.join('\n'));
  if (systemMessages.length) d.systemMessage = systemMessages.join('\n');
  return d;
}
