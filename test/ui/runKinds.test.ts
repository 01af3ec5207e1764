// What a hook run did, in the UI's words, built from the record's kind and the hook's own reason
// (docs/architecture.md, "The web UI"; sidecar/src/protocol/runKind.ts) — in real Chromium against a
// real `wave serve`, real hook processes and the scripted model server. A chat card for each kind
// real hooks can produce in one tool call (command not found, not executable, an exit code, a
// signal, a timeout, invalid answers, a duplicate, a block, a deny, an ask, context, a guard that
// fails closed on its onFailure) and the Runs view of the run history (those runs, the kinds a user
// or the budget causes, and a line written before records had a kind) say it in Chinese, with no
// English of the engine in them.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, pageErrors, screenshot, UiSandbox, uiSuite } from './harness.js';

const ui = uiSuite();

const json = (v: unknown) => `printf '%s' '${JSON.stringify(v)}'`;
const guard = (name: string, command: string, more: Record<string, unknown> = {}) => ({
  matcher: 'Bash',
  hooks: [{ type: 'command', command, description: name, ...more }],
});
const answer = (o: Record<string, unknown>) => json({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...o } });

/** What may stay Latin in a Chinese line: names of events, fields, types and signals, which are data. */
const DATA_WORDS =
  /PreToolUse|UserPromptSubmit|PostToolUse|hookSpecificOutput\.hookEventName|continue|boolean|onFailure|block|SIGKILL|JSON|KiB|stdout|ENOENT|spawn|sh\b/g;
const english = (text: string) => text.replace(DATA_WORDS, '').match(/[A-Za-z]{2,}/g) ?? [];

/** The decision line of the chat card of the hook named `name`. */
const cardLine = (page: Page, name: string) =>
  page
    .locator('.run-card', { has: page.locator('.run-name', { hasText: new RegExp(`^${name}$`) }) })
    .locator('.run-decision')
    .textContent();

