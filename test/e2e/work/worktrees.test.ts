// Worktrees end to end (SPEC 5 rows WorktreeCreate / WorktreeRemove; SPEC 6 EnterWorktree /
// ExitWorktree; seed 000 exit-2 table: WorktreeCreate "接管创建 ... 所有 hook 均失败或无输出时创建被阻止",
// WorktreeRemove "接管 hook-based worktree 的删除（wave 不执行 git worktree remove）"): the real
// `wave -p` in a real git repository and in a plain folder, with real hook scripts.
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertUserOnlyBlocksNotSent,
  call,
  cleanupSandboxes,
  ensureBuilt,
  errorTexts,
  group,
  modelCalls,
  Sandbox,
  scenario,
  server,
  sq,
} from '../harness.js';
import { BYPASS, gitInit, gitWorktrees, js, router, SETTLE_ENV, toolResults } from './harness-work.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

/** A WorktreeCreate hook that makes `<root>/hook-wts/<name>` and prints its path (echo: with a newline). */
function creatorBody(sb: Sandbox): string {
  const base = join(sb.root, 'hook-wts');
  return `p=${sq(base)}/${js('i.name')}; mkdir -p "$p"; echo "$p"`;
}
/** A WorktreeRemove hook that deletes the folder it is given. */
const removerBody = `rm -rf "${js('i.worktree_path')}"`;

