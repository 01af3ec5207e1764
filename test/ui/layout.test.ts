// The UI a JetBrains user expects, in real Chromium against a real `wave serve`: in a 400 px tool
// window (the usual width of a side panel), in Chinese and English, no label is clipped (names get an
// ellipsis and a title, a row's actions move into a menu operable from the keyboard) and nothing
// leaves the window; and every text meets WCAG AA contrast (4.5:1) in the light and the dark theme —
// dimmed rows of an untrusted project, the Claude Code import notices, dialogs, cards and approvals
// included.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contrastProblems, overflowProblems } from './audit.js';
import { hooksOf, openPage, screenshot, UiSandbox, uiSuite, type Serve } from './harness.js';

const ui = uiSuite();
let sb: UiSandbox;
let s: Serve;

const json = (v: unknown) => `printf '%s' '${JSON.stringify(v)}'`;

beforeAll(async () => {
  sb = new UiSandbox('acme-shop-frontend-monorepo').trust(false);
  sb.write(sb.userSettings, {
    permissions: { allow: ['Bash'] },
    hooks: hooksOf([
      { event: 'PreToolUse', matcher: 'Bash|Edit|Write|MultiEdit|NotebookEdit', command: 'true', description: 'Check every shell command and every edit the agent makes before it runs', timeout: 30 },
      { event: 'PreToolUse', matcher: 'Bash', command: json({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'use pnpm, not npm' } }), description: 'Package manager note' },
      { event: 'PostToolUse', matcher: 'Bash', command: 'echo oops >&2; exit 1', description: 'Flaky logger' },
      { event: 'Stop', command: 'notify-send "Wave finished its turn in the monorepo"', description: 'Notify when done', async: true },
    ]),
  });
  sb.write(sb.projectSettings, {
    hooks: hooksOf([
      { event: 'PostToolUse', matcher: 'Edit|Write', command: 'npx prettier --write "$WAVE_PROJECT_DIR/packages/web/src"', description: 'Format after edits', timeout: 60 },
      { event: 'UserPromptSubmit', command: './scripts/sprint-context.sh --board web --limit 20', description: 'Sprint context' },
    ]),
  });
  // Claude Code hooks Wave does not run: the user's (with Import) and the untrusted project's (with Trust).
  sb.write(`${sb.home}/.claude/settings.json`, { hooks: hooksOf([{ event: 'PreToolUse', matcher: 'Bash', command: '"$HOME"/.claude/hooks/block-force-push-to-protected-branches.sh --strict' }]) });
  sb.write(`${sb.workdir}/.claude/settings.json`, { hooks: hooksOf([{ event: 'PostToolUse', matcher: 'Edit|Write', command: 'npx eslint --fix "$CLAUDE_PROJECT_DIR"' }, { event: 'Stop', command: 'echo done' }]) });
  sb.plugin('security-guard-kit', hooksOf([{ event: 'PreToolUse', matcher: 'Bash', command: '${WAVE_PLUGIN_ROOT}/bin/scan', description: 'Scan for secrets' }]));
  s = await ui.serve(sb, {
    script: [
      { toolCalls: [{ name: 'Bash', input: { command: 'pnpm --filter web test -- --reporter=dot --run', description: 'Run the web tests' } }] },
      { text: 'The tests pass. Now the fix:', toolCalls: [{ name: 'Edit', input: { file_path: `${sb.workdir}/packages/web/src/checkout/summary.tsx`, old_string: 'const total = a + b;', new_string: 'const total = sum(items);\nconst tax = total * rate;' } }] },
      { text: 'Fixed.' },
    ],
  });
});

/** A chat with cards and a pending Edit approval (made once, then shown by every chat page). */
let chatReady: Promise<void> | null = null;
function chatWithCards(): Promise<void> {
  chatReady ??= (async () => {
    const page = await openPage(ui.browser, s, { view: 'chat', lang: 'en' });
    await page.locator('.composer textarea').fill('run the tests, then fix the checkout total');
    await page.locator('.composer textarea').press('Enter');
    await page.locator('.permission-card').waitFor();
    await page.context().close();
  })();
  return chatReady;
}

