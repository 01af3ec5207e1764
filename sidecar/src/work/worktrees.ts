// Worktrees of one session (docs/hooks.md, WorktreeCreate / WorktreeRemove; README's tools EnterWorktree /
// ExitWorktree). Entering a worktree moves the session's working directory there; exiting moves it
// back to the workdir and either keeps the worktree or removes it.
//
// Who creates it: when WorktreeCreate hooks are configured, they do (the first hook that exits 0 and
// prints a path supplies it, which works outside git too; if none does, creation is blocked and
// their stderr shown). Otherwise Wave runs `git worktree add -b wave/<name>
// <workdir>/.wave/worktrees/<name>`. Who removes it: a hook-created worktree is removed by the
// WorktreeRemove hooks only (Wave never runs `git worktree remove` on it, and a failing hook is only
// reported, never blocking); a git-created one by `git worktree remove`, refused while it has
// uncommitted changes unless they are explicitly discarded.
//
// Nothing here imports the Agent: the session is reached through the small functions injected in
// the constructor. Names and the git plumbing are in worktreeGit.ts.
import { existsSync, mkdirSync, readFileSync, appendFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { git, isDirectory, real, worktreeNameProblem } from './worktreeGit.js';
import type { EventInput } from '../hooks/contract/events.js';
import type { HookDecision, HookRunRecord } from '../hooks/contract/types.js';
import { messageOf } from '../util/errors.js';

export type WorktreeEvent = 'WorktreeCreate' | 'WorktreeRemove';
export type WorktreeCreator = 'hook' | 'git';
export type ExitAction = 'keep' | 'remove';

export interface WorktreeManagerDeps {
  /** The session's workdir (the project root); the session returns here on exit. */
  workdir: string;
  hasHooks(event: WorktreeEvent): boolean;
  /**
   * Fires a hook event with the session's context (e.g. `(e, i) => agent.fire(e, i)`). `runs`, when
   * given, lets a failing WorktreeRemove hook be reported in the tool result.
   */
  fire<E extends WorktreeEvent>(event: E, input: EventInput<E>): Promise<{ decision: HookDecision; runs?: HookRunRecord[] }>;
  getCwd(): string;
  /** Moves the session (CwdChanged fires when it really moved). */
  setCwd(dir: string): Promise<void>;
  /** A text for the user only (the hooks' error messages go here). */
  notice(text: string): void;
}

export interface ActiveWorktree {
  name: string;
  /** The worktree's root folder. */
  path: string;
  createdBy: WorktreeCreator;
  /** git-created worktrees: the branch checked out there (`wave/<name>`). */
  branch?: string;
  /** Where the session works inside it (the root, or the workdir's counterpart inside a git worktree). */
  cwd: string;
  /** The session's cwd before entering. */
  previousCwd: string;
  /** git-created: true when an existing worktree (kept by an earlier exit) was entered again. */
  resumed?: boolean;
}

export interface EnterResult {
  worktree: ActiveWorktree;
  /** What the model is told. */
  message: string;
}

export interface ExitOptions {
  action: ExitAction;
  discard_changes?: boolean;
}

export interface ExitResult {
  action: ExitAction;
  worktree: ActiveWorktree;
  /** true when the worktree folder is gone afterwards. */
  removed: boolean;
  /** Whether WorktreeRemove hooks ran (hook-created worktrees with action remove only). */
  hooksRan: boolean;
  /** Problems reported by WorktreeRemove hooks (never blocking). */
  hookErrors: string[];
  /** true when uncommitted changes were thrown away (git, discard_changes). */
  discardedChanges: boolean;
  message: string;
}

/** A failure the tools turn into a tool error; `details` go into the tool_response. */
export class WorktreeError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'WorktreeError';
  }
}

export { WORKTREE_NAME_MAX, worktreeNameProblem, randomWorktreeName } from './worktreeGit.js';

export class WorktreeManager {
  readonly workdir: string;
  private active: ActiveWorktree | null = null;
  private busy = false;

  constructor(private readonly deps: WorktreeManagerDeps) {
    this.workdir = resolve(deps.workdir);
  }