describe.concurrent('worktrees', () => {
  it('git path (no WorktreeCreate hook): EnterWorktree runs `git worktree add`, tool hooks afterwards get cwd = the worktree, ExitWorktree remove removes it with git and does NOT fire WorktreeRemove', async () => {
    const r = router({
      main: [
        call('EnterWorktree', { name: 'feat' }, 'c_enter'),
        call('Bash', { command: 'pwd' }, 'c_pwd'),
        call('ExitWorktree', { action: 'remove' }, 'c_exit'),
        call('Bash', { command: 'pwd' }, 'c_pwd2'),
        { text: 'DONE' },
      ],
    });
    const { sb, run } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      setup: (sb) => gitInit(sb.workdir),
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([sb.hook('pre')])],
          WorktreeRemove: [group([sb.hook('wtremove', { body: removerBody })])],
          Stop: [group([sb.hook('stop')])],
        },
      }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const main = r.of('main');
    const enter = toolResults(main[1]!).find((t) => t.id === 'c_enter')!;
    expect(enter.isError).toBe(false);
    const wt = join(sb.workdir, '.wave', 'worktrees', 'feat');
    expect(toolResults(main[2]!).find((t) => t.id === 'c_pwd')!.content.trim()).toBe(wt);

    const pre = sb.dumps('pre');
    expect(pre.map((p) => [p.tool_name, p.cwd])).toEqual([
      ['EnterWorktree', sb.workdir],
      ['Bash', wt],
      ['ExitWorktree', wt],
      ['Bash', sb.workdir],
    ]);
    expect(toolResults(main[4]!).find((t) => t.id === 'c_pwd2')!.content.trim()).toBe(sb.workdir);
    expect(sb.dumps('stop')[0]!.cwd).toBe(sb.workdir);
    // Removed by git; the WorktreeRemove hook is only for hook-created worktrees.
    expect(toolResults(main[3]!).find((t) => t.id === 'c_exit')!.isError).toBe(false);
    expect(existsSync(wt)).toBe(false);
    expect(gitWorktrees(sb.workdir).map((p) => realpathSync(p))).toEqual([sb.workdir]);
    expect(sb.dumps('wtremove')).toEqual([]);
  });

  for (const git of [false, true]) {
    it(`hook path ${git ? 'inside a git repository (the hook replaces `git worktree add`)' : 'outside git'}: WorktreeCreate gets {name} and prints a path, tool hooks afterwards get cwd = that path; ExitWorktree remove fires WorktreeRemove with worktree_path and the hook removes it`, async () => {
      const r = router({
        main: [
          call('EnterWorktree', { name: 'hooked' }, 'c_enter'),
          call('Write', { file_path: 'in-worktree.txt', content: 'x' }, 'c_write'),
          call('ExitWorktree', { action: 'remove' }, 'c_exit'),
          { text: 'DONE' },
        ],
      });
      const { sb, run, json } = await scenario({
        args: BYPASS,
        env: SETTLE_ENV,
        setup: (sb) => {
          if (git) gitInit(sb.workdir);
        },
        settings: (sb) => ({
          hooks: {
            WorktreeCreate: [group([sb.hook('wtcreate', { body: creatorBody(sb) })])],
            WorktreeRemove: [group([sb.hook('wtremove', { body: removerBody })])],
            PreToolUse: [group([sb.hook('pre')])],
            PostToolUse: [group([sb.hook('post')], 'Write')],
          },
        }),
        script: r.script,
      });
      expect(run.code).toBe(0);
      const path = join(sb.root, 'hook-wts', 'hooked');
      const create = sb.dumps('wtcreate');
      expect(create).toHaveLength(1);
      expect(create[0]).toMatchObject({ session_id: json.session_id, hook_event_name: 'WorktreeCreate', name: 'hooked', cwd: sb.workdir });
      const main = r.of('main');
      expect(toolResults(main[1]!).find((t) => t.id === 'c_enter')!.isError).toBe(false);
      expect(toolResults(main[1]!).find((t) => t.id === 'c_enter')!.content).toContain(path);

      expect(sb.dumps('pre').map((p) => [p.tool_name, p.cwd])).toEqual([
        ['EnterWorktree', sb.workdir],
        ['Write', path],
        ['ExitWorktree', path],
      ]);
      // The relative Write went into the worktree (the hook's folder), seen by PostToolUse there.
      expect(sb.dumps('post')[0]).toMatchObject({ cwd: path });
      expect(existsSync(join(sb.workdir, 'in-worktree.txt'))).toBe(false);

      const remove = sb.dumps('wtremove');
      expect(remove).toHaveLength(1);
      expect(remove[0]).toMatchObject({ hook_event_name: 'WorktreeRemove', worktree_path: path });
      expect(existsSync(path)).toBe(false);
      expect(toolResults(main[3]!).find((t) => t.id === 'c_exit')!.isError).toBe(false);
      if (git) {
        // No `git worktree add` happened.
        expect(gitWorktrees(sb.workdir).map((p) => realpathSync(p))).toEqual([sb.workdir]);
        expect(existsSync(join(sb.workdir, '.wave', 'worktrees', 'hooked'))).toBe(false);
      }
    });
  }

  it('the first WorktreeCreate hook that exits 0 and prints a path wins: a failing hook before it supplies nothing, hooks after it are not run', async () => {
    const r = router({ main: [call('EnterWorktree', { name: 'second' }, 'c_enter'), call('Bash', { command: 'pwd' }, 'c_pwd'), { text: 'DONE' }] });
    const { sb, run } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({
        hooks: {
          WorktreeCreate: [
            group([sb.hook('wt-a', { stdout: '/nonexistent/should/not/be/used', stderr: 'A-FAILED', exit: 1 })]),
            group([sb.hook('wt-b', { body: creatorBody(sb) })]),
            group([sb.hook('wt-c', { stdout: '/tmp' })]),
          ],
        },
      }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(sb.dumps('wt-a')).toHaveLength(1);
    expect(sb.dumps('wt-b')).toHaveLength(1);
    expect(sb.dumps('wt-c')).toHaveLength(0);
    expect(toolResults(r.of('main')[2]!).find((t) => t.id === 'c_pwd')!.content.trim()).toBe(join(sb.root, 'hook-wts', 'second'));
  });

  it('every WorktreeCreate hook fails (or prints nothing): creation is blocked, the tool error carries their stderr, the user sees it, the session stays in the workdir', async () => {
    // Built by hand: the tool error (for the model) and the user's error block carry the same
    // stderr on purpose, which the harness' scenario() leak check would flag.
    const sb = new Sandbox();
    sb.settings({
      hooks: {
        WorktreeCreate: [
          group([sb.hook('wt-a', { stderr: 'NO-WT-FROM-A disk full', exit: 1 })]),
          group([sb.hook('wt-b', { stderr: 'NO-WT-FROM-B not allowed', exit: 2 })]),
          group([sb.hook('wt-c', { stdout: '' })]),
        ],
        PreToolUse: [group([sb.hook('pre')], 'Bash')],
      },
    });
    const r = router({ main: [call('EnterWorktree', { name: 'blocked' }, 'c_enter'), call('Bash', { command: 'pwd' }, 'c_pwd'), { text: 'DONE' }] });
    const s = await server(r.script);
    let run;
    try {
      run = await sb.run('go', { server: s, args: BYPASS, env: SETTLE_ENV });
    } finally {
      await s.close();
    }
    expect(run.code).toBe(0);
    const json = run.json!;
    expect(modelCalls(s)).toHaveLength(3);
    expect(sb.dumps('wt-a')).toHaveLength(1);
    expect(sb.dumps('wt-b')).toHaveLength(1);
    expect(sb.dumps('wt-c')).toHaveLength(1);
    const enter = toolResults(r.of('main')[1]!).find((t) => t.id === 'c_enter')!;
    expect(enter.isError).toBe(true);
    expect(enter.content).toMatch(/blocked/i);
    expect(enter.content).toContain('NO-WT-FROM-A disk full');
    expect(enter.content).toContain('NO-WT-FROM-B not allowed');
    const errors = errorTexts(json.messages).join('\n');
    expect(errors).toContain('NO-WT-FROM-A disk full');
    expect(errors).toContain('NO-WT-FROM-B not allowed');
    expect(sb.dumps('pre')[0]!.cwd).toBe(sb.workdir);
    expect(toolResults(r.of('main')[2]!).find((t) => t.id === 'c_pwd')!.content.trim()).toBe(sb.workdir);
    // hook_run records never reach the model.
    expect(() => assertUserOnlyBlocksNotSent(json.messages.map((m) => ({ ...m, blocks: m.blocks.filter((b) => b.type !== 'error') })), s.requests)).not.toThrow();
  });

  it('a failing WorktreeRemove hook is non-blocking: ExitWorktree still succeeds and the session is back in the workdir; what is left is up to the hook', async () => {
    const r = router({
      main: [
        call('EnterWorktree', { name: 'stuck' }, 'c_enter'),
        call('ExitWorktree', { action: 'remove' }, 'c_exit'),
        call('Bash', { command: 'pwd' }, 'c_pwd'),
        { text: 'DONE' },
      ],
    });
    const { sb, run } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({
        hooks: {
          WorktreeCreate: [group([sb.hook('wtcreate', { body: creatorBody(sb) })])],
          WorktreeRemove: [group([sb.hook('wtremove', { stderr: 'RM-FAILED permission denied', exit: 2 })])],
        },
      }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const path = join(sb.root, 'hook-wts', 'stuck');
    expect(sb.dumps('wtremove')).toMatchObject([{ worktree_path: path }]);
    const main = r.of('main');
    expect(toolResults(main[2]!).find((t) => t.id === 'c_exit')!.isError).toBe(false);
    expect(toolResults(main[3]!).find((t) => t.id === 'c_pwd')!.content.trim()).toBe(sb.workdir);
    expect(existsSync(path)).toBe(true); // Wave never deletes a hook-created worktree itself
  });

  it('ExitWorktree keep leaves a hook-created worktree in place and fires no WorktreeRemove; outside git without a WorktreeCreate hook EnterWorktree is a tool error saying so', async () => {
    const r = router({
      main: [
        call('EnterWorktree', { name: 'kept' }, 'c_enter'),
        call('ExitWorktree', { action: 'keep' }, 'c_exit'),
        { text: 'DONE' },
      ],
    });
    const { sb, run } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({
        hooks: {
          WorktreeCreate: [group([sb.hook('wtcreate', { body: creatorBody(sb) })])],
          WorktreeRemove: [group([sb.hook('wtremove', { body: removerBody })])],
        },
      }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(toolResults(r.of('main')[2]!).find((t) => t.id === 'c_exit')!.isError).toBe(false);
    expect(sb.dumps('wtremove')).toEqual([]);
    expect(existsSync(join(sb.root, 'hook-wts', 'kept'))).toBe(true);

    const r2 = router({ main: [call('EnterWorktree', { name: 'nogit' }, 'c_enter'), { text: 'DONE' }] });
    const sb2 = new Sandbox();
    const second = await scenario({ sandbox: sb2, args: BYPASS, env: SETTLE_ENV, script: r2.script });
    expect(second.run.code).toBe(0);
    const res = toolResults(r2.of('main')[1]!).find((t) => t.id === 'c_enter')!;
    expect(res.isError).toBe(true);
    expect(res.content).toMatch(/not a git repository/i);
    expect(res.content).toMatch(/WorktreeCreate/);
  });
});
