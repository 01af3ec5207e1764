// The chat timeline's rules in real Chromium against a real `wave serve`, real hook processes and the
// scripted model server (docs/hooks.md, "Hook runs in the chat"): hook runs in causal order (a tool
// call's PreToolUse runs above it, PostToolUse below), runs that changed nothing folded per event,
// each card's badge from its verdict (a Stop hook that blocked through JSON is "blocked", not "ok"),
// the decision in the UI's language, a tool call a hook blocked shown as "blocked by hook <name>";
// a tool id a server reuses across turns (runs belong to their call by message and tool id); and
// the live card of a running hook, with its statusMessage, its time ticking and a Stop that kills it: for a guard the user chooses "cancel the call" (the default: the call is denied) or
// "let the call run" (the card turns into an error, the turn goes on).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hooksOf, openPage, pageErrors, screenshot, UiSandbox, uiSuite } from './harness.js';

const ui = uiSuite();

const send = async (page: Page, text: string) => {
  await page.locator('.composer textarea').fill(text);
  await page.locator('.composer textarea').press('Enter');
};

/** The hook runs and tool calls of the timeline in document order: `fold:Event:n`, `run:Event:verdict`, `live:Event`, `tool:Name:state`. */
function sequence(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.timeline .run-fold, .timeline .run-card, .timeline .tool-card'))
      .filter((el) => !el.closest('.run-fold-body'))
      .map((el) =>
        el.classList.contains('run-fold')
          ? `fold:${el.dataset.event}:${el.dataset.count}`
          : el.classList.contains('live-run')
            ? `live:${el.dataset.event}`
            : el.classList.contains('tool-card')
              ? `tool:${el.dataset.tool}:${el.dataset.state}`
              : `run:${el.dataset.event}:${el.dataset.verdict}`,
      ),
  );
}

const json = (v: unknown) => `printf '%s' '${JSON.stringify(v)}'`;

