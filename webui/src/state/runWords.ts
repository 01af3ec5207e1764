// A hook run's decision in the UI's language (docs/hooks.md, "Run records"): the badge comes from the
// run's verdict, and the detail is the hook's own words (the reason it gave) or what went wrong, both
// built from the record's data — its `kind` (sidecar/src/protocol/runKind.ts) and `reason`. The
// engine's English words (`decision`, `error`) are never read here; webui/test/state/
// noEngineEnglish.unit.test.ts checks that nothing in webui/src matches the text of a record.
import type { AnswerIssue, HandlerCause, HookRunRecord, ModelProbe, RunDecision, RunFailure, RunKind, RunVerdict } from '../connection/protocol.js';
import { t, type Key } from '../i18n/index.js';

export const VERDICT_KEY: Record<RunVerdict, Key> = {
  ok: 'verdict.ok',
  context: 'verdict.context',
  blocked: 'verdict.blocked',
  denied: 'verdict.denied',
  asked: 'verdict.asked',
  allowed: 'verdict.allowed',
  rewrote: 'verdict.rewrote',
  stopped: 'verdict.stopped',
  error: 'verdict.error',
  timeout: 'verdict.timeout',
  skipped: 'verdict.skipped',
};

/** How bad a verdict is, for its colour: it stopped something, it failed, it changed something, or nothing. */
export function verdictTone(v: RunVerdict): 'stop' | 'fail' | 'change' | 'quiet' {
  if (v === 'blocked' || v === 'denied' || v === 'stopped') return 'stop';
  if (v === 'error' || v === 'timeout' || v === 'asked') return 'fail';
  if (v === 'ok' || v === 'skipped') return 'quiet';
  return 'change';
}

/** One problem of an invalid JSON answer: where and what, from its data. */
function issueWords(i: AnswerIssue): string {
  const path = i.path || t('issue.root');
  return t(`issue.${i.issue}`, { path, expected: i.expected ?? '', got: i.got ?? '' });
}

/** The system codes of a request that did not get through that have words of their own; any other is shown as it is. */
const CODES = ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ERR_INVALID_URL'] as const;
const isKnownCode = (code: string): code is (typeof CODES)[number] => (CODES as readonly string[]).includes(code);

/** Why an http, prompt or mcp_tool handler failed, from its cause (the library's or the server's own message stays as it is). */
export function causeWords(c: HandlerCause): string {
  switch (c.cause) {
    case 'httpStatus':
      return t('cause.httpStatus', { status: c.status, url: c.url });
    case 'requestFailed': {
      const why = c.code === null ? (c.detail ?? '') : isKnownCode(c.code) ? t(`cause.code.${c.code}`) : c.code;
      return t('cause.requestFailed', { url: c.url, why });
    }
    case 'modelFailed':
      return t('cause.modelFailed', { detail: c.detail });
    case 'badVerdict':
      return t('cause.badVerdict', { answer: c.answer });
    case 'noMcpServer':
      return t('cause.noMcpServer', { server: c.server });
    case 'mcpFailed':
      return t('cause.mcpFailed', { server: c.server, tool: c.tool, detail: c.detail });
    default:
      return t(`cause.${c.cause}`);
  }
}

/** Why a run gave no answer or did not run, in the UI's words (the system's or the handler's own message stays as it is). */
export function failureWords(f: RunFailure): string {
  switch (f.kind) {
    case 'exitCode':
      return t('kind.exitCode', { code: f.code });
    case 'signal':
      return t('kind.signal', { signal: f.signal });
    case 'timeout':
      return t('kind.timeout', { s: f.seconds });
    case 'notStarted':
      return t('kind.notStarted', { message: f.message });
    case 'handlerFailed':
      // A record from before causes were data has only the engine's words, shown as they are.
      return f.cause ? t('kind.handlerFailed', { message: causeWords(f.cause) }) : t('kind.handlerFailed', { message: f.message });
    case 'invalidAnswer':
      return t('kind.invalidAnswer', { issues: f.issues.map(issueWords).join('; ') });
    case 'budget':
      return f.action === 'cut' ? t('kind.budget.cut', { s: f.seconds }) : t('kind.budget.skipped');
    default:
      return t(`kind.${f.kind}`);
  }
}

/** One thing an answer did, in the UI's words, with the hook's own reason after it. */
export function decisionWords(d: RunDecision): string {
  const why = (what: string, reason: string | null) => (reason ? t('dec.withReason', { what, reason }) : what);
  switch (d.kind) {
    case 'block':
      return why(t('dec.block'), d.reason);
    case 'exit2':
      return why(t(`dec.exit2.${d.to}`), d.reason);
    case 'permission':
      return why(t(`dec.permission.${d.decision}`), d.reason);
    case 'permissionRequest':
      return why(t(`dec.permissionRequest.${d.behavior}`), d.message);
    case 'stop':
      return why(t('dec.stop'), d.reason);
    case 'elicitation':
      return t('dec.elicitation', { action: d.action });
    case 'path':
      return t('dec.path', { path: d.path });
    case 'toolOutputIgnored':
      return t(`dec.toolOutputIgnored.${d.issue}`, { field: d.field ?? '', got: d.got ?? '', expected: d.expected ?? '' });
    case 'watchPaths':
      return t('dec.watchPaths', { n: d.count });
    case 'sessionTitle':
      return t('dec.sessionTitle', { title: d.title });
    default:
      return t(`dec.${d.kind}`);
  }
}

type Worded = Pick<HookRunRecord, 'verdict' | 'reason' | 'event' | 'name'> & { kind: RunKind | null };

/** What a guard that failed closed did not do: it was stopped, it failed, it gave no answer in time, or it did not run. */
function closedWhat(f: RunFailure): string {
  if (f.kind === 'stopped') return t('closed.what.stopped');
  if (f.closed === 'onFailure') return t('closed.what.failed', { what: failureWords(f) });
  if (f.kind === 'budget' && f.action === 'cut') return t('closed.what.noAnswer', { what: failureWords(f) });
  return failureWords(f);
}

/** What went wrong or why it did not run, in the UI's words; null when the run answered. */
export function kindProblem(r: Worded): string | null {
  const kind = r.kind;
  if (!kind || kind.kind === 'answer') return null;
  if (kind.kind === 'duplicate') return t('kind.duplicate', { name: kind.of.name });
  if (!kind.closed) return failureWords(kind);
  return t('closed.line', { event: r.event, name: r.name, what: closedWhat(kind), then: t(`closed.${kind.closed}`) });
}

/** Every thing a run did, one line each (the Runs view's decision); null for a line older than kinds. */
export function kindLines(r: Worded): string[] | null {
  if (!r.kind) return null;
  if (r.kind.kind !== 'answer') return [kindProblem(r) ?? ''];
  return r.kind.decisions.length ? r.kind.decisions.map(decisionWords) : [t('dec.none')];
}

/** The detail of a run's decision: the reason the hook gave, or what went wrong; null when there is nothing to add. */
export function decisionDetail(r: Worded): string | null {
  if (!r.kind) return null; // a history line older than kinds: its English decision is shown as it is
  return r.kind.kind === 'answer' ? r.reason : kindProblem(r);
}

/** The badge and detail of a run, in the UI's language. */
export function runWords(r: Worded): { badge: string; detail: string | null } {
  return { badge: t(VERDICT_KEY[r.verdict]), detail: decisionDetail(r) };
}

/** A model endpoint probe in the UI's language (the URL and the error code stay as they are). */
export function probeWords(p: ModelProbe, model: string): string {
  return t(`probe.${p.kind}`, { url: p.url ?? '', detail: p.detail ?? '', model });
}
