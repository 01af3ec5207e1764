// `wave hooks runs` and `wave hooks stats` (docs/hooks.md, "History"): the run history of
// `~/.wave/hook-runs.jsonl`, newest first, with filters; and the figures per hook.
import { counted, sourceLabel } from '../hooks/contract/sourceLabel.js';
import { homedir } from 'node:os';
import { commandArgs } from './args.js';
import { readHistory, type HistoryLine } from '../hooks/history/history.js';
import { historyStats } from '../hooks/history/statsScan.js';
import { findRuns, OUTCOME_FILTERS, outcomeOf, parseDuration, type OutcomeFilter } from '../hooks/history/stats.js';
import { settingsPaths } from '../settings/paths.js';
import { makeStyle } from './style.js';

class UsageError extends Error {}

function since(text: string | undefined): number {
  if (text === undefined) return 0;
  const ms = parseDuration(text);
  if (ms === null) throw new UsageError(`--since takes a duration such as 30m, 2h or 7d, not "${text}"`);
  return Date.now() - ms;
}

function historyFile(): string {
  return settingsPaths(process.cwd(), homedir()).historyFile;
}

function runLine(l: HistoryLine): string {
  const status = l.timedOut ? 'timed out' : l.signal ? `killed by ${l.signal}` : l.exitCode === null ? l.verdict : `exit ${l.exitCode}`;
  return `${l.startedAt}  ${l.event.padEnd(18)} ${outcomeOf(l.verdict).padEnd(8)} ${status.padEnd(10)} ${String(Math.round(l.durationMs)).padStart(6)} ms  ${l.name}  [${sourceLabel(l.source)}]${l.error ? `  ! ${l.error}` : ''}`;
}

const RUNS_USAGE = `usage: wave hooks runs [--event E] [--hook TEXT] [--outcome ok|blocked|error|timeout] [--since 2h] [--limit N] [--json]
  the run history (~/.wave/hook-runs.jsonl), newest first (50 runs unless --limit says otherwise)`;
const STATS_USAGE = `usage: wave hooks stats [--since 7d] [--json]
  per hook: runs, blocks, errors, timeouts, p50 / p95 / max duration, last run`;

export function runsCommand(argv: string[]): number {
  const args = commandArgs('hooks runs', RUNS_USAGE, argv, {
    event: { type: 'string' },
    hook: { type: 'string' },
    outcome: { type: 'string' },
    since: { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (!args.ok) return args.code;
  const { values } = args;
  const outcome = values.outcome;
  if (outcome !== undefined && !(OUTCOME_FILTERS as readonly string[]).includes(outcome))
    throw new UsageError(`--outcome must be one of ${OUTCOME_FILTERS.join(', ')}`);
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit takes a whole number of runs');
  const runs = findRuns(readHistory(historyFile()), {
    ...(values.event ? { event: values.event } : {}),
    ...(values.hook ? { hook: values.hook } : {}),
    ...(outcome ? { outcome: outcome as OutcomeFilter } : {}),
    sinceMs: since(values.since),
    limit,
  });
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ runs }, null, 2)}\n`);
    return 0;
  }
  if (!runs.length)
    process.stdout.write(`No hook runs recorded${values.event || values.hook || outcome || values.since ? ' that match' : ''} (${historyFile()}).\n`);
  for (const l of runs) process.stdout.write(`${runLine(l)}\n`);
  return 0;
}

export function statsCommand(argv: string[]): number {
  const args = commandArgs('hooks stats', STATS_USAGE, argv, { since: { type: 'string' }, json: { type: 'boolean' } });
  if (!args.ok) return args.code;
  const { values } = args;
  const hooks = historyStats(historyFile(), since(values.since));
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ hooks }, null, 2)}\n`);
    return 0;
  }
  const st = makeStyle(process.stdout);
  if (!hooks.length) process.stdout.write(`No hook runs recorded (${historyFile()}).\n`);
  for (const h of hooks) {
    process.stdout.write(
      `${st.bold(h.event)}${h.matcher ? ` ${JSON.stringify(h.matcher)}` : ''}  ${st.dim(`[${sourceLabel(h.source)}] ${h.file ?? '<programmatic>'}`)}\n`,
    );
    process.stdout.write(`  $ ${h.command}\n`);
    const fails = [h.blocks && `${h.blocks} blocked`, h.errors && counted(h.errors, 'error'), h.timeouts && `${h.timeouts} timed out`]
      .filter(Boolean)
      .join(', ');
    process.stdout.write(
      `  ${counted(h.runs, 'run')}${fails ? ` (${fails})` : ''} · p50 ${h.p50_ms} ms · p95 ${h.p95_ms} ms · max ${h.max_ms} ms · last ${h.last_run}\n`,
    );
  }
  return 0;
}

/** Runs one of the two; a usage error exits 2 with its message. */
export function historyCommand(which: 'runs' | 'stats', argv: string[]): number {
  try {
    return which === 'runs' ? runsCommand(argv) : statsCommand(argv);
  } catch (err) {
    process.stderr.write(`wave hooks ${which}: ${(err as Error).message}\n`);
    return err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? 2 : 1;
  }
}
