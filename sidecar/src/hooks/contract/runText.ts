// A run's English words, built from its kind (protocol/runKind.ts) in this one place: the `decision`
// and `error` of a run record, the history and stream-json, what `wave hooks runs` and `wave -p`
// print, and the reason a guard that failed closed gives the model. The UI builds its own words
// from the same kind (webui/src/state/runWords.ts); nothing reads these back.
import { canBlock, eventSpec, isHookEvent } from './events.js';
import { sourceLabel } from './sourceLabel.js';
import type { AnswerIssue, RunDecision, RunFailure, RunKind } from '../../protocol/wire.js';

/** Which run the words are about: its event and the hook's name. */
export interface RunWho {
  event: string;
  name: string;
}

/** What exit 2 without stderr (and without a JSON reason) gives as its reason, as Claude Code words it. */
export const NO_STDERR = 'No stderr output';

function issuesText(issues: readonly AnswerIssue[]): string {
  const first = issues[0];
  if (first?.issue === 'tooLong') return 'the JSON answer on stdout is longer than 64 KiB, the most that is read; it is ignored';
  if (first?.issue === 'notJson') return `stdout starts with "{" but is not valid JSON: ${first.message}`;
  if (first?.issue === 'wrongEvent') return `invalid JSON answer: hookSpecificOutput.hookEventName is "${first.got}" but the hook ran for ${first.expected}`;
  return `invalid JSON answer: ${issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`;
}

/** Why a run gave no answer or did not run, as the engine has always worded it. */
export function failureText(f: RunFailure): string {
  switch (f.kind) {
    case 'notFound':
      return 'command not found';
    case 'notExecutable':
      return 'command is not executable (permission denied)';
    case 'exitCode':
      return `hook exited with code ${f.code}`;
    case 'signal':
      return `hook was killed by ${f.signal}`;
    case 'timeout':
      return `hook timed out after ${f.seconds} s`;
    case 'notStarted':
      return `the hook could not be started: ${f.message}`;
    case 'handlerFailed':
      return f.message;
    case 'invalidAnswer':
      return issuesText(f.issues);
    case 'stopped':
      return 'stopped by the user';
    case 'budget':
      return f.action === 'cut'
        ? `hook timed out after ${f.seconds} s (cut to what was left of the turn’s hook budget)`
        : `did not run: the turn’s hook budget${f.budgetSeconds !== null ? ` (${f.budgetSeconds} s)` : ''} is spent`;
    case 'heldBack':
      return `did not run: what it runs changed during this session and the user has not approved it (${f.changes.join('; ')})`;
  }
}

/** What a guard that failed closed did not do, in words ("was stopped by the user", "failed: …"). */
function closedWhat(f: RunFailure): string {
  if (f.kind === 'stopped') return 'was stopped by the user';
  if (f.closed === 'onFailure') return `failed: ${failureText(f)}`;
  if (f.kind === 'budget' && f.action === 'cut') return `gave no answer: ${failureText(f)}`;
  return failureText(f);
}

const CLOSED_THEN = {
  callDenied: 'the call is denied',
  callCancelled: 'the call is cancelled',
  promptBlocked: 'the prompt is blocked',
  onFailure: 'it blocks because its onFailure is "block"',
} as const;

/** The reason a guard that failed closed blocks with (what the model reads, like an exit 2's stderr). */
export function closedReason(f: RunFailure, who: RunWho): string {
  const budgetSkip = f.kind === 'budget' && f.action === 'skipped' && f.closed === 'callDenied';
  const then = budgetSkip ? `${CLOSED_THEN.callDenied} (a guard without an answer never lets a call through)` : CLOSED_THEN[f.closed ?? 'callDenied'];
  return `The ${who.event} hook "${who.name}" ${closedWhat(f)}; ${then}.`;
}

/** The reason of a block, as the model reads it. */
export function blockText(d: Extract<RunDecision, { kind: 'block' }>, who: RunWho): string {
  return d.reason ?? (d.from === 'json' ? `blocked by hook "${who.name}"` : NO_STDERR);
}

