// One test firing (the settings page's Test and Re-run with this input): the event fired for real
// in a trusted test session of the project, without a model, and every record written to the run
// history as a test run — with the stdin the hook got — so it is counted apart from real runs.
import { promptModelFor, TEST_SESSION } from '../app/hookTest.js';
import { TOOL_NAMES } from '../app/tools.js';
import type { EventInput, HookEventName } from '../hooks/contract/events.js';
import type { HookDecision, HookRunRecord } from '../hooks/contract/types.js';
import { SessionConfig } from '../hooks/config/sessionConfig.js';
import { HookManager, type FireContext } from '../hooks/fire/manager.js';
import type { EventPlan } from '../hooks/fire/plan.js';
import { historyLine, type HistoryWriter } from '../hooks/history/history.js';

export interface TestFiringOptions {
  workdir: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
  history: HistoryWriter;
}

export interface TestFiring {
  manager: HookManager;
  /** What the plan said before the hooks ran (why the tested hook did not run, when it did not). */
  planned: EventPlan;
  decision: HookDecision;
  runs: HookRunRecord[];
}

/** Fires `event` with `input` and `ctx` (its `only` picks the tested hook); resolves once its background runs ended and the history is written. */
export async function testFiring(o: TestFiringOptions, event: HookEventName, input: Record<string, unknown>, ctx: FireContext): Promise<TestFiring> {
  const runs: HookRunRecord[] = [];
  const manager = new HookManager({
    workdir: o.workdir,
    homeDir: o.homeDir,
    config: new SessionConfig({ workdir: o.workdir, homeDir: o.homeDir, trust: true, toolNames: TOOL_NAMES }),
    baseEnv: o.env,
    historyFile: null,
    onRecord: (r, stdin) => {
      runs.push(r);
      o.history.append(historyLine(r, { sessionId: TEST_SESSION, project: o.workdir, stdin, test: true }));
    },
  });
  manager.setPromptModel(promptModelFor(manager.snapshot().settings.model, o.env));
  const typed = input as EventInput<HookEventName>;
  await manager.prepare(event);
  const planned = manager.plan(event, typed, ctx);
  const { decision } = await manager.fire(event, typed, ctx);
  await manager.waitForAsync();
  await o.history.flush();
  return { manager, planned, decision, runs };
}
