// A hook run's decision in the UI's language (docs/hooks.md, "Run records"): the badge comes from the
// run's verdict, and the detail is the hook's own words (the reason it gave) or what went wrong. The
// record's `decision` is the engine's English sentence; only the hook-written part of it is kept,
// and the engine's common errors are said again in the UI's words.
import type { HookRunRecord, ModelProbe, RunVerdict } from '../connection/protocol.js';
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

/** The text after `prefix` in the engine's decision words ("blocked: <reason>"), or null. */
function after(decision: string, prefixes: readonly string[]): string | null {
  for (const p of prefixes) {
    const i = decision.indexOf(p);
    if (i >= 0) return decision.slice(i + p.length).trim() || null;
  }
  return null;
}

/** The engine's error of a failed run in the UI's words (the hook's own output stays as it is). */
export function errorWords(r: Pick<HookRunRecord, 'error' | 'exitCode' | 'signal' | 'timedOut'>): string | null {
  const e = r.error;
  if (!e) return null;
  if (e === 'stopped by the user') return t('run.err.stopped');
  if (r.timedOut) {
    const s = /after ([\d.]+) s/.exec(e)?.[1];
    return s ? t('run.err.timeout', { s }) : t('run.timeout');
  }
  if (e === 'command not found') return t('run.err.notFound');
  if (e.startsWith('command is not executable')) return t('run.err.notExecutable');
  if (/^hook exited with code \d+$/.test(e) && r.exitCode !== null) return t('run.err.exit', { code: r.exitCode });
  if (/^hook was killed by /.test(e) && r.signal) return t('run.signal', { signal: r.signal });
  return e;
}

/** The detail of a run's decision: the reason a hook gave, or what went wrong; null when there is nothing to add. */
export function decisionDetail(r: HookRunRecord): string | null {
  const d = r.decision.replace(/^async: /, '');
  switch (r.verdict) {
    case 'blocked':
      return after(d, ['blocked: ', 'exit 2 (shown to the user): ']);
    case 'denied':
      return after(d, ['permission request deny: ', 'permission deny: ']);
    case 'asked':
      return after(d, ['permission ask: ']);
    case 'allowed':
      return after(d, ['permission request allow: ', 'permission allow: ']);
    case 'stopped':
      return after(d, ['stop the agent: ']);
    case 'error':
    case 'timeout':
      return errorWords(r) ?? after(d, ['exit 2 (shown to the user): ']);
    case 'skipped':
      return t('run.err.budget');
    default:
      return null;
  }
}

/** The badge and detail of a run, in the UI's language. */
export function runWords(r: HookRunRecord): { badge: string; detail: string | null } {
  return { badge: t(VERDICT_KEY[r.verdict]), detail: decisionDetail(r) };
}

/** A model endpoint probe in the UI's language (the URL and the error code stay as they are). */
export function probeWords(p: ModelProbe, model: string): string {
  return t(`probe.${p.kind}`, { url: p.url ?? '', detail: p.detail ?? '', model });
}
