// How a hook answers (docs/hooks.md, "How a hook answers"): the exit-code policy, the JSON answer on stdout, and the combination
// of several hooks' answers into one decision. Pure functions; the event table says which answer
// fields act for which event.
import { readAnswer, type Answer } from './answerRead.js';
import { canBlock, type EventSpec } from './events.js';
import { decisionText, errorText, NO_STDERR, type RunWho } from './runText.js';
import type { RunDecision, RunFailure, RunKind } from '../../protocol/wire.js';
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

export const CONTEXT_CAP = 10_000;

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
  /** What the run did, as data (protocol/runKind.ts): the run record's `kind`. */
  kind: RunKind;
  /** What went wrong (for the run record), in words built from `kind` (runText.ts). */
  error?: string;
  /** What the run record warns about although the run itself went well (a parallel group's ignored rewrite). */
  warning?: string;
  /** The run's decision in words built from `kind` (runText.ts), for the run record. */
  words: string;
}

/** An effect with its words, built from its kind (runText.ts: the one place they are made). */
export function worded(e: Omit<RunEffect, 'words' | 'error'>, who: RunWho): RunEffect {
  const error = errorText(e.kind);
  return { ...e, words: decisionText(e.kind, who), ...(error !== null ? { error } : {}) };
}

/** Why a finished process gave no answer (its exit code is neither 0 nor 2, a signal, a timeout…). */
function failureOf(p: ProcessResult, timeoutSeconds: number): RunFailure {
  if (p.failure) return { kind: 'handlerFailed', message: p.failure, ...(p.cause ? { cause: p.cause } : {}) };
  if (p.spawnError) return { kind: 'notStarted', message: p.spawnError };
  if (p.timedOut) return { kind: 'timeout', seconds: timeoutSeconds };
  if (p.signal) return { kind: 'signal', signal: p.signal };
  if (p.exitCode === 127) return { kind: 'notFound' };
  if (p.exitCode === 126) return { kind: 'notExecutable' };
  return { kind: 'exitCode', code: p.exitCode ?? -1 };
}

type Spec = EventSpec<never> | EventSpec<Record<string, unknown>>;

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
function exitTwoBlock(eventName: string, p: ProcessResult, who: HookWho): { block: BlockItem; reason: string | null } {
  const read = p.stdout.startsWith('{') ? readAnswer(eventName, p) : null;
  const a = read && 'answer' in read ? read.answer : null;
  const jsonReason = a?.reason || a?.hookSpecificOutput?.permissionDecisionReason;
  if (jsonReason) return { block: { command: who.command, reason: jsonReason, fromExitCode: false }, reason: jsonReason };
  if (p.stderr) return { block: { command: who.command, reason: p.stderr, fromExitCode: true }, reason: p.stderr };
  return { block: { command: who.name, reason: NO_STDERR, fromExitCode: true }, reason: null };
}

/** Exit code 2: a block where the event can block, else a report (docs/hooks.md, "Exit code"). */
function exitTwo(eventName: string, spec: Spec, p: ProcessResult, who: HookWho): RunEffect {
  const { block, reason } = exitTwoBlock(eventName, p, who);
  const decision: RunDecision = canBlock(spec)
    ? { kind: 'block', reason, from: block.fromExitCode ? 'exitCode' : 'json' }
    : { kind: 'exit2', to: spec.onBlock === 'userOnly' ? 'user' : spec.onBlock === 'dropped' ? 'dropped' : 'log', reason };
  return blockLikeExitTwo(spec, block, { kind: 'answer', decisions: [decision] }, { event: eventName, name: who.name });
}

/** What exit 2 with this block does for the event (a guard that fails closed answers this way, with its own kind). */
export function blockLikeExitTwo(spec: Spec, block: BlockItem, kind: RunKind, who: RunWho): RunEffect {
  if (canBlock(spec)) return worded({ outcome: 'blocking_error', block, kind }, who);
  if (spec.onBlock === 'userOnly') return worded({ outcome: 'blocking_error', userMessage: block.reason, kind }, who);
  return worded({ outcome: 'blocking_error', kind }, who);
}

/** Plain stdout of exit 0: what it means for this event (docs/hooks.md, "Plain stdout"). */
function plainStdout(spec: Spec, stdout: string, who: RunWho): RunEffect {
  const answered = (decisions: RunDecision[], more: Partial<RunEffect> = {}) =>
    worded({ outcome: 'success', ...more, kind: { kind: 'answer', decisions } }, who);
  if (!stdout) return answered([]);
  switch (spec.plainStdout) {
    case 'context':
      return answered([{ kind: 'context', from: 'stdout' }], { context: stdout });
    case 'instructions':
      return answered([{ kind: 'instructions' }], { instructions: stdout });
    case 'path': {
      const path = stdout.split('\n')[0]!.trim();
      return answered([{ kind: 'path', path }], { path });
    }
    default:
      return answered([{ kind: 'stdoutUnused' }]);
  }
}

/** `continue`, `systemMessage` and `decision: "block"`: the fields every event reads. */
function commonFields(spec: Spec, a: Answer, who: HookWho, effect: RunEffect, decisions: RunDecision[]): void {
  if (a.continue === false) {
    effect.stop = { reason: a.stopReason ?? null };
    decisions.push({ kind: 'stop', reason: a.stopReason || null });
  }
  if (a.systemMessage) effect.systemMessage = a.systemMessage;
  if (a.suppressOutput) effect.suppressOutput = true;
  if (a.decision !== 'block') return;
  const reason = a.reason || `blocked by hook "${who.name}"`;
  if (canBlock(spec)) {
    effect.block = { command: who.command, reason, fromExitCode: false };
    decisions.push({ kind: 'block', reason: a.reason || null, from: 'json' });
  } else if (spec.onBlock === 'userOnly') effect.userMessage = reason;
}

