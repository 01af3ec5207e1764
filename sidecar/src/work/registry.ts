// Background work of one session (docs/hooks.md, Stop's `background_tasks`): shells, subagents and workflows that run while
// the conversation goes on. The registry knows what is running (the Stop payload's
// `background_tasks`) and turns each completion into a notification for the agent, which starts a
// new model cycle with it when idle.
import type { BackgroundTask } from '../hooks/contract/events.js';

export type TaskType = BackgroundTask['type'];
export const TASK_STATUSES = ['running', 'completed', 'failed', 'killed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface TaskInfo {
  id: string;
  type: TaskType;
  status: TaskStatus;
  description: string;
  command?: string;
  agent_type?: string;
  name?: string;
  startedAt: number;
}

export interface Notification {
  taskId: string;
  /** What the model is told, e.g. "Background shell bash_1 (npm test) finished with exit code 0 …". */
  text: string;
}

const PREFIX: Record<TaskType, string> = { shell: 'bash', subagent: 'agent', workflow: 'workflow' };

export class WorkRegistry {
  private readonly tasks = new Map<string, TaskInfo>();
  private readonly counters = new Map<TaskType, number>();
  private readonly listeners: Array<(n: Notification) => void> = [];
  private readonly waiters: Array<() => void> = [];

  /** A fresh id for a task of this type: bash_1, agent_2, workflow_1 … */
  nextId(type: TaskType): string {
    const n = (this.counters.get(type) ?? 0) + 1;
    this.counters.set(type, n);
    return `${PREFIX[type]}_${n}`;
  }

  start(info: Omit<TaskInfo, 'status' | 'startedAt'>): TaskInfo {
    const task: TaskInfo = { ...info, status: 'running', startedAt: Date.now() };
    this.tasks.set(task.id, task);
    return task;
  }

  get(id: string): TaskInfo | undefined {
    return this.tasks.get(id);
  }

  /** Marks a task finished and hands its notification to the agent. */
  finish(id: string, status: Exclude<TaskStatus, 'running'>, text: string): void {
    const task = this.tasks.get(id);
    if (!task || task.status !== 'running') return;
    task.status = status;
    for (const l of this.listeners) l({ taskId: id, text });
    if (!this.running().length) for (const w of this.waiters.splice(0)) w();
  }

  /** A task that ended without anyone needing to hear about it (e.g. a foreground command). */
  forget(id: string): void {
    this.tasks.delete(id);
    if (!this.running().length) for (const w of this.waiters.splice(0)) w();
  }

  running(): TaskInfo[] {
    return [...this.tasks.values()].filter((t) => t.status === 'running');
  }

  onNotification(listener: (n: Notification) => void): void {
    this.listeners.push(listener);
  }

  /** Resolves when nothing is running. */
  idle(): Promise<void> {
    if (!this.running().length) return Promise.resolve();
    return new Promise((ok) => this.waiters.push(ok));
  }
}
