// The page's words, in real Chromium against a real `wave serve`, in both languages (and both
// themes where colour matters): ONE notice for every Claude Code file (Import all), imported hooks
// described "from .claude/settings.json", the result with what was not imported and the Wave file's
// problems; counts in the singular for one; the no-model banner worded for the IDE or the browser;
// the chat frames hook context and Stop feedback in the page's language; a trailing comma is named
// as such, with Open at line N (the IDE opens the file there; a browser page says where).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contrastProblems, overflowProblems } from './audit.js';
import { hooksOf, openPage, pageErrors, UiSandbox, uiSuite, type Serve } from './harness.js';

const ui = uiSuite();
const hosts = (s: Serve, from: number) => s.hostLines.slice(from).map((l) => JSON.parse(l) as unknown);
const descriptions = (page: Page) => page.locator('.hook-row [data-field=description]').allTextContents();

describe('Claude Code hooks in several files', () => {
  it('one notice ("Claude Code hooks in 3 files"), Import all; the hooks say where they came from; the result lists what was not imported', async () => {
    const sb = new UiSandbox('claude-three').trust(true);
    sb.write(`${sb.home}/.claude/settings.json`, { model: 'claude-opus-5-5', hooks: hooksOf([{ event: 'Stop', command: 'echo user-stop' }]) });
    sb.write(`${sb.workdir}/.claude/settings.json`, { hooks: hooksOf([{ event: 'PostToolUse', matcher: 'Edit', command: 'echo project-format' }]) });
    sb.write(`${sb.workdir}/.claude/settings.local.json`, { hooks: hooksOf([{ event: 'UserPromptSubmit', command: 'echo local-context', description: 'Mine' }]) });
    const s = await ui.serve(sb);
    for (const [lang, theme, width] of [
      ['zh-CN', 'dark', 400],
      ['en', 'light', 1200],
    ] as const) {
      const look = await openPage(ui.browser, s, { view: 'settings', lang, theme, width, height: 800 });
      const notice = look.locator('.claude-notice');
      await notice.locator('.claude-file').nth(2).waitFor();
      expect(await look.locator('.claude-notice').count()).toBe(1);
      expect(await notice.locator('.claude-summary strong').textContent()).toBe(
        lang === 'en' ? 'Claude Code hooks in 3 files that Wave does not run' : '3 个文件中有 Wave 不会运行的 Claude Code 钩子',
      );
      expect(await notice.locator('.claude-file').evaluateAll((els) => els.map((e) => e.getAttribute('data-from')))).toEqual(['user', 'project', 'local']);
      // One trust control on the page, never in the notice.
      expect(await notice.getByRole('switch').count()).toBe(0);
      expect(await overflowProblems(look)).toEqual([]);
      expect(await contrastProblems(look)).toEqual([]);
      await look.context().close();
    }

    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await page.getByRole('button', { name: 'Import all' }).click();
    await page.locator('.claude-notice').waitFor({ state: 'detached' });
    const done = page.getByRole('status').filter({ hasText: 'Imported 3 hooks from 3 files:' });
    await done.waitFor();
    const lines = await done.locator('.notice-lines li').allTextContents();
    expect(lines).toContain('Imported 1 hook from ~/.claude/settings.json into ~/.wave/settings.json:');
    expect(lines).toContain('  Stop  echo user-stop');
    expect(lines).toContain('  Not imported:');
    expect(lines.some((l) => l.startsWith('  model: '))).toBe(true);
    expect(lines).toContain('Imported 1 hook from <project>/.claude/settings.local.json into <project>/.wave/settings.local.json:');
    // Each imported hook says where it came from (a description of its own is kept).
    expect(await descriptions(page)).toEqual(['from ~/.claude/settings.json']);
    await page.click('[data-tab=project]');
    await expect.poll(() => descriptions(page)).toEqual(['from .claude/settings.json', 'Mine']);
    expect(await page.locator('.hook-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(['active', 'active']);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('counts', () => {
  it('one changed file and one project command are singular, in both languages', async () => {
    const sb = new UiSandbox('one-of-each');
    sb.write(sb.projectSettings, { hooks: hooksOf([{ event: 'Stop', command: 'echo p', description: 'Project stop' }]) });
    const s = await ui.serve(sb);
    for (const lang of ['en', 'zh-CN'] as const) {
      const page = await openPage(ui.browser, s, { view: 'settings', lang });
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(lang === 'en' ? 'Trusting lets this command run:' : '信任后将允许运行以下 1 条命令：');
      await page.context().close();
    }
    sb.write(sb.userSettings, { hooks: hooksOf([{ event: 'Stop', command: 'echo u', description: 'User stop' }]) });
    for (const lang of ['en', 'zh-CN'] as const) {
      const page = await openPage(ui.browser, s, { view: 'chat', lang });
      const count = page.locator('.review-banner .review-count');
      await count.waitFor();
      expect(await count.textContent()).toBe(lang === 'en' ? '1 settings file changed' : '1 个设置文件已更改');
      await page.context().close();
    }
  });
});

describe('the no-model banner', () => {
  it('in the IDE points to the IDE settings; in a browser to the page’s Model section; the reason in the page’s words, not twice', async () => {
    const sb = new UiSandbox('no-model').trust(true);
    const s = await ui.serve(sb);
    for (const lang of ['en', 'zh-CN'] as const) {
      const ide = await openPage(ui.browser, s, { view: 'chat', lang });
      const inIde = ide.locator('.no-model');
      await inIde.waitFor();
      expect(await inIde.locator('.no-model-error').textContent()).toBe(
        lang === 'en' ? 'Neither a WAVE_MODEL variable nor a "model" key in a settings file names one.' : '既没有设置 WAVE_MODEL 环境变量，设置文件中也没有 "model" 键。',
      );
      expect(await inIde.textContent()).toContain(lang === 'en' ? 'Settings | Tools | Wave' : '设置 | 工具 | Wave');
      expect(await inIde.getByRole('button').count()).toBe(0);
      const browser = await openPage(ui.browser, s, { lang });
      const inBrowser = browser.locator('.no-model');
      await inBrowser.waitFor();
      expect(await inBrowser.textContent()).not.toContain('Tools');
      expect(await inBrowser.getByRole('button', { name: lang === 'en' ? 'Open the model settings' : '打开模型设置' }).count()).toBe(1);
      expect(await inBrowser.textContent()).not.toMatch(/no model configured/i);
      await ide.context().close();
      await browser.context().close();
    }
  });
});

describe('hook text in the chat', () => {
  it('context a hook added and the feedback of a Stop hook are framed in the page’s language', async () => {
    const sb = new UiSandbox('framing').trust(true);
    const once = `${sb.root}/stopped-once`;
    sb.write(sb.userSettings, {
      hooks: hooksOf([
        { event: 'UserPromptSubmit', command: 'echo "Sprint 42: checkout"', description: 'Sprint context' },
        { event: 'Stop', command: `test -e '${once}' || { touch '${once}'; echo 'run the tests first' >&2; exit 2; }`, description: 'Tests first' },
      ]),
    });
    const s = await ui.serve(sb, { script: [{ text: 'Done.' }, { text: 'Tests pass.' }] });
    const page = await openPage(ui.browser, s, { view: 'chat', lang: 'zh-CN' });
    await page.locator('.composer textarea').fill('fix it');
    await page.locator('.composer textarea').press('Enter');
    await page.locator('.assistant-text', { hasText: 'Tests pass.' }).waitFor();
    const context = page.locator('.hook-text[data-frame=context]');
    const feedback = page.locator('.hook-text[data-frame=feedback]');
    expect(await context.locator('.hook-text-label').textContent()).toBe('UserPromptSubmit 钩子补充的上下文');
    expect(await context.textContent()).toContain('Sprint 42: checkout');
    expect(await feedback.locator('.hook-text-label').textContent()).toBe('Stop 钩子的反馈');
    expect(await feedback.textContent()).toContain('run the tests first');
    expect(await page.locator('.hook-text').allTextContents()).not.toContainEqual(expect.stringMatching(/hook additional context|hook feedback/));
  });
});

describe('a trailing comma', () => {
  it('is named as such, with Open at line N: the IDE opens the file at that line, a browser page says where it is', async () => {
    const sb = new UiSandbox('comma').trust(true);
    sb.write(sb.projectSettings, '{\n  "hooks": {\n    "Stop": [\n      { "hooks": [{ "type": "command", "command": "true" }] },\n    ]\n  }\n}\n');
    const s = await ui.serve(sb);
    for (const lang of ['en', 'zh-CN'] as const) {
      const page = await openPage(ui.browser, s, { view: 'settings', lang });
      await page.click('[data-tab=project]');
      const error = page.locator('.parse-error');
      await error.waitFor();
      expect(await error.locator('strong').textContent()).toBe(
        lang === 'en'
          ? `${sb.projectSettings} is not valid JSON: a trailing comma at line 4, column 62. JSON allows no comma before "}" or "]": remove it.`
          : `${sb.projectSettings} 不是合法的 JSON：第 4 行第 62 列有多余的尾随逗号。JSON 不允许在“}”或“]”之前加逗号，请删除它。`,
      );
      const before = s.hostLines.length;
      await error.getByRole('button', { name: lang === 'en' ? 'Open at line 4' : '在第 4 行打开' }).click();
      await expect.poll(() => hosts(s, before)).toEqual([{ host: 'openFile', path: sb.projectSettings, line: 4 }]);
      await page.context().close();
    }
    const browser = await openPage(ui.browser, s, { lang: 'en' });
    await browser.click('#page-tab-settings');
    await browser.click('[data-tab=project]');
    await browser.getByRole('button', { name: 'Open at line 4' }).click();
    await browser.locator('.notice', { hasText: `open it in your editor: ${sb.projectSettings}:4` }).waitFor();
  });
});