describe('a run’s words come from its kind, in the UI’s language', () => {
  it('a chat card for each kind a hook can cause, in Chinese, with no English of the engine', async () => {
    const sb = new UiSandbox().trust(true);
    const noExec = sb.write(join(sb.workdir, 'not-executable.sh'), '#!/bin/sh\nexit 0\n');
    sb.write(sb.userSettings, {
      permissions: { allow: ['Bash'] },
      hooks: {
        PreToolUse: [
          guard('找不到', 'no-such-command-for-wave-kinds'),
          guard('不可执行', noExec),
          guard('退出码', 'exit 3'),
          guard('信号', 'kill -9 $$'),
          guard('超时', 'sleep 5 # 超时', { timeout: 1 }),
          guard('类型不对', json({ continue: 'no' })),
          guard('事件不对', json({ hookSpecificOutput: { hookEventName: 'PostToolUse' } })),
          guard('重复甲', 'true # 重复'),
          guard('重复乙', 'true # 重复'),
          guard('上下文', answer({ additionalContext: '锁文件已冻结' })),
          guard('询问', answer({ permissionDecision: 'ask', permissionDecisionReason: '需要看一眼' })),
          guard('拒绝', answer({ permissionDecision: 'deny', permissionDecisionReason: '生产环境已冻结' })),
          guard('阻止', "echo '不许删除' >&2; exit 2"),
          guard('失败即阻止', 'exit 1 # 失败即阻止', { onFailure: 'block' }),
        ],
      },
    });
    const s = await ui.serve(sb, { script: [{ toolCalls: [{ name: 'Bash', input: { command: 'rm -rf build' } }] }, { text: '好的。' }] });
    const page = await openPage(ui.browser, s, { lang: 'zh-CN' });
    await page.locator('.composer textarea').fill('清理一下');
    await page.locator('.composer textarea').press('Enter');
    // Fourteen hooks one after the other, one of them killed at its timeout: on a busy machine this takes a while.
    await page.locator('.assistant-text', { hasText: '好的。' }).waitFor({ timeout: 100_000 });
    const expected: Record<string, string> = {
      找不到: '决定: 失败（未阻止）: 找不到命令',
      不可执行: '决定: 失败（未阻止）: 命令不可执行',
      退出码: '决定: 失败（未阻止）: 退出码 3',
      信号: '决定: 失败（未阻止）: 被 SIGKILL 终止',
      超时: '决定: 超时（未阻止）: 1 秒后超时',
      类型不对: '决定: 失败（未阻止）: JSON 答复无效：continue 应为 boolean',
      事件不对: '决定: 失败（未阻止）: JSON 答复无效：hookSpecificOutput.hookEventName 写的是 PostToolUse，但钩子是为 PreToolUse 运行的',
      重复乙: '决定: 已跳过: 与 重复甲 完全相同，两者只运行一次',
      上下文: '决定: 为模型添加了上下文',
      询问: '决定: 请你确认: 需要看一眼',
      拒绝: '决定: 拒绝了权限: 生产环境已冻结',
      阻止: '决定: 已阻止: 不许删除',
      失败即阻止: '决定: 已阻止: PreToolUse 钩子“失败即阻止”失败了：退出码 1；因其 onFailure 为 "block" 而阻止。',
    };
    await page.locator('.run-card', { has: page.locator('.run-name', { hasText: '失败即阻止' }) }).waitFor();
    for (const [name, line] of Object.entries(expected)) {
      const text = await cardLine(page, name);
      expect(text, name).toBe(line);
      expect(english(text ?? ''), name).toEqual([]);
    }
    // Expanded, a failed run says what went wrong in the same words (its stdout and stderr stay as the hook wrote them).
    const failed = page.locator('.run-card', { has: page.locator('.run-name', { hasText: '退出码' }) });
    await failed.locator('summary').click();
    expect(await failed.locator('.run-error').textContent()).toBe('错误 退出码 3');
    // The blocked call gives the first blocking hook's own reason.
    expect(await page.locator('.tool-card[data-state=blocked] .tool-blocked-reason').textContent()).toBe('生产环境已冻结');
    await screenshot(page, 'chat-run-kinds-zh.png');
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('the Runs view says each kind in Chinese, and shows a line written before records had a kind as it was', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, {});
    const history = join(sb.home, '.wave', 'hook-runs.jsonl');
    let minute = 60;
    const line = (name: string, event: string, verdict: string, kind: unknown, more: Record<string, unknown> = {}) =>
      `${JSON.stringify({
        startedAt: new Date(Date.now() - minute-- * 60_000).toISOString(),
        sessionId: 's1',
        event,
        source: 'user',
        file: sb.userSettings,
        name,
        matcher: null,
        command: `guard-${minute}`,
        durationMs: 12,
        exitCode: null,
        verdict,
        ...(kind === undefined ? {} : { kind }),
        decision: 'engine words (not shown for a line with a kind)',
        ...more,
      })}\n`;
    writeFileSync(history, '');
    appendFileSync(
      history,
      [
        line('旧记录', 'PreToolUse', 'blocked', undefined, { decision: 'blocked: an old line, shown as written', error: null }),
        line('已停止', 'PreToolUse', 'error', { kind: 'stopped', choice: 'letRun' }),
        line('停止并取消', 'PreToolUse', 'blocked', { kind: 'stopped', choice: 'cancelCall', closed: 'callCancelled' }),
        line('预算跳过', 'PreToolUse', 'blocked', { kind: 'budget', action: 'skipped', budgetSeconds: 30, closed: 'callDenied' }),
        line('预算用完', 'PostToolUse', 'skipped', { kind: 'budget', action: 'skipped', budgetSeconds: 30 }),
        line('预算缩短', 'PostToolUse', 'timeout', { kind: 'budget', action: 'cut', seconds: 0.4 }),
        line('已改动', 'UserPromptSubmit', 'blocked', { kind: 'heldBack', changes: ['the script /p/guard.sh changed'], closed: 'promptBlocked' }),
        line('无法启动', 'PostToolUse', 'error', { kind: 'notStarted', message: 'spawn sh ENOENT' }),
        line('太长', 'PostToolUse', 'error', { kind: 'invalidAnswer', issues: [{ path: '', issue: 'tooLong', message: 'longer than 64 KiB' }] }),
        line(
          '停止智能体',
          'Stop',
          'stopped',
          {
            kind: 'answer',
            decisions: [
              { kind: 'stop', reason: '先跑测试' },
              { kind: 'context', from: 'json' },
            ],
          },
          { reason: '先跑测试' },
        ),
      ].join(''),
    );
    const s = await ui.serve(sb);
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'zh-CN' });
    await page.getByRole('tab', { name: '运行记录' }).click();
    const runs = page.locator('.history-run');
    await expect.poll(() => runs.count()).toBe(10);
    const decision = async (name: string) => {
      const run = runs.filter({ has: page.locator('.history-name', { hasText: new RegExp(`^${name}$`) }) });
      await run.locator('summary').click();
      return (await run.locator('.run-decision-lines li, pre[lang=en]').allTextContents()).join(' | ');
    };
    const expected: Record<string, string> = {
      已停止: '已被你停止',
      停止并取消: 'PreToolUse 钩子“停止并取消”已被用户停止；调用已取消。',
      预算跳过: 'PreToolUse 钩子“预算跳过”未运行：本轮钩子的时间预算已用完；调用被拒绝。',
      预算用完: '未运行：本轮钩子的时间预算已用完',
      预算缩短: '0.4 秒后超时（已缩短为本轮钩子剩余的时间预算）',
      已改动: 'UserPromptSubmit 钩子“已改动”未运行：它运行的内容在本次会话中已更改，而你尚未批准该更改；提示被阻止。',
      无法启动: '无法启动：spawn sh ENOENT',
      太长: 'JSON 答复无效：答复超过 64 KiB（最多读取这么多）',
      停止智能体: '停止了智能体：先跑测试 | 为模型添加了上下文',
    };
    for (const [name, text] of Object.entries(expected)) {
      const shown = await decision(name);
      expect(shown, name).toBe(text);
      expect(english(shown), name).toEqual([]);
    }
    // A line from before: its English words, marked as English, as they were written.
    expect(await decision('旧记录')).toBe('blocked: an old line, shown as written');
    await screenshot(page, 'settings-runs-kinds-zh.png');
    expect(pageErrors(page)).toEqual([]);
  });
});