  /** The worktree the session is in, or null. */
  current(): ActiveWorktree | null {
    return this.active ? { ...this.active } : null;
  }

  /** Creates (or re-enters) the worktree `name` and moves the session there. */
  async enter(name: string): Promise<EnterResult> {
    return this.exclusive(async () => {
      const problem = worktreeNameProblem(name);
      if (problem) throw new WorktreeError(problem, { name });
      if (this.active) {
        throw new WorktreeError(`Already in worktree "${this.active.name}" (${this.active.path}). Call ExitWorktree first, then enter another one.`, {
          name,
          worktreePath: this.active.path,
          createdBy: this.active.createdBy,
        });
      }
      const previousCwd = this.deps.getCwd();
      const wt = this.deps.hasHooks('WorktreeCreate') ? await this.createByHook(name, previousCwd) : await this.createByGit(name, previousCwd);
      this.active = wt;
      await this.deps.setCwd(wt.cwd);
      return { worktree: { ...wt }, message: this.enterMessage(wt) };
    });
  }

  /** Leaves the worktree: back to the workdir, keeping or removing the worktree. */
  async exit(opts: ExitOptions): Promise<ExitResult> {
    return this.exclusive(async () => {
      const action = opts.action;
      if (action !== 'keep' && action !== 'remove') {
        throw new WorktreeError(`invalid action "${String(action)}": use "keep" or "remove"`, { action });
      }
      const wt = this.active;
      if (!wt) throw new WorktreeError('Not in a worktree: there is nothing to exit (EnterWorktree creates one).', { action });
      const base = { action, worktree: { ...wt }, hooksRan: false, hookErrors: [] as string[], discardedChanges: false };

      if (action === 'keep') {
        await this.leave();
        return {
          ...base,
          removed: false,
          message: `Left worktree "${wt.name}"; it was kept at ${wt.path}${wt.branch ? ` (branch ${wt.branch})` : ''}. The session works in ${this.workdir} again.`,
        };
      }
      return wt.createdBy === 'hook' ? this.removeByHook(wt, base) : this.removeByGit(wt, base, opts.discard_changes === true);
    });
  }

  // ----- creation ------------------------------------------------------------------------------

  private async createByHook(name: string, previousCwd: string): Promise<ActiveWorktree> {
    const { decision } = await this.deps.fire('WorktreeCreate', { name });
    for (const m of decision.userMessages) this.deps.notice(m);
    const printed = decision.worktreePath;
    if (!printed) {
      const why = decision.userMessages.length ? `:\n${decision.userMessages.join('\n')}` : ' (no hook exited 0 with a path on stdout).';
      throw new WorktreeError(`Worktree creation blocked: no WorktreeCreate hook supplied a worktree path${why}`, {
        name,
        hookErrors: decision.userMessages,
      });
    }
    const path = isAbsolute(printed) ? resolve(printed) : resolve(this.workdir, printed);
    if (!existsSync(path)) {
      throw new WorktreeError(`The WorktreeCreate hook printed the path ${path}, which does not exist.`, { name, worktreePath: path });
    }
    if (!isDirectory(path)) {
      throw new WorktreeError(`The WorktreeCreate hook printed the path ${path}, which is not a directory.`, { name, worktreePath: path });
    }
    return { name, path, createdBy: 'hook', cwd: path, previousCwd };
  }