/** What exit 2 (or a guard that failed closed) does for this event, in words. */
function exitTwoText(event: string, reason: string): string {
  if (!isHookEvent(event)) return `blocked: ${reason}`;
  const spec = eventSpec(event);
  if (canBlock(spec)) return `blocked: ${reason}`;
  if (spec.onBlock === 'userOnly') return `exit 2 (shown to the user): ${reason}`;
  return `exit 2 (${spec.onBlock === 'dropped' ? 'stderr dropped' : 'logged only'})`;
}

type OutputIgnored = Extract<RunDecision, { kind: 'toolOutputIgnored' }>;

/** Why an `updatedToolOutput` does not fit the tool's output. */
export function outputIgnoredText(d: Pick<OutputIgnored, 'issue' | 'field' | 'expected' | 'got' | 'fields'>): string {
  if (d.issue === 'noStructuredOutput') return 'the tool has no structured output to replace';
  if (d.issue === 'notAField') return `"${d.field}" is not a field of the tool's output (its fields: ${(d.fields ?? []).join(', ')})`;
  return `"${d.field}" is a ${d.got}, but the tool's output has a ${d.expected} there`;
}

/** Why a hook identical to another does not run. */
export function duplicateText(of: { name: string; source: string; plugin?: string }): string {
  return `identical to "${of.name}" [${sourceLabel(of.source, of.plugin)}], which runs once for both`;
}

const said = (reason: string | null) => (reason ? `: ${reason}` : '');

function oneDecisionText(d: RunDecision, who: RunWho): string {
  switch (d.kind) {
    case 'block':
      return `blocked: ${blockText(d, who)}`;
    case 'exit2':
      return d.to === 'user' ? `exit 2 (shown to the user): ${d.reason ?? NO_STDERR}` : `exit 2 (${d.to === 'dropped' ? 'stderr dropped' : 'logged only'})`;
    case 'permission':
      return d.spelling === 'approve' ? 'permission allow' : `permission ${d.decision}${said(d.reason)}`;
    case 'permissionRequest':
      return `permission request ${d.behavior}${said(d.message)}`;
    case 'stop':
      return `stop the agent${said(d.reason)}`;
    case 'rewrite':
      return 'rewrote the tool input';
    case 'retry':
      return 'the model may retry';
    case 'mcpOutput':
      return 'replaced the MCP tool output';
    case 'elicitation':
      return `elicitation ${d.action}`;
    case 'context':
      return d.from === 'stdout' ? 'success: added context' : 'added context';
    case 'instructions':
      return 'success: added summary instructions';
    case 'path':
      return `success: path ${d.path}`;
    case 'stdoutUnused':
      return 'success (stdout recorded, not used)';
    case 'toolOutput':
      return 'replaced the tool output';
    case 'toolOutputIgnored':
      return `updatedToolOutput ignored: ${outputIgnoredText(d)}`;
    case 'watchPaths':
      return `watch ${d.count} path${d.count === 1 ? '' : 's'}`;
    case 'sessionTitle':
      return `session title: ${d.title}`;
    case 'rewake':
      return 'exit 2, its stderr goes to the model';
  }
}

/** A run's `decision` words ("blocked: …", "success: added context", "error (non-blocking): …"). */
export function decisionText(kind: RunKind, who: RunWho): string {
  switch (kind.kind) {
    case 'answer':
      return kind.decisions.length ? kind.decisions.map((d) => oneDecisionText(d, who)).join('; ') : 'success';
    case 'duplicate':
      return `skipped: ${duplicateText(kind.of)}`;
    default:
      if (kind.closed) return exitTwoText(who.event, closedReason(kind, who));
      if (kind.kind === 'budget' && kind.action === 'skipped') return 'skipped: the turn’s hook budget is spent';
      return `error (non-blocking): ${failureText(kind)}`;
  }
}

/** A run's `error` words: what went wrong, or null when it answered (or did not run without failing). */
export function errorText(kind: RunKind): string | null {
  if (kind.kind === 'answer' || kind.kind === 'duplicate') return null;
  if (kind.closed) return closedWhat(kind);
  if (kind.kind === 'budget' && kind.action === 'skipped') return null;
  return failureText(kind);
}