async function settingsPages(page: Page, check: (what: string) => Promise<void>): Promise<void> {
  await page.locator('.hook-row').first().waitFor();
  await page.locator('.claude-notice .claude-file[data-from=project]').waitFor();
  for (const summary of await page.locator('.claude-hooks summary').all()) await summary.click();
  await check('hooks: user');
  await page.click('[data-tab=project]');
  await page.locator('.hook-row[data-state=untrusted]').first().waitFor();
  await check('hooks: project (untrusted, dimmed)');
  await page.click('[data-tab=plugin]');
  await page.locator('.hook-row').first().waitFor();
  await check('hooks: plugin');
  await page.click('#settings-tab-runs');
  await page.locator('.runs-section').waitFor();
  await check('runs');
  await page.click('#settings-tab-model');
  await page.locator('.model-form').waitFor();
  await check('model');
}

describe('a 400 px tool window', () => {
  for (const lang of ['zh-CN', 'en'] as const) {
    it(`no clipped label and nothing out of the window (${lang}): settings, the row menu, the chat`, async () => {
      const page = await openPage(ui.browser, s, { view: 'settings', lang, width: 400, height: 800 });
      const problems: string[] = [];
      const check = async (what: string) => {
        problems.push(...(await overflowProblems(page)).map((p) => `${what}: ${p}`));
      };
      await settingsPages(page, check);
      if (lang === 'zh-CN') await screenshot(page, 'settings-400-zh.png');

      // The row's actions are in a menu: keyboard-operable, every item labelled.
      await page.click('#settings-tab-hooks');
      await page.click('[data-tab=user]');
      const more = page.locator('.hook-row').first().locator('.more-actions');
      await more.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(lang === 'en' ? ['Test', 'Open file', 'Edit', 'Delete'] : ['测试', '打开文件', '编辑', '删除']);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(lang === 'en' ? 'Open file' : '打开文件');
      await check('row menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.classList.contains('more-actions'))).toBe(true);

      await chatWithCards();
      const chat = await openPage(ui.browser, s, { view: 'chat', lang, width: 400, height: 800 });
      await chat.locator('.permission-card').waitFor();
      await chat.locator('.run-card').first().waitFor();
      problems.push(...(await overflowProblems(chat)).map((p) => `chat: ${p}`));
      if (lang === 'zh-CN') await screenshot(chat, 'chat-400-zh.png');
      // A plain browser's page, with its chat / settings switcher in the top bar.
      const both = await openPage(ui.browser, s, { lang, width: 400, height: 800 });
      await both.locator('.permission-card').waitFor();
      problems.push(...(await overflowProblems(both)).map((p) => `browser page: ${p}`));
      expect(problems).toEqual([]);
    });
  }
});

describe('WCAG AA contrast', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`every text is at least 4.5:1 in the ${theme} theme (dimmed rows, dialogs, cards, approvals)`, async () => {
      const problems: string[] = [];
      const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en', theme, width: 1200, height: 900 });
      const check = async (what: string) => {
        problems.push(...(await contrastProblems(page)).map((p) => `${what}: ${p}`));
      };
      await settingsPages(page, check);
      await page.click('#settings-tab-hooks');
      await page.click('[data-tab=user]');
      await page.getByRole('button', { name: /^Delete Flaky logger/ }).click();
      await page.getByRole('alertdialog').waitFor();
      await check('delete dialog');
      await page.keyboard.press('Escape');

      await chatWithCards();
      const chat = await openPage(ui.browser, s, { view: 'chat', lang: 'zh-CN', theme, width: 1200, height: 900 });
      await chat.locator('.permission-card').waitFor();
      for (const fold of await chat.locator('.run-fold > summary').all()) await fold.click();
      for (const card of await chat.locator('.run-card > summary, .tool-card > summary').all()) await card.click();
      problems.push(...(await contrastProblems(chat)).map((p) => `chat: ${p}`));
      if (theme === 'dark') await screenshot(chat, 'chat-dark.png');
      expect(problems).toEqual([]);
    });
  }
});

describe('motion', () => {
  it('the working ring and dots move, and stand still for a user who asked the system to reduce motion', async () => {
    await chatWithCards();
    const chat = await openPage(ui.browser, s, { view: 'chat', lang: 'en' }); // pages open with reduced motion (harness.ts)
    await chat.locator('.permission-card').waitFor();
    const animations = () =>
      chat.locator('.spinner, .dots i').evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
    const still = await animations();
    expect(still.length).toBeGreaterThan(0);
    expect(new Set(still)).toEqual(new Set(['none']));
    await chat.emulateMedia({ reducedMotion: 'no-preference' });
    expect((await animations()).every((name) => name === 'spin' || name === 'blink')).toBe(true);
  });
});