// Each hook has its own command: identical hooks of one event run once (docs/hooks.md, "Order").
describe('hook runs in the timeline', () => {
  it('causal order, folding of no-op runs, badges from the verdict, translated words, a tool blocked by a hook', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, {
      permissions: { allow: ['Bash'] },
      hooks: hooksOf([
        { event: 'PreToolUse', matcher: 'Bash', command: 'true # audit A', description: 'Audit A' },
        { event: 'PreToolUse', matcher: 'Bash', command: 'true # audit B', description: 'Audit B' },
        { event: 'PreToolUse', matcher: 'Bash', command: 'true # audit C', description: 'Audit C' },
        {
          event: 'PreToolUse',
          matcher: 'Bash',
          command: json({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'the lockfile is frozen' } }),
          description: 'Lockfile note',
        },
        {
          event: 'PreToolUse',
          matcher: 'Bash',
          command: "grep -q 'rm -rf' && { echo 'rm -rf is not allowed here' >&2; exit 2; }; exit 0",
          description: 'No rm -rf',
        },
        { event: 'PostToolUse', matcher: 'Bash', command: 'true # log A', description: 'Log A' },
        { event: 'PostToolUse', matcher: 'Bash', command: 'true # log B', description: 'Log B' },
        {
          event: 'Stop',
          command: `grep -q '"stop_hook_active":true' && exit 0; ${json({ decision: 'block', reason: 'run the tests first' })}`,
          description: 'Tests first',
        },
      ]),
    });
    const s = await ui.serve(sb, {
      script: [
        { toolCalls: [{ name: 'Bash', input: { command: 'echo 12 tests passed' } }] },
        { toolCalls: [{ name: 'Bash', input: { command: 'rm -rf build' } }] },
        { text: 'Done.' },
        { text: 'Tests pass now.' },
      ],
    });
    const page = await openPage(ui.browser, s, { lang: 'zh-CN' });
    await send(page, 'run the tests and clean up');
    await page.locator('.assistant-text', { hasText: 'Tests pass now.' }).waitFor();
    await expect
      .poll(() => sequence(page))
      .toEqual([
        'fold:PreToolUse:4',
        'run:PreToolUse:context',
        'tool:Bash:ok',
        'fold:PostToolUse:2',
        'fold:PreToolUse:3',
        'run:PreToolUse:context',
        'run:PreToolUse:blocked',
        'tool:Bash:blocked',
        'run:Stop:blocked',
        'fold:Stop:1',
      ]);
    await page.locator('.timeline').evaluate((el) => (el.scrollTop = 0));
    await screenshot(page, 'chat-timeline-zh.png');
    // One line per event for the runs that changed nothing, expandable to their cards.
    const fold = page.locator('.run-fold[data-event=PreToolUse]').first();
    expect(await fold.locator('> summary').textContent()).toBe('PreToolUse · 运行了 4 个钩子无影响');
    expect(await fold.locator('.run-card').first().isVisible()).toBe(false);
    await fold.locator('> summary').click();
    expect(await fold.locator('.run-card .run-name').allTextContents()).toEqual(['Audit A', 'Audit B', 'Audit C', 'No rm -rf']);
    // Badges and decisions in the UI's language; the hook's own words stay as written.
    const context = page.locator('.run-card[data-verdict=context]').first();
    expect(await context.locator('.run-badge').textContent()).toBe('已添加上下文');
    expect(await context.locator('.run-decision').textContent()).toContain('为模型添加了上下文');
    const stop = page.locator('.run-card[data-event=Stop][data-verdict=blocked]');
    expect(await stop.locator('.run-badge').textContent()).toBe('已阻止');
    expect(await stop.locator('.run-decision').textContent()).toContain('已阻止: run the tests first');
    expect(await page.locator('.timeline').textContent()).not.toMatch(/success: added context|blocked: run/);
    // The blocked call: "blocked by hook <name>" and the hook's reason, not a red "failed" with the model's text.
    const blocked = page.locator('.tool-card[data-state=blocked]');
    expect(await blocked.locator('.tool-state').textContent()).toBe('已被钩子 No rm -rf 阻止');
    expect(await blocked.locator('.tool-blocked-reason').textContent()).toBe('rm -rf is not allowed here');
    expect(await blocked.locator('.tool-result').isVisible()).toBe(false);
    expect(await page.locator('.tool-card[data-state=failed]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('runs paired with their call by message and tool id', () => {
  it('a tool id the server reuses in a later turn does not pull the earlier turn’s runs under the new card', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, {
      permissions: { allow: ['Bash'] },
      hooks: hooksOf([{ event: 'PreToolUse', matcher: 'Bash', command: 'true # audit', description: 'Audit' }]),
    });
    const s = await ui.serve(sb, {
      script: [
        { toolCalls: [{ name: 'Bash', input: { command: 'echo one' }, id: 'call_same' }] },
        { text: 'First done.' },
        { toolCalls: [{ name: 'Bash', input: { command: 'echo two' }, id: 'call_same' }] },
        { text: 'Second done.' },
      ],
    });
    const page = await openPage(ui.browser, s, { lang: 'en' });
    await send(page, 'first');
    await page.locator('.assistant-text', { hasText: 'First done.' }).waitFor();
    await send(page, 'second');
    await page.locator('.assistant-text', { hasText: 'Second done.' }).waitFor();
    await expect.poll(() => sequence(page)).toEqual(['fold:PreToolUse:1', 'tool:Bash:ok', 'fold:PreToolUse:1', 'tool:Bash:ok']);
    expect(await page.locator('.tool-why > summary').allTextContents()).toEqual(['Hooks: 1 ran · 0 did not run', 'Hooks: 1 ran · 0 did not run']);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('the live card of a running hook', () => {
  it('shows its statusMessage and the time ticking once it runs past 300 ms; Stop kills it and the card turns into an error', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, {
      permissions: { allow: ['Bash'] },
      hooks: hooksOf([
        { event: 'PreToolUse', matcher: 'Bash', command: 'sleep 30', description: 'Secret scan', statusMessage: 'Scanning the command for secrets…' },
      ]),
    });
    const s = await ui.serve(sb, { script: [{ toolCalls: [{ name: 'Bash', input: { command: 'echo live-tool-ran' } }] }, { text: 'The scan was skipped.' }] });
    const page = await openPage(ui.browser, s, { lang: 'en' });
    await send(page, 'echo something');
    const live = page.locator('.live-run');
    await live.waitFor();
    expect(await live.locator('.live-run-label').textContent()).toBe('Scanning the command for secrets…');
    const elapsed = () => live.locator('.live-run-elapsed').textContent();
    const first = await elapsed();
    // "420 ms" or, on a busy machine, "1.20 s".
    expect(first!.endsWith(' ms') ? Number.parseInt(first!, 10) : Number.parseFloat(first!) * 1000).toBeGreaterThanOrEqual(300);
    await expect.poll(elapsed).not.toBe(first);
    // The live card sits where the run belongs: above the tool call it runs for.
    expect(await sequence(page)).toEqual(['live:PreToolUse', 'tool:Bash:pending']);
    await live.getByRole('button', { name: 'Stop the hook Secret scan' }).click();
    // A guard's Stop asks what happens to the call; here the user lets it run.
    await live.getByRole('button', { name: 'Stop the hook, let the call run' }).click();
    await live.waitFor({ state: 'detached' });
    const card = page.locator('.run-card[data-event=PreToolUse]');
    await card.waitFor();
    expect(await card.getAttribute('data-verdict')).toBe('error');
    expect(await card.locator('.run-decision').textContent()).toBe('Decision: failed (it did not block): stopped by you');
    // A stopped hook is a non-blocking error: the tool ran, the turn went on.
    await page.locator('.assistant-text', { hasText: 'The scan was skipped.' }).waitFor();
    expect(await page.locator('.tool-card[data-tool=Bash]').getAttribute('data-state')).toBe('ok');
    expect(await page.locator('.error-block', { hasText: 'a hook was stopped by the user' }).count()).toBe(1);
  });

  it('a guard\'s Stop offers "cancel the call" (default, focused) and "let the call run"; cancelling denies the call, in both languages', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, {
      permissions: { allow: ['Bash'] },
      hooks: hooksOf([{ event: 'PreToolUse', matcher: 'Bash', command: 'sleep 30', description: 'Secret scan' }]),
    });
    const s = await ui.serve(sb, {
      script: [{ toolCalls: [{ name: 'Bash', input: { command: 'touch cancelled-tool-ran' } }] }, { text: 'The call was cancelled.' }],
    });
    const zh = await openPage(ui.browser, s, { lang: 'zh-CN' });
    const page = await openPage(ui.browser, s, { lang: 'en' });
    await send(page, 'touch something');
    const live = page.locator('.live-run');
    await live.waitFor();
    await live.getByRole('button', { name: 'Stop the hook Secret scan' }).click();
    const choices = live.getByRole('group', { name: 'What happens to the call Secret scan guards' });
    await choices.waitFor();
    expect(await choices.locator('button').allTextContents()).toEqual(['Stop the hook and cancel the call', 'Stop the hook, let the call run']);
    // The other language shows the same choice in its words.
    const zhLive = zh.locator('.live-run');
    await zhLive.getByRole('button', { name: '停止钩子 Secret scan' }).click();
    expect(await zhLive.locator('.live-run-choices button').allTextContents()).toEqual(['停止钩子并取消调用', '停止钩子，让调用继续运行']);
    await screenshot(page, 'live-run-stop-choice');
    // The default is focused: Enter takes it.
    expect(await choices.locator('button.stop-cancel').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await live.waitFor({ state: 'detached' });
    const card = page.locator('.run-card[data-event=PreToolUse]');
    await card.waitFor();
    expect(await card.getAttribute('data-verdict')).toBe('blocked');
    await page.locator('.assistant-text', { hasText: 'The call was cancelled.' }).waitFor();
    const tool = page.locator('.tool-card[data-tool=Bash]');
    expect(await tool.getAttribute('data-state')).toBe('blocked');
    expect(await tool.locator('.tool-blocked-reason').textContent()).toBe('The PreToolUse hook "Secret scan" was stopped by the user; the call is cancelled.');
    expect(existsSync(join(sb.workdir, 'cancelled-tool-ran'))).toBe(false);
    expect(pageErrors(page)).toEqual([]);
  });
});
