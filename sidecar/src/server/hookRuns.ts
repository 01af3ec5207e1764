// How the settings page's hooks behave (docs/hooks.md, "The settings page"): each listed hook's
// figures from the run history (`wave hooks stats`, matched by the same identity: file, event,
// matcher, command), the recent runs with filters (`wave hooks runs`), pushed again whenever the
// history file changes; and the Test of one hook against its event's sample payload, without a
// model (`wave hooks test`, whose input builder it shares).
import { statSync } from 'node:fs';
import { hookTestContext, hookTestInput } from '../app/hookTest.js';
import { TOOL_NAMES } from '../app/tools.js';
import { describeDecision } from '../hooks/contract/describe.js';
import { eventSpec, isHookEvent, type EventInput, type HookEventName } from '../hooks/contract/events.js';
import { HistoryWriter, readHistory } from '../hooks/history/history.js';
import type { FireContext } from '../hooks/fire/manager.js';
import { matches } from '../hooks/contract/matcher.js';
import { findRuns, statsKey } from '../hooks/history/stats.js';
import { historyFigures } from '../hooks/history/statsScan.js';
import { settingsPaths } from '../settings/paths.js';
import type { HookFigures, HookListItem, HookTestResult, HooksListing, Params, Results } from '../protocol/protocol.js';
import { refuse } from './settingsEdit.js';
import { testPresets, userTestInput } from './testInput.js';
import { rerunHook } from './hookRerun.js';
import { testFiring } from './testFiring.js';
import { summarize } from './hookSummary.js';

export { summarize } from './hookSummary.js';

export interface HookRunsOptions {
  workdir: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
  listing: () => HooksListing;
  /** The history changed: every listed hook's figures. */
  onStats: (hooks: Record<string, HookFigures>) => void;
  /** The chat's session id (null before it started). */
  session?: () => string | null;
  pollMs?: number;
}

/** A sample value of the event's matcher field that the hook's matcher accepts, or null when none does. */
function sampleValue(event: HookEventName, hook: HookListItem): { field: string; value: string } | null | undefined {
  const spec = eventSpec(event);
  const field = spec.matcherField;
  if (!field) return undefined;
  const sample = String((spec.sample as Record<string, unknown>)[field] ?? '');
  const known = spec.matcherValues === 'tool names' ? TOOL_NAMES : (spec.matcherValues ?? []);
  const value = [sample, ...known].find((v) => matches(hook.matcher ?? undefined, v));
  return value === undefined ? null : { field, value };
}

export class HookRunsService {
  private readonly file: string;
  private readonly history: HistoryWriter;
  private timer: NodeJS.Timeout | null = null;
  private stamp = '';

  constructor(private readonly opts: HookRunsOptions) {
    this.file = settingsPaths(opts.workdir, opts.homeDir).historyFile;
    this.history = new HistoryWriter(this.file);
  }

  /** Each listed hook's figures, by hook id (hooks that never ran have none); test runs counted apart. */
  stats(): Record<string, HookFigures> {
    const { hooks, tests } = historyFigures(this.file);
    const byKey = new Map(hooks.map((s) => [statsKey(s), s]));
    const testsByKey = new Map(tests.map((s) => [statsKey(s), s.runs]));
    const out: Record<string, HookFigures> = {};
    for (const h of this.opts.listing().hooks) {
      const s = byKey.get(statsKey(h));
      const n = testsByKey.get(statsKey(h));
      if (!s && !n) continue;
      out[h.id] = s
        ? { runs: s.runs, blocks: s.blocks, failures: s.errors + s.timeouts, p95Ms: s.p95_ms, lastRun: s.last_run }
        : { runs: 0, blocks: 0, failures: 0, p95Ms: 0, lastRun: '' };
      if (n) out[h.id]!.tests = n;
    }
    return out;
  }

  runs({ event, outcome, limit, project }: Params<'hooks.runs'>): Results['hooks.runs'] {
    const all = readHistory(this.file);
    const lines = project ? all.filter((l) => l.project === project) : all;
    const runs = findRuns(lines, { ...(event ? { event } : {}), ...(outcome ? { outcome } : {}), limit: limit ?? 100 });
    const projects = [...new Set(all.flatMap((l) => (l.project ? [l.project] : [])))].sort();
    return { runs, file: this.file, projects, session: this.opts.session?.() ?? null };
  }

  /** Re-run with this input: the recorded run's stdin against its hook as it is on disk now (a test run). */
  rerun(id: string): Promise<Results['hooks.rerun']> {
    const { workdir, homeDir, env } = this.opts;
    return rerunHook(id, { file: this.file, workdir, homeDir, env, hooks: this.opts.listing().hooks, history: this.history });
  }

  /**
   * Runs that one hook, for real, against its event's sample payload or the user's `given` stdin;
   * the run goes to the history too, marked as a test run (counted apart from real runs).
   */
  async test(id: string, given?: Record<string, unknown>): Promise<HookTestResult> {
    const hook = this.opts.listing().hooks.find((h) => h.id === id);
    if (!hook || !isHookEvent(hook.event)) throw refuse.hookGone();
    // A test runs the command for real: a project's hooks only where they would run at all.
    if (hook.state === 'untrusted') throw refuse.untrusted();
    const event = hook.event;
    const project = this.opts.workdir;
    const sample = sampleValue(event, hook);
    const tool = sample?.field === 'tool_name' ? sample.value : undefined;
    const sampleInput = hookTestInput(event, { tool, project, ...(sample && !tool ? { input: { [sample.field]: sample.value } } : {}) });
    const base: FireContext = { ...hookTestContext(project), only: (h) => h.id === id };
    const { input, ctx } = given ? userTestInput(event, given, project, base) : { input: sampleInput, ctx: base };
    const { workdir, homeDir, env } = this.opts;
    const { manager, planned, decision, runs } = await testFiring({ workdir, homeDir, env, history: this.history }, event, input, ctx);
    const why =
      sample === null && !given
        ? `its matcher "${hook.matcher ?? ''}" matches none of the sample values`
        : planned.skipped.find((k) => k.hook?.id === id)?.reason;
    const stdinOf = (i: Record<string, unknown>) => manager.payload(event, i as EventInput<HookEventName>, base);
    return {
      event,
      payload: manager.payload(event, input as EventInput<HookEventName>, ctx),
      runs,
      summary: summarize(decision),
      decision: describeDecision(event, decision),
      notRun: runs.length ? null : (why ?? 'it did not run'),
      presets: testPresets(event, hook, { tool: tool ?? null, stdin: stdinOf(sampleInput) }, { project, home: this.opts.homeDir }, stdinOf),
    };
  }

  /** Pushes fresh figures whenever the history file changes (size or time). */
  watch(): void {
    if (this.timer) return;
    this.stamp = this.historyStamp();
    this.timer = setInterval(() => {
      const now = this.historyStamp();
      if (now === this.stamp) return;
      this.stamp = now;
      this.opts.onStats(this.stats());
    }, this.opts.pollMs ?? 250);
    this.timer.unref();
  }

  private historyStamp(): string {
    try {
      const st = statSync(this.file);
      return `${st.size}:${st.mtimeMs}:${st.ino}`;
    } catch {
      return 'missing';
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.history.close();
  }
}
