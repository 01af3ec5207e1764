// What the agent needs from long-running work (docs/architecture.md, "Layers"): its tools, the
// notifications and queued prompts that start new cycles, and what runs now (the Stop payload's
// `background_tasks` and `session_crons`). The agent knows only this port; the work itself
// (`work/`) is plugged in by the composition root (`app/`), so `agent/` never imports `work/`.
import type { BackgroundTask, SessionCron } from '../hooks/contract/events.js';
import type { AnyTool } from './tools/types.js';

export interface WorkPort {
  /** The tools of long-running work, bound to this session. */
  tools(): AnyTool[];
  /** Completion notices for the model (each starts or joins a cycle). */
  takeNotifications(): string[];
  /** A prompt waiting for the agent to be idle (a due cron job). */
  takePrompt(): string | undefined;
  hasPending(): boolean;
  /** Background work running now (the Stop payload's `background_tasks`). */
  backgroundTasks(): BackgroundTask[];
  /** The session's scheduled prompts (`session_crons`). */
  crons(): SessionCron[];
  /** How many background tasks run now. */
  runningCount(): number;
  /** Resolves when no background task runs. */
  idle(): Promise<void>;
  /** Stops everything still running. */
  close(): Promise<void>;
  /** The session was resumed: what its last run left running is told (docs/reliability.md). */
  resumed?(): void;
}

/** A session without long-running work: no tools of its own, nothing ever pending. */
export const NO_WORK: WorkPort = {
  tools: () => [],
  takeNotifications: () => [],
  takePrompt: () => undefined,
  hasPending: () => false,
  backgroundTasks: () => [],
  crons: () => [],
  runningCount: () => 0,
  idle: () => Promise.resolve(),
  close: () => Promise.resolve(),
};