/** The `hookSpecificOutput` fields this event honours (the table's `accepts`). */
function specificFields(spec: Spec, a: Answer, effect: RunEffect, decisions: RunDecision[]): void {
  const hso = a.hookSpecificOutput;
  const accepts = spec.accepts;
  if (hso?.permissionDecision && accepts.includes('permissionDecision')) {
    effect.permission = { decision: hso.permissionDecision, reason: hso.permissionDecisionReason ?? null };
    decisions.push({ kind: 'permission', decision: hso.permissionDecision, reason: hso.permissionDecisionReason || null });
  } else if (a.decision === 'approve' && accepts.includes('permissionDecision')) {
    effect.permission = { decision: 'allow', reason: a.reason ?? null }; // Claude Code's older spelling
    decisions.push({ kind: 'permission', decision: 'allow', reason: a.reason || null, spelling: 'approve' });
  }
  if (hso?.updatedInput && accepts.includes('updatedInput')) {
    effect.updatedInput = hso.updatedInput;
    decisions.push({ kind: 'rewrite' });
  }
  if (hso?.decision && accepts.includes('permissionRequest')) {
    const { behavior, updatedInput, message } = hso.decision;
    const d = { behavior, ...(updatedInput ? { updatedInput } : {}), ...(message !== undefined ? { message } : {}) };
    effect.permissionRequest = d;
    decisions.push({ kind: 'permissionRequest', behavior, message: d.message || null });
  }
  if (hso?.retry === true && accepts.includes('retry')) {
    effect.retry = true;
    decisions.push({ kind: 'retry' });
  }
  if (hso?.updatedMCPToolOutput !== undefined && accepts.includes('updatedMCPToolOutput')) {
    effect.updatedMCPToolOutput = hso.updatedMCPToolOutput;
    decisions.push({ kind: 'mcpOutput' });
  }
  if (hso?.action && accepts.includes('elicitationAction')) {
    effect.elicitation = { action: hso.action, ...(hso.content ? { content: hso.content } : {}) };
    decisions.push({ kind: 'elicitation', action: hso.action });
  }
  if (hso?.additionalContext && accepts.includes('additionalContext')) {
    effect.context = hso.additionalContext;
    decisions.push({ kind: 'context', from: 'json' });
  }
  if (hso?.updatedToolOutput && accepts.includes('updatedToolOutput')) {
    effect.updatedToolOutput = hso.updatedToolOutput;
    decisions.push({ kind: 'toolOutput' });
  }
  if (hso?.watchPaths && accepts.includes('watchPaths')) {
    effect.watchPaths = hso.watchPaths;
    decisions.push({ kind: 'watchPaths', count: hso.watchPaths.length });
  }
  if (hso?.sessionTitle?.trim() && accepts.includes('sessionTitle')) {
    effect.sessionTitle = hso.sessionTitle.trim();
    decisions.push({ kind: 'sessionTitle', title: effect.sessionTitle });
  }
}

/** What a valid JSON answer does for this event. */
function answerEffect(spec: Spec, a: Answer, who: HookWho, eventName: string): RunEffect {
  const decisions: RunDecision[] = [];
  const effect: RunEffect = { outcome: 'success', kind: { kind: 'answer', decisions }, words: '' };
  commonFields(spec, a, who, effect, decisions);
  specificFields(spec, a, effect, decisions);
  return worded(effect, { event: eventName, name: who.name });
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

/** A run that gave no answer: a non-blocking error (a timeout's outcome is `timeout`); the user sees why, with its stderr. */
export function failedEffect(failure: RunFailure, p: Pick<ProcessResult, 'stderr' | 'timedOut' | 'spawnError'>, who: RunWho): RunEffect {
  const effect = worded({ outcome: p.timedOut ? 'timeout' : 'non_blocking_error', kind: failure }, who);
  const shown = p.stderr && !p.timedOut && !p.spawnError ? `${effect.error}: ${p.stderr}` : effect.error;
  return { ...effect, ...(shown ? { userMessage: shown } : {}) };
}

/** Interprets one finished hook process for one event. */
export function interpretRun(eventName: string, spec: Spec, p: ProcessResult, who: HookWho, timeoutSeconds: number): RunEffect {
  const runWho = { event: eventName, name: who.name };
  // Timeouts, signals, spawn failures and other exit codes: non-blocking errors.
  if (p.failure || p.spawnError || p.timedOut || p.signal || (p.exitCode !== 0 && p.exitCode !== 2))
    return failedEffect(failureOf(p, timeoutSeconds), p, runWho);
  if (p.exitCode === 2) return exitTwo(eventName, spec, p, who);
  // Exit 0: stdout is a JSON answer or plain text.
  if (!p.stdout.startsWith('{')) return plainStdout(spec, p.stdout, runWho);
  const read = readAnswer(eventName, p);
  if ('issues' in read) return failedEffect({ kind: 'invalidAnswer', issues: read.issues }, { stderr: '', timedOut: false, spawnError: null }, runWho);
  return answerEffect(spec, read.answer, who, eventName);
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
