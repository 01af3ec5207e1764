// The long-running work of one session: background tasks (shells, subagents, workflows), their
// completion notifications, and prompts waiting for the agent to be idle (due cron jobs). It is the
// agent's WorkPort (agent/workPort.ts), plugged in by the composition root; the agent asks it what
// to do next whenever a turn ends.
import { showUserParts } from '../agent/notices.js';
import { notifyUser } from '../agent/toolCall.js';
import type { MainContext } from '../agent/mainContext.js';
import type { AnyTool } from '../agent/tools/types.js';
import type { WorkPort } from '../agent/workPort.js';
import type { BackgroundTask, SessionCron } from '../hooks/contract/events.js';
import { CronScheduler } from './crons.js';
import { createCronTools } from './cronTools.js';
import { WorkRegistry } from './registry.js';
import { leftWorkPath, recordRunning, reportLeft } from './leftWork.js';
import { ShellManager } from './shells.js';
import { createShellTools } from './shellTools.js';
import { createSubagentTools } from './subagentTools.js';
import { WorktreeManager } from './worktrees.js';
import { createWorktreeTools } from './worktreeTools.js';

export class SessionWork implements WorkPort {
  readonly registry = new WorkRegistry();
  /** Aborted when the session ends: stops background subagents and workflows. */
  readonly lifetime = new AbortController();
  readonly shells: ShellManager;
  readonly cronJobs: CronScheduler;
  private readonly notifications: string[] = [];
  private readonly prompts: string[] = [];

  constructor(
    private readonly agent: MainContext,
    private readonly wake: () => void,
  ) {
    this.shells = new ShellManager(this.registry, { onBackgroundChange: () => this.recordRunning() });
    // A due job's prompt is sent as a user prompt once the agent is idle.
    this.cronJobs = new CronScheduler({ onDue: (job) => this.queuePrompt(job.prompt) });
    this.registry.onNotification((n) => {
      this.notifications.push(n.text);
      if (this.agent.userAway()) notifyUser(this.agent, n.text.split('\n')[0]!, 'task_finished');
      this.wake();
    });
  }

  /** The tools of long-running work, bound to this session: shells, crons, subagents, workflows, worktrees. */
  tools(): AnyTool[] {
    const agent = this.agent;
    const worktrees = new WorktreeManager({
      workdir: agent.workdir,
      hasHooks: (e) => agent.hookManager.hasHooks(e),
      fire: (e, i) => agent.fire(e, i),
      getCwd: () => agent.cwd,
      setCwd: async (d) => {
        const old = agent.cwd;
        agent.cwd = d;
        if (old === d) return;
        const changed = (await agent.fire('CwdChanged', { old_cwd: old, new_cwd: d })).decision;
        showUserParts(agent.conversation, changed);
        agent.watchNames(); // the matchers' file names are in the working directory
        agent.watchPaths(changed);
      },
      notice: (t) => agent.notice(t),
    });
    return [
      ...createShellTools(this.shells),
      ...createCronTools(this.cronJobs),
      ...createSubagentTools({
        parent: agent,
        registry: this.registry,
        userDir: agent.paths.userDir,
        projectDir: agent.paths.projectDir,
        sessionSignal: this.lifetime.signal,
      }),
      ...createWorktreeTools(worktrees),
    ];
  }

  /** A prompt to send as a user turn when the agent is idle (a due cron job). */
  queuePrompt(prompt: string): void {
    this.prompts.push(prompt);
    this.wake();
  }

  takePrompt(): string | undefined {
    return this.prompts.shift();
  }

  takeNotifications(): string[] {
    return this.notifications.splice(0);
  }

  /** The Stop payload's `session_crons`. */
  crons(): SessionCron[] {
    return this.cronJobs.snapshot();
  }

  /** What runs now; the Stop payload builder (hooks/contract/events.ts) picks each task's fields. */
  backgroundTasks(): BackgroundTask[] {
    return this.registry.running();
  }

  runningCount(): number {
    return this.registry.running().length;
  }

  idle(): Promise<void> {
    return this.registry.idle();
  }

  hasPending(): boolean {
    return this.notifications.length > 0 || this.prompts.length > 0;
  }

  /** The list of running background shells a crash would leave (leftWork.ts). */
  private recordRunning(): void {
    const running = this.shells.list().filter((s) => s.background && s.status === 'running');
    const shells = running.map((s) => ({ id: s.id, command: s.command, pid: s.pid, startedAt: new Date(s.startedAt).toISOString() }));
    recordRunning(this.leftPath(), shells);
  }

  private leftPath(): string {
    return leftWorkPath(this.agent.paths.sessionsDir, this.agent.conversation.sessionId);
  }

  /** A resumed session: what its last run left running is told to the user. */
  resumed(): void {
    const text = reportLeft(this.leftPath());
    if (text) this.agent.conversation.notice(text);
  }

  /** Stops everything still running: background subagents and workflows, shells, cron jobs. */
  async close(): Promise<void> {
    this.lifetime.abort();
    this.cronJobs.stop();
    await this.shells.killAll();
  }
}
