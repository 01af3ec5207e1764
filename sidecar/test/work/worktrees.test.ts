// WorktreeManager and the EnterWorktree / ExitWorktree tools (SPEC 5 WorktreeCreate/WorktreeRemove,
// SPEC 6): real git repositories, a real HookManager reading real settings files, real hook scripts.
// Nothing is mocked.
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HookManager } from '../../src/hooks/index.js';
import type { AnyTool } from '../../src/agent/tools/types.js';
import { WorktreeManager, worktreeNameProblem } from '../../src/work/worktrees.js';
import { createWorktreeTools } from '../../src/work/worktreeTools.js';

const TMP = realpathSync(mkdtempSync(join(tmpdir(), 'wave-worktrees-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const GIT_ID = ['-c', 'user.email=test@example.com', '-c', 'user.name=Wave Test', '-c', 'commit.gpgsign=false'];

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', [...GIT_ID, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

type HooksSpec = Record<string, string[]>;

let counter = 0;

/** One session: a temp HOME, a workdir (optionally a git repo with one commit), hooks, a manager. */
class Session {
  readonly root: string;
  readonly home: string;
  readonly workdir: string;
  cwd: string;
  readonly notices: string[] = [];
  readonly hooks: HookManager;
  readonly manager: WorktreeManager;
  readonly enterTool: AnyTool;
  readonly exitTool: AnyTool;

  constructor(opts: { git?: boolean; hooks?: HooksSpec } = {}) {
    this.root = join(TMP, `s${++counter}`);
    this.home = join(this.root, 'home');
    this.workdir = join(this.root, 'work');
    mkdirSync(this.home, { recursive: true });
    mkdirSync(this.workdir, { recursive: true });
    this.cwd = this.workdir;
    if (opts.git) {
      execFileSync('git', ['-c', 'init.defaultBranch=main', 'init', '-q'], { cwd: this.workdir });
      writeFileSync(join(this.workdir, 'README.md'), 'hello\n');
      git(this.workdir, 'add', 'README.md');
      git(this.workdir, 'commit', '-q', '-m', 'first');
    }
    if (opts.hooks) this.setHooks(opts.hooks);
    this.hooks = new HookManager({ workdir: this.workdir, homeDir: this.home });
    this.manager = new WorktreeManager({
      workdir: this.workdir,
      hasHooks: (e) => this.hooks.hasHooks(e),
      fire: (e, i) =>
        this.hooks.fire(e, i, { sessionId: 'sess-1', transcriptPath: join(this.home, 'transcript.json'), cwd: this.cwd, permissionMode: 'default' }),
      getCwd: () => this.cwd,
      setCwd: async (d) => {
        this.cwd = d;
      },
      notice: (t) => {
        this.notices.push(t);
      },
    });
    const [enter, exit] = createWorktreeTools(this.manager);
    this.enterTool = enter!;
    this.exitTool = exit!;
  }

  setHooks(spec: HooksSpec): void {
    const hooks = Object.fromEntries(
      Object.entries(spec).map(([event, cmds]) => [event, [{ hooks: cmds.map((command) => ({ type: 'command', command })) }]]),
    );
    mkdirSync(join(this.workdir, '.wave'), { recursive: true });
    writeFileSync(join(this.workdir, '.wave', 'settings.json'), JSON.stringify({ hooks }, null, 2));
    // A session runs from its snapshot: settings written after it started apply once applied.
    (this.hooks as HookManager | undefined)?.config.apply();
  }

  path(name: string): string {
    return join(this.root, name);
  }

  /** A hook script file; returns the command that runs it. */
  script(name: string, body: string): string {
    const file = this.path(`${name}.sh`);
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return `sh ${sq(file)}`;
  }

  enter(input: Record<string, unknown>) {
    return this.enterTool.run(input, { cwd: this.cwd, env: process.env });
  }
  exit(input: Record<string, unknown>) {
    return this.exitTool.run(input, { cwd: this.cwd, env: process.env });
  }
}

/** A WorktreeCreate hook: saves its stdin, creates <root>/hook-wts/<name> and prints the path. */
function creatingHook(s: Session): string {
  const base = s.path('hook-wts');
  return s.script(
    'create',
    [
      `cat > ${sq(s.path('create-stdin.json'))}`,
      `name=$(sed -n 's/.*"name":"\\([^"]*\\)".*/\\1/p' ${sq(s.path('create-stdin.json'))})`,
      `mkdir -p ${sq(base)}/"$name"`,
      `echo ${sq(base)}/"$name"`,
    ].join('\n'),
  );
}

/** A WorktreeRemove hook: saves its stdin and deletes the folder it is given. */
function removingHook(s: Session): string {
  return s.script(
    'remove',
    [
      `cat > ${sq(s.path('remove-stdin.json'))}`,
      `p=$(sed -n 's/.*"worktree_path":"\\([^"]*\\)".*/\\1/p' ${sq(s.path('remove-stdin.json'))})`,
      'rm -rf "$p"',
    ].join('\n'),
  );
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('names', () => {
  it('accepts safe folder/branch names and explains the others', () => {
    for (const ok of ['feature-x', 'fix_1', 'v1.2', 'A']) expect(worktreeNameProblem(ok)).toBeNull();
    for (const bad of ['', '../etc', 'a/b', 'has space', '-dash', '.hidden', 'x.lock', 'a..b', 'end.', 'x'.repeat(65)]) {
      expect(worktreeNameProblem(bad), bad).toMatch(/worktree name/);
    }
  });

  it('a bad name is a tool error and changes nothing', async () => {
    const s = new Session({ git: true });
    const r = await s.enter({ name: '../escape' });
    expect(r.success).toBe(false);
    expect(r.error).toMatch(/invalid worktree name "\.\.\/escape"/);
    expect(s.cwd).toBe(s.workdir);
    expect(s.manager.current()).toBeNull();
  });
});

describe('git worktrees (no WorktreeCreate hook)', () => {
  it('enter creates wave/<name> under .wave/worktrees from HEAD; exit keep leaves it; re-enter resumes it', async () => {
    const s = new Session({ git: true });
    const head = git(s.workdir, 'rev-parse', 'HEAD');
    const r = await s.enter({ name: 'feat' });
    expect(r.success, r.error).toBe(true);
    const path = join(s.workdir, '.wave', 'worktrees', 'feat');
    expect(r.response).toMatchObject({ success: true, worktreePath: path, createdBy: 'git', branch: 'wave/feat', name: 'feat' });
    expect(r.result).toContain(path);
    expect(s.cwd).toBe(path);
    expect(s.manager.current()).toMatchObject({ path, name: 'feat', createdBy: 'git' });
    expect(git(path, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('wave/feat');
    expect(git(path, 'rev-parse', 'HEAD')).toBe(head);
    expect(readFileSync(join(path, 'README.md'), 'utf8')).toBe('hello\n');
    // the main checkout does not see the worktree folder as untracked
    expect(git(s.workdir, 'status', '--porcelain', '--untracked-files=all')).not.toContain('.wave/worktrees');

    const k = await s.exit({ action: 'keep' });
    expect(k.success, k.error).toBe(true);
    expect(k.response).toMatchObject({ action: 'keep', worktreePath: path, createdBy: 'git', removed: false });
    expect(s.cwd).toBe(s.workdir);
    expect(s.manager.current()).toBeNull();
    expect(existsSync(path)).toBe(true);

    const again = await s.enter({ name: 'feat' });
    expect(again.success, again.error).toBe(true);
    expect(again.response).toMatchObject({ worktreePath: path, createdBy: 'git', resumed: true });
    const rm = await s.exit({ action: 'remove' });
    expect(rm.success, rm.error).toBe(true);
    expect(existsSync(path)).toBe(false);
  });

  it('exit remove deletes a clean worktree (git worktree remove), keeps its branch, never fires WorktreeRemove', async () => {
    const s = new Session({ git: true });
    s.setHooks({ WorktreeRemove: [`touch ${sq(s.path('remove-ran'))}`] });
    const e = await s.enter({ name: 'clean' });
    expect(e.success, e.error).toBe(true);
    const path = String(e.response.worktreePath);
    // a commit inside the worktree is safe: the branch stays
    writeFileSync(join(path, 'new.txt'), 'x\n');
    git(path, 'add', 'new.txt');
    git(path, 'commit', '-q', '-m', 'in worktree');

    const r = await s.exit({ action: 'remove' });
    expect(r.success, r.error).toBe(true);
    expect(r.response).toMatchObject({ action: 'remove', createdBy: 'git', removed: true, discardedChanges: false, worktreePath: path });
    expect(r.result).toContain('wave/clean');
    expect(existsSync(path)).toBe(false);
    expect(git(s.workdir, 'worktree', 'list')).not.toContain(path);
    expect(git(s.workdir, 'log', '--format=%s', 'wave/clean', '-1')).toBe('in worktree');
    expect(s.cwd).toBe(s.workdir);
    expect(existsSync(s.path('remove-ran'))).toBe(false);
  });

  it('remove is refused with uncommitted changes, then allowed with discard_changes', async () => {
    const s = new Session({ git: true });
    const e = await s.enter({ name: 'dirty' });
    const path = String(e.response.worktreePath);
    writeFileSync(join(path, 'README.md'), 'changed\n');
    writeFileSync(join(path, 'untracked.txt'), 'new\n');

    const refused = await s.exit({ action: 'remove' });
    expect(refused.success).toBe(false);
    expect(refused.error).toMatch(/uncommitted changes \(2 files: .*README\.md/);
    expect(refused.error).toContain('discard_changes');
    expect(refused.response).toMatchObject({ success: false, worktreePath: path, uncommittedFiles: expect.arrayContaining(['README.md', 'untracked.txt']) });
    expect(existsSync(join(path, 'untracked.txt'))).toBe(true);
    expect(s.cwd).toBe(path); // nothing happened: still in the worktree
    expect(s.manager.current()?.path).toBe(path);

    const forced = await s.exit({ action: 'remove', discard_changes: true });
    expect(forced.success, forced.error).toBe(true);
    expect(forced.response).toMatchObject({ removed: true, discardedChanges: true });
    expect(existsSync(path)).toBe(false);
    expect(s.cwd).toBe(s.workdir);
  });

  it('two enters at once: one wins, the other is refused', async () => {
    const s = new Session({ git: true });
    const [a, b] = await Promise.all([s.enter({ name: 'p1' }), s.enter({ name: 'p2' })]);
    expect([a.success, b.success].sort()).toEqual([false, true]);
    expect((a.success ? b : a).error).toMatch(/in progress/);
    await s.exit({ action: 'remove' });
  });

  it('outside a git repository without hooks: a clear error', async () => {
    const s = new Session();
    const r = await s.enter({ name: 'x' });
    expect(r.success).toBe(false);
    expect(r.error).toContain('not a git repository; configure a WorktreeCreate hook to create worktrees elsewhere');
    expect(s.cwd).toBe(s.workdir);
  });

  it('entering while in a worktree is an error; exiting when in none is an error', async () => {
    const s = new Session({ git: true });
    const none = await s.exit({ action: 'keep' });
    expect(none.success).toBe(false);
    expect(none.error).toMatch(/Not in a worktree/);
    const a = await s.enter({ name: 'one' });
    expect(a.success).toBe(true);
    const b = await s.enter({ name: 'two' });
    expect(b.success).toBe(false);
    expect(b.error).toMatch(/Already in worktree "one"/);
    expect(existsSync(join(s.workdir, '.wave', 'worktrees', 'two'))).toBe(false);
    expect(s.cwd).toBe(String(a.response.worktreePath));
    await s.exit({ action: 'remove' });
  });
});

describe('hook worktrees (WorktreeCreate / WorktreeRemove)', () => {
  it('the first hook that exits 0 with a path wins (the next is not run); works outside git; stdin has name', async () => {
    const s = new Session();
    const second = `touch ${sq(s.path('second-ran'))}; echo ${sq(s.path('other'))}`;
    s.setHooks({ WorktreeCreate: [creatingHook(s), second], WorktreeRemove: [removingHook(s)] });
    const r = await s.enter({ name: 'hooked' });
    expect(r.success, r.error).toBe(true);
    const path = s.path('hook-wts/hooked');
    expect(r.response).toMatchObject({ success: true, worktreePath: path, createdBy: 'hook', name: 'hooked' });
    expect(s.cwd).toBe(path);
    expect(s.manager.current()).toMatchObject({ path, name: 'hooked', createdBy: 'hook' });
    expect(existsSync(s.path('second-ran'))).toBe(false);
    const stdin = readJson(s.path('create-stdin.json'));
    expect(stdin).toMatchObject({ hook_event_name: 'WorktreeCreate', name: 'hooked', session_id: 'sess-1', cwd: s.workdir });

    // exit remove: the hook does the removal, with worktree_path; the hook runs from the workdir
    const x = await s.exit({ action: 'remove' });
    expect(x.success, x.error).toBe(true);
    expect(x.response).toMatchObject({ action: 'remove', createdBy: 'hook', removed: true, hookErrors: [], worktreePath: path });
    expect(readJson(s.path('remove-stdin.json'))).toMatchObject({ hook_event_name: 'WorktreeRemove', worktree_path: path, cwd: s.workdir });
    expect(existsSync(path)).toBe(false);
    expect(s.cwd).toBe(s.workdir);
  });

  it('a failing hook before a succeeding one: its stderr is noticed and the next hook supplies the path', async () => {
    const s = new Session();
    s.setHooks({ WorktreeCreate: ['echo first broke >&2; exit 1', creatingHook(s)] });
    const r = await s.enter({ name: 'second' });
    expect(r.success, r.error).toBe(true);
    expect(r.response.worktreePath).toBe(s.path('hook-wts/second'));
    expect(s.notices.join('\n')).toContain('first broke');
  });

  it('hooks take over even inside a git repository (no git worktree is made)', async () => {
    const s = new Session({ git: true });
    s.setHooks({ WorktreeCreate: [creatingHook(s)] });
    const r = await s.enter({ name: 'ingit' });
    expect(r.response).toMatchObject({ createdBy: 'hook', worktreePath: s.path('hook-wts/ingit') });
    expect(git(s.workdir, 'worktree', 'list')).not.toContain('ingit');
    expect(existsSync(join(s.workdir, '.wave', 'worktrees'))).toBe(false);
  });

  it('every hook fails or prints nothing: creation blocked, their stderr shown', async () => {
    const s = new Session();
    s.setHooks({ WorktreeCreate: ['echo disk is full >&2; exit 1', 'echo quota exceeded >&2; exit 2', 'true'] });
    const r = await s.enter({ name: 'blocked' });
    expect(r.success).toBe(false);
    expect(r.error).toMatch(/creation blocked/);
    expect(r.error).toContain('disk is full');
    expect(r.error).toContain('quota exceeded');
    expect(r.response).toMatchObject({ success: false, name: 'blocked' });
    expect(s.notices.some((n) => n.includes('disk is full'))).toBe(true);
    expect(s.notices.some((n) => n.includes('quota exceeded'))).toBe(true);
    expect(s.cwd).toBe(s.workdir);
    expect(s.manager.current()).toBeNull();
  });

  it('a hook printing a path that does not exist: an error naming it', async () => {
    const s = new Session();
    const ghost = s.path('no/such/dir');
    s.setHooks({ WorktreeCreate: [`echo ${sq(ghost)}`] });
    const r = await s.enter({ name: 'ghost' });
    expect(r.success).toBe(false);
    expect(r.error).toContain(ghost);
    expect(r.error).toMatch(/does not exist/);
    expect(s.cwd).toBe(s.workdir);
    expect(s.manager.current()).toBeNull();
  });

  it('a failing WorktreeRemove hook does not block: back in the workdir, the problem reported', async () => {
    const s = new Session();
    s.setHooks({ WorktreeCreate: [creatingHook(s)], WorktreeRemove: ['echo cannot remove it >&2; exit 1', 'echo refused >&2; exit 2'] });
    const e = await s.enter({ name: 'stuck' });
    const path = String(e.response.worktreePath);
    const r = await s.exit({ action: 'remove' });
    expect(r.success, r.error).toBe(true);
    expect(r.response).toMatchObject({ createdBy: 'hook', removed: false });
    const errors = (r.response.hookErrors as string[]).join('\n');
    expect(errors).toContain('cannot remove it');
    expect(errors).toContain('refused');
    expect(r.result).toContain('still exists');
    expect(s.notices.join('\n')).toContain('cannot remove it');
    expect(existsSync(path)).toBe(true); // Wave did not remove it itself
    expect(s.cwd).toBe(s.workdir);
    expect(s.manager.current()).toBeNull();
  });

  it('exit keep of a hook worktree fires no WorktreeRemove', async () => {
    const s = new Session();
    s.setHooks({ WorktreeCreate: [creatingHook(s)], WorktreeRemove: [removingHook(s)] });
    const e = await s.enter({ name: 'kept' });
    const r = await s.exit({ action: 'keep' });
    expect(r.success).toBe(true);
    expect(existsSync(String(e.response.worktreePath))).toBe(true);
    expect(existsSync(s.path('remove-stdin.json'))).toBe(false);
    expect(s.cwd).toBe(s.workdir);
  });
});