  private async createByGit(name: string, previousCwd: string): Promise<ActiveWorktree> {
    const top = await git(['rev-parse', '--show-toplevel'], this.workdir);
    if (!top.ok) {
      if (/not a git repository/i.test(top.error)) {
        throw new WorktreeError(`${this.workdir} is not a git repository; configure a WorktreeCreate hook to create worktrees elsewhere.`, { name });
      }
      throw new WorktreeError(`Cannot create a worktree: ${top.error}`, { name });
    }
    const prefix = (await git(['rev-parse', '--show-prefix'], this.workdir)).stdout;
    const branch = `wave/${name}`;
    const path = join(this.workdir, '.wave', 'worktrees', name);
    const at = (p: string) => (prefix && isDirectory(join(p, prefix)) ? join(p, prefix) : p);

    // A worktree kept by an earlier exit is entered again.
    if (existsSync(path)) {
      if (await this.isRegisteredWorktree(path)) {
        const head = await git(['rev-parse', '--abbrev-ref', 'HEAD'], path);
        const checkedOut = head.ok && head.stdout !== 'HEAD' ? head.stdout : undefined;
        return { name, path, createdBy: 'git', ...(checkedOut ? { branch: checkedOut } : {}), cwd: at(path), previousCwd, resumed: true };
      }
      throw new WorktreeError(`Cannot create worktree "${name}": ${path} already exists and is not a worktree of this repository.`, {
        name,
        worktreePath: path,
      });
    }

    const head = await git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], this.workdir);
    if (!head.ok) {
      throw new WorktreeError('Cannot create a worktree: the repository has no commit yet (commit once first).', { name });
    }
    mkdirSync(join(this.workdir, '.wave', 'worktrees'), { recursive: true });
    await this.excludeWorktreesFolder();
    const branchExists = (await git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], this.workdir)).ok;
    // A branch left by an earlier removal is checked out again (its commits are kept); otherwise a
    // new branch starts at HEAD.
    const args = branchExists ? ['worktree', 'add', path, branch] : ['worktree', 'add', '-b', branch, path, 'HEAD'];
    const add = await git(args, this.workdir);
    if (!add.ok) throw new WorktreeError(`git worktree add failed: ${add.error}`, { name, worktreePath: path, branch });
    return { name, path, createdBy: 'git', branch, cwd: at(path), previousCwd, resumed: false };
  }

  private async isRegisteredWorktree(path: string): Promise<boolean> {
    const list = await git(['worktree', 'list', '--porcelain'], this.workdir);
    if (!list.ok) return false;
    const target = real(path);
    return list.stdout
      .split('\n')
      .filter((l) => l.startsWith('worktree '))
      .some((l) => real(l.slice('worktree '.length)) === target);
  }

  /**
   * Keeps `.wave/worktrees/` out of the main checkout's `git status` (and out of a `git add -A`,
   * which would record the worktrees as embedded repositories), through the repository's local
   * info/exclude file. Best effort.
   */
  private async excludeWorktreesFolder(): Promise<void> {
    const r = await git(['rev-parse', '--git-common-dir'], this.workdir);
    if (!r.ok) return;
    try {
      const common = resolve(this.workdir, r.stdout);
      const file = join(common, 'info', 'exclude');
      const line = '.wave/worktrees/';
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      if (text.split(/\r?\n/).some((l) => l.trim() === line)) return;
      mkdirSync(join(common, 'info'), { recursive: true });
      appendFileSync(file, `${text && !text.endsWith('\n') ? '\n' : ''}# Wave worktrees\n${line}\n`);
    } catch {
      // not worth failing the worktree for
    }
  }

  // ----- removal -------------------------------------------------------------------------------

  private async removeByHook(wt: ActiveWorktree, base: Omit<ExitResult, 'removed' | 'message'>): Promise<ExitResult> {
    // Back to the workdir first: the hook runs there, not inside the folder it deletes.
    await this.leave();
    if (!this.deps.hasHooks('WorktreeRemove')) {
      const removed = !existsSync(wt.path);
      return {
        ...base,
        removed,
        message: `Left worktree "${wt.name}". It was created by a WorktreeCreate hook and no WorktreeRemove hook is configured, so Wave left it in place at ${wt.path} (Wave never deletes hook-created worktrees itself). The session works in ${this.workdir} again.`,
      };
    }
    const hookErrors: string[] = [];
    try {
      const { decision, runs } = await this.deps.fire('WorktreeRemove', { worktree_path: wt.path });
      for (const m of decision.userMessages) this.deps.notice(m);
      if (runs) {
        for (const r of runs) {
          if (r.outcome === 'success') continue;
          const what = r.error ?? (r.exitCode !== null ? `exit code ${r.exitCode}` : r.outcome);
          hookErrors.push(`${r.name}: ${what}${r.stderr && !what.includes(r.stderr) ? `: ${r.stderr}` : ''}`);
        }
      } else {
        hookErrors.push(...decision.userMessages);
      }
    } catch (e) {
      const text = `WorktreeRemove hooks could not run: ${messageOf(e)}`;
      this.deps.notice(text);
      hookErrors.push(text);
    }
    const removed = !existsSync(wt.path);
    const parts = [`Left worktree "${wt.name}"; its removal was handed to the WorktreeRemove hook.`];
    // WorktreeRemove failures are logged only (docs/hooks.md, "Events"): the user sees them, the model is just told.
    if (hookErrors.length) parts.push('A WorktreeRemove hook reported a problem (not blocking; the user can see it).');
    parts.push(removed ? `${wt.path} is gone.` : `${wt.path} still exists (removing it is up to the hook).`);
    parts.push(`The session works in ${this.workdir} again.`);
    return { ...base, removed, hooksRan: true, hookErrors, message: parts.join(' ') };
  }

  private async removeByGit(wt: ActiveWorktree, base: Omit<ExitResult, 'removed' | 'message'>, discard: boolean): Promise<ExitResult> {
    if (!existsSync(wt.path)) {
      // Already deleted by hand: just forget it.
      await git(['worktree', 'prune'], this.workdir);
      await this.leave();
      return { ...base, removed: true, message: `Worktree ${wt.path} no longer existed. The session works in ${this.workdir} again.` };
    }
    const status = await git(['status', '--porcelain', '--untracked-files=all'], wt.path);
    if (!status.ok) throw new WorktreeError(`Cannot check ${wt.path} for uncommitted changes: ${status.error}`, this.details(wt));
    const changed = status.stdout ? status.stdout.split('\n').map((l) => l.slice(3)) : [];
    if (changed.length && !discard) {
      const shown = changed.slice(0, 10).join(', ') + (changed.length > 10 ? `, … (+${changed.length - 10})` : '');
      throw new WorktreeError(
        `Worktree ${wt.path} has uncommitted changes (${changed.length} file${changed.length > 1 ? 's' : ''}: ${shown}); it was not removed and the session is still in it. ` +
          'Commit them first, exit with action "keep", or call ExitWorktree with action "remove" and discard_changes: true to delete them.',
        { ...this.details(wt), uncommittedFiles: changed },
      );
    }
    const force = changed.length > 0;
    const rm = await git(['worktree', 'remove', ...(force ? ['--force'] : []), wt.path], this.workdir);
    if (!rm.ok) throw new WorktreeError(`git worktree remove failed: ${rm.error}`, this.details(wt));
    await this.leave();
    const kept = wt.branch ? ` Branch ${wt.branch} was kept (its commits are safe; delete it with \`git branch -D ${wt.branch}\`).` : '';
    return {
      ...base,
      removed: !existsSync(wt.path),
      discardedChanges: force,
      message: `Removed worktree ${wt.path}${force ? `, discarding ${changed.length} uncommitted change${changed.length > 1 ? 's' : ''}` : ''}.${kept} The session works in ${this.workdir} again.`,
    };
  }

  // ----- helpers -------------------------------------------------------------------------------

  private async leave(): Promise<void> {
    this.active = null;
    await this.deps.setCwd(this.workdir);
  }

  private details(wt: ActiveWorktree): Record<string, unknown> {
    return { name: wt.name, worktreePath: wt.path, createdBy: wt.createdBy, ...(wt.branch ? { branch: wt.branch } : {}) };
  }

  private enterMessage(wt: ActiveWorktree): string {
    const where =
      wt.createdBy === 'hook'
        ? `Entered worktree "${wt.name}" at ${wt.path} (supplied by a WorktreeCreate hook).`
        : wt.resumed
          ? `Entered the existing worktree "${wt.name}" at ${wt.path}${wt.branch ? ` (branch ${wt.branch})` : ''}.`
          : `Created worktree "${wt.name}" at ${wt.path} on the new branch ${wt.branch} (from HEAD).`;
    return `${where} The session now works in ${wt.cwd}: every tool runs there. Call ExitWorktree to return to ${this.workdir} (action "keep" leaves the worktree in place, "remove" deletes it).`;
  }

  private async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (this.busy) throw new WorktreeError('Another worktree operation is in progress; try again when it has finished.');
    this.busy = true;
    try {
      return await fn();
    } finally {
      this.busy = false;
    }
  }
}
