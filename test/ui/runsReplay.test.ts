// The Runs view answers "what was blocked?", in real Chromium against a real `wave serve`, real hook
// processes and the scripted model server (docs/hooks.md, "The settings page"): a run shows the
// stdin its hook got, its project (a column and a filter), Open conversation takes the chat to the
// run's card, and Re-run with this input gives the recorded stdin to the hook as it is on disk now —
// the decision then next to the decision now, the re-run listed as a test run; a hook that is gone
// says so. Both languages, both themes, 1200 and 400 px.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, pageErrors, screenshot, UiSandbox, uiSuite } from './harness.js';

const ui = uiSuite();

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

async function openRuns(page: Page): Promise<void> {
  page.setDefaultTimeout(15_000);
  await page.locator('#page-tab-settings').click();
  await page.locator('#settings-tab-runs').click();
  await page.locator('.history-run').first().waitFor();
}

describe('the Runs view: stdin, project, Open conversation, Re-run with this input', () => {
  it('shows what the hook got, re-runs it against the hook on disk now (then / now), and opens the conversation at the run', async () => {
    const sb = new UiSandbox().trust(true);
    const guard = join(sb.root, 'guard.sh');
    sb.write(guard, "grep -q 'rm -rf' && { echo 'rm -rf is not allowed here' >&2; exit 2; }; exit 0\n");
    const settings = {
      permissions: { allow: ['Bash'] },
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh ${sq(guard)}`, description: 'No rm -rf' }] }] },
    };
    sb.write(sb.userSettings, settings);
    const s = await ui.serve(sb, { script: [{ toolCalls: [{ name: 'Bash', input: { command: 'rm -rf build' } }] }, { text: 'It was blocked.' }] });
    const chat = await openPage(ui.browser, s, { lang: 'en' });
    await chat.locator('.composer textarea').fill('clean the build');
    await chat.locator('.composer textarea').press('Enter');
    await chat.locator('.assistant-text', { hasText: 'It was blocked.' }).waitFor();

    // English, light, 1200 px: the blocked run, its stdin and project; the guard is fixed, Re-run shows then / now.
    const page = await openPage(ui.browser, s, { lang: 'en', theme: 'light', width: 1200 });
    await openRuns(page);
    const row = page.locator('.history-run[data-event=PreToolUse][data-verdict=blocked]').first();
    expect(await row.locator('.history-project').getAttribute('title')).toBe(sb.workdir);
    expect(await page.locator('select.runs-project option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['', sb.workdir]);
    await page.locator('select.runs-project').selectOption(sb.workdir);
    await expect.poll(() => page.locator('.history-run').count()).toBe(1);
    await row.locator('summary').click();
    const stdin = JSON.parse((await row.locator('.history-stdin').textContent())!) as Record<string, unknown>;
    expect(stdin).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, cwd: sb.workdir });
    sb.write(guard, 'exit 0\n');
    await row.getByRole('button', { name: 'Re-run with this input' }).click();
    const compare = row.locator('.rerun-compare');
    await compare.waitFor();
    expect(
      await compare.locator('.rerun-side').evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.side}:${(e as HTMLElement).dataset.verdict}`)),
    ).toEqual(['Then:blocked', 'Now:ok']);
    expect(await compare.locator('.rerun-side').first().locator('pre').textContent()).toBe('rm -rf is not allowed here');
    // The re-run is in the history as a test run; the row the user opened stays open.
    await expect.poll(() => page.locator('.history-run .history-test').count()).toBe(1);
    expect(await row.locator('details').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await screenshot(page, 'settings-runs-rerun-en-light-1200.png');
    // Open conversation: the chat at the run's card.
    await row.getByRole('button', { name: 'Open conversation' }).click();
    const card = page.locator('.timeline .run-card.is-focused');
    await card.waitFor();
    expect(await card.getAttribute('data-event')).toBe('PreToolUse');
    expect(await card.getAttribute('data-verdict')).toBe('blocked');
    expect(await card.isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);

    // Chinese, dark, 400 px: the hook is gone from the settings now; Re-run says so, nothing overflows.
    sb.write(sb.userSettings, { permissions: { allow: ['Bash'] } });
    const zh = await openPage(ui.browser, s, { lang: 'zh-CN', theme: 'dark', width: 400 });
    await openRuns(zh);
    const zrow = zh.locator('.history-run[data-event=PreToolUse][data-verdict=blocked]').first();
    await zrow.locator('summary').click();
    expect(await zrow.locator('.kv-label', { hasText: '输入（stdin）' }).count()).toBe(1);
    await zrow.getByRole('button', { name: '用此输入重新运行' }).click();
    const refused = zrow.locator('.rerun-refused');
    await refused.waitFor();
    expect(await refused.getAttribute('data-refused')).toBe('gone');
    expect(await refused.textContent()).toBe('此钩子已不在其设置文件中。');
    expect(await zrow.getByRole('button', { name: '打开会话' }).count()).toBe(1);
    const overflow = await zh.evaluate(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('.history-run, .history-stdin, .rerun-row, .runs-filters')).filter(
          (el) => el.getBoundingClientRect().right > window.innerWidth + 1,
        ).length,
    );
    expect(overflow).toBe(0);
    await screenshot(zh, 'settings-runs-rerun-zh-dark-400.png');
    expect(pageErrors(zh)).toEqual([]);
  }, 180_000);
});
