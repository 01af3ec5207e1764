// The Hooks settings tab in real Chromium against a real `wave serve` (seed 000, GUI user stories
// 按来源 Tab 展示钩子 and 删除钩子, and the edge cases): source tabs, the flat project list, rows,
// badges, empty states, parse errors, the delete confirmation (cancel / close / Escape / confirm /
// refusals), the focus trap, the trust prompt, language and theme, and the 500-hook render time.
import { existsSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../limits.js';
import { frames, hooksOf, manyHooks, openPage, pageErrors, screenshot, type Serve, UiSandbox, uiSuite, until } from './harness.js';

const ui = uiSuite();

const rows = (page: Page) => page.locator('.hook-list .hook-row');
const texts = (page: Page, sel: string) => page.locator(sel).allTextContents();

/** A workspace with hooks of every source: 2 user, 2 project + 1 local, 1 plugin. */
function richSandbox(): UiSandbox {
  const sb = new UiSandbox();
  sb.write(sb.userSettings, {
    hooks: hooksOf([
      { event: 'PreToolUse', matcher: 'Bash', command: 'echo check-bash', description: 'Check shell commands' },
      { event: 'Stop', command: 'notify-send "Wave finished"', timeout: 10, description: 'Notify when done' },
    ]),
  });
  sb.write(sb.projectSettings, {
    permissions: { allow: ['Read'] },
    hooks: hooksOf([
      { event: 'PostToolUse', matcher: 'Edit|Write', command: 'npx prettier --write "$WAVE_PROJECT_DIR"', description: 'Format after edits', timeout: 30 },
      { event: 'UserPromptSubmit', command: './scripts/context.sh', description: 'Add sprint context', async: true },
    ]),
  });
  sb.write(sb.localSettings, { hooks: hooksOf([{ event: 'SessionStart', matcher: 'startup', command: 'echo local', description: 'My local hook' }]) });
  sb.plugin('lint-kit', hooksOf([{ event: 'PostToolUse', matcher: 'Write', command: '${WAVE_PLUGIN_ROOT}/bin/lint', description: 'Lint written files' }]));
  return sb.trust(true);
}

describe('Hooks tab: source tabs and rows', () => {
  let sb: UiSandbox;
  let s: Serve;
  beforeAll(async () => {
    sb = richSandbox();
    s = await ui.serve(sb);
  });

  it('shows 用户级钩子 / 项目级钩子 / 插件钩子, lists ~/.wave/settings.json in the user tab, and switches tabs', async () => {
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'zh-CN' });
    await rows(page).first().waitFor();
    expect(await texts(page, '.source-tabs [role=tab]')).toEqual(['用户级钩子2', '项目级钩子3', '插件钩子1']);
    expect(await page.locator('[data-tab=user]').getAttribute('aria-selected')).toBe('true');
    // The user tab: every hook of ~/.wave/settings.json, event + description + command, badge 用户.
    expect(await texts(page, '.hook-row [data-field=event]')).toEqual(['PreToolUse', 'Stop']);
    expect(await texts(page, '.hook-row [data-field=description]')).toEqual(['Check shell commands', 'Notify when done']);
    expect(await texts(page, '.hook-row [data-field=command]')).toEqual(['echo check-bash', 'notify-send "Wave finished"']);
    expect(await texts(page, '.hook-row .badge')).toEqual(['用户', '用户']);
    // Paths read ~/.wave/… and <project>/.wave/… (the full path in the title).
    expect(await page.locator('.hook-row .file').first().getAttribute('title')).toBe(`打开文件: ${sb.userSettings}`);
    expect(await page.locator('.hook-row .file').first().textContent()).toMatch(/^~\/\.wave\/settings\.json:\d+$/);
    expect(await page.locator('.section-head p').textContent()).toContain('编程式、插件、用户级、项目级，最后是项目本地');
    for (const row of await rows(page).all()) {
      expect(await row.locator('.hook-actions').getByRole('button').allTextContents()).toEqual(['测试', '编辑', '删除']);
    }
    await screenshot(page, 'settings-hooks-zh.png');

    // The project tab: flat (one list, no project cards), project and local files together.
    await page.click('[data-tab=project]');
    await expect.poll(() => texts(page, '.hook-row [data-field=description]')).toEqual(['Format after edits', 'Add sprint context', 'My local hook']);
    expect(await page.locator('.hook-list').count()).toBe(1);
    expect(await page.locator('.hooks-panel').locator('section, article, h3').count()).toBe(0);
    expect(await texts(page, '.hook-row .badge')).toEqual(['项目', '项目', '项目 · 本地']);
    expect(await texts(page, '.hook-row .file')).toEqual([
      expect.stringMatching(/^<project>\/\.wave\/settings\.json:\d+$/),
      expect.stringMatching(/^<project>\/\.wave\/settings\.json:\d+$/),
      expect.stringMatching(/^<project>\/\.wave\/settings\.local\.json:\d+$/),
    ]);
    for (const row of await rows(page).all()) {
      expect(await row.locator('.hook-actions').getByRole('button').allTextContents()).toEqual(['测试', '编辑', '删除']);
    }
    expect(await page.locator('.new-hook').textContent()).toBe('新增项目级钩子');

    // The plugin tab: read-only rows, no Edit / Delete (Test and Open file are there), no New.
    await page.click('[data-tab=plugin]');
    await expect.poll(() => texts(page, '.hook-row [data-field=description]')).toEqual(['Lint written files']);
    expect(await texts(page, '.hook-row .badge')).toEqual(['插件 · lint-kit']);
    expect(await rows(page).first().locator('.hook-actions').getByRole('button').allTextContents()).toEqual(['测试']);
    expect(await page.locator('.hook-row .readonly').textContent()).toContain('只读');
    expect(await page.locator('.new-hook').count()).toBe(0);

    // Keyboard: arrows move between the source tabs.
    await page.locator('[data-tab=plugin]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('[data-tab=user]').getAttribute('aria-selected')).toBe('true');
    expect(pageErrors(page)).toEqual([]);
  });

  it('switches language (?lang=, the browser language, the switch in the page) and follows the theme', async () => {
    const en = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await rows(en).first().waitFor();
    expect(await texts(en, '.source-tabs [role=tab]')).toEqual(['User hooks2', 'Project hooks3', 'Plugin hooks1']);
    await screenshot(en, 'settings-hooks-en.png');
    await en.selectOption('.lang-switch select', 'zh-CN');
    await expect.poll(() => en.locator('[data-tab=project]').textContent()).toBe('项目级钩子3');
    expect(await en.locator('html').getAttribute('lang')).toBe('zh-CN');

    const zhBrowser = await ui.browser.newContext({ locale: 'zh-CN' });
    zhBrowser.setDefaultTimeout(HANG_MS);
    const zh = await zhBrowser.newPage();
    await zh.goto(`http://127.0.0.1:${s.port}/?token=${s.token}&view=settings`);
    await expect.poll(() => zh.locator('[data-tab=user]').textContent()).toBe('用户级钩子2');
    await zhBrowser.close();

    const bg = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await bg(en)).toBe('rgb(255, 255, 255)');
    const dark = await openPage(ui.browser, s, { view: 'settings', lang: 'en', theme: 'dark' });
    await rows(dark).first().waitFor();
    expect(await bg(dark)).toBe('rgb(30, 31, 34)');
    await dark.click('[data-tab=project]');
    await screenshot(dark, 'settings-hooks-dark.png');
    const systemDark = await openPage(ui.browser, s, { view: 'settings', colorScheme: 'dark' });
    expect(await bg(systemDark)).toBe('rgb(30, 31, 34)');
    const forcedLight = await openPage(ui.browser, s, { view: 'settings', colorScheme: 'dark', theme: 'light' });
    expect(await bg(forcedLight)).toBe('rgb(255, 255, 255)');
  });

  it('shows a clear state in the chat when no model is configured', async () => {
    const page = await openPage(ui.browser, s, { view: 'chat', lang: 'en' });
    const banner = page.locator('.no-model');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('No model is configured');
    expect(await page.locator('.no-model-error').textContent()).toMatch(/model/i);
    expect(await page.locator('.composer textarea').isDisabled()).toBe(true);
  });
});

describe('Hooks tab: empty states, parse errors, delete', () => {
  let sb: UiSandbox;
  let s: Serve;
  const projectHooks = hooksOf([
    { event: 'PreToolUse', matcher: 'Bash', command: 'echo guard', description: 'Guard shell' },
    { event: 'PostToolUse', matcher: 'Write', command: 'echo fmt', description: 'Format' },
  ]);
  beforeAll(async () => {
    sb = new UiSandbox('shop-api');
    sb.write(sb.userSettings, { hooks: hooksOf([{ event: 'Stop', command: 'echo bye', description: 'Say bye' }]) });
    // Other keys and a hand-made layout that a delete must keep.
    sb.write(
      sb.projectSettings,
      `{\n  // team settings\n  "permissions": { "allow": ["Read"] },\n  "hooks": ${JSON.stringify(projectHooks, null, 4).replace(/\n/g, '\n  ')},\n  "env": { "A": "1" }\n}\n`,
    );
    sb.trust(true);
    s = await ui.serve(sb);
  });

  it('shows an empty state in a tab without hooks (no blank group)', async () => {
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'zh-CN' });
    await rows(page).first().waitFor();
    await page.click('[data-tab=plugin]');
    await page.locator('[data-empty=plugin]').waitFor();
    expect(await page.locator('.hook-list').count()).toBe(0);
    expect(await page.locator('[data-empty=plugin]').textContent()).toContain('没有提供钩子');
  });

  it('asks before deleting; Cancel, the close button and Escape change nothing; the dialog traps the focus', async () => {
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'zh-CN' });
    await page.click('[data-tab=project]');
    await rows(page).first().waitFor();
    const before = sb.read(sb.projectSettings);
    const del = rows(page).first().getByRole('button', { name: '删除 Guard shell' });

    await del.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Guard shell');
    expect(await dialog.locator('.delete-file').textContent()).toBe(sb.projectSettings);
    await screenshot(page, 'delete-dialog.png');
    // Focus: starts on Cancel, Tab cycles inside (Cancel → Confirm → × → Cancel), Shift+Tab backwards.
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focused()).toBe('取消');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('确认删除');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('×');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('取消');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('×');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('删除 Guard shell');

    await del.click();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });

    await del.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('删除 Guard shell');

    // The page never asked the sidecar to delete (a click sends its request at once), and the file is as it was.
    expect(frames(page).sent.filter((f) => f.method === 'hooks.delete')).toEqual([]);
    expect(sb.read(sb.projectSettings)).toBe(before);
    expect(await rows(page).count()).toBe(2);
  });

  it('deletes on Confirm, through the sidecar, keeping the rest of the file', async () => {
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'zh-CN' });
    await page.click('[data-tab=project]');
    await rows(page).first().waitFor();
    await rows(page).first().getByRole('button', { name: '删除 Guard shell' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确认删除' }).click();
    await expect.poll(() => texts(page, '.hook-row [data-field=description]')).toEqual(['Format']);
    // The listing the sidecar pushes when the file changed may land before the delete's own answer.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Guard shell' }).count()).toBe(1);
    const text = sb.read(sb.projectSettings);
    expect(text).not.toContain('echo guard');
    expect(text).toContain('// team settings');
    expect(text).toContain('"env": { "A": "1" }');
    expect(text).toContain('echo fmt');
  });

  it('shows a refusal as an error and keeps the list: the file changed after listing', async () => {
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await rows(page).first().waitFor();
    await rows(page).first().getByRole('button', { name: 'Delete Say bye' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    // Someone edits the file while the dialog is open (the list refreshes through the push).
    const changed = `${JSON.stringify({ hooks: hooksOf([{ event: 'Stop', command: 'echo bye', description: 'Say bye' }]), theme: 'x' }, null, 2)}\n`;
    const pushes = () => frames(page).received.filter((f) => f.event === 'hooks.changed').length;
    const pushed = pushes();
    writeFileSync(sb.userSettings, changed);
    await until(() => pushes() > pushed, 'the listing pushed after the edit');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('changed since it was listed');
    expect(sb.read(sb.userSettings)).toBe(changed);
    expect(await texts(page, '.hook-row [data-field=description]')).toEqual(['Say bye']);
  });

  it('shows a file that is not valid JSON as an error with file and line, not as an empty list; a delete is refused', async () => {
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'zh-CN' });
    await rows(page).first().waitFor();
    await rows(page).first().getByRole('button', { name: '删除 Say bye' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const broken = '{\n  "hooks": {\n    "Stop": [\n      oops\n    ]\n  }\n}\n';
    writeFileSync(sb.userSettings, broken);
    const parseError = page.locator('.parse-error');
    await parseError.waitFor();
    await dialog.getByRole('button', { name: '确认删除' }).click();
    await page.locator('.banner-error', { hasText: '钩子未删除' }).waitFor();
    expect(sb.read(sb.userSettings)).toBe(broken);
    expect(await parseError.textContent()).toContain(sb.userSettings);
    expect(await parseError.textContent()).toContain('第 4 行');
    expect(await page.locator('[data-empty]').count()).toBe(0);
    await screenshot(page, 'parse-error.png');

    // Fixed again: the push brings the list back; deleting the last user hook leaves the empty state.
    sb.write(sb.userSettings, { hooks: hooksOf([{ event: 'Stop', command: 'echo bye', description: 'Say bye' }]) });
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: '删除 Say bye' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确认删除' }).click();
    await page.locator('[data-empty=user]').waitFor();
    expect(await page.locator('[data-empty=user]').textContent()).toContain('~/.wave/settings.json');
    expect(JSON.parse(sb.read(sb.userSettings))).toEqual({ hooks: {} });
  });
});

describe('Workspace trust and size', () => {
  it('asks to trust project hooks; the answers go to trust.set and are remembered', async () => {
    const sb = new UiSandbox();
    sb.write(sb.projectSettings, { hooks: hooksOf([{ event: 'Stop', command: 'echo p', description: 'Project stop' }]) });
    const s = await ui.serve(sb);
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'zh-CN' });
    const dialog = page.getByRole('dialog', { name: '信任此项目的钩子吗？' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('acme-shop');
    await screenshot(page, 'trust-prompt.png');
    await dialog.getByRole('button', { name: '不信任' }).click();
    await dialog.waitFor({ state: 'detached' });
    const trustFile = `${sb.home}/.wave/trusted-workdirs.json`;
    await until(() => existsSync(trustFile) && sb.read(trustFile).includes('false'), 'the answer on disk');
    await page.click('[data-tab=project]');
    const banner = page.locator('.banner-warn', { hasText: '未受信任' });
    await banner.waitFor();
    await page.getByRole('switch', { name: '信任此工作区（运行项目级钩子）' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(JSON.parse(sb.read(trustFile))).toEqual({ workdirs: { [sb.workdir]: true } });
    const again = await openPage(ui.browser, s, { view: 'settings' });
    await again.click('[data-tab=project]');
    await rows(again).first().waitFor();
    expect(await again.getByRole('dialog').count()).toBe(0);
  });

  it('lists 500 hooks in order, each with its actions, and measures the render (figures: bench/hooksRender.ts)', async () => {
    const sb = new UiSandbox();
    const many = manyHooks(500);
    sb.write(sb.userSettings, { hooks: hooksOf(many) });
    const s = await ui.serve(sb);
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await page.waitForFunction(() => performance.getEntriesByName('wave:hooks-paint', 'measure').length > 0, undefined, { timeout: HANG_MS });
    expect(await rows(page).count()).toBe(500);
    const descriptions = await texts(page, '.hook-row [data-field=description]');
    // In the file's order: hooksOf writes the PostToolUse group first, then the PreToolUse one.
    const inFile = [...many.filter((h) => h.event === 'PostToolUse'), ...many.filter((h) => h.event === 'PreToolUse')];
    expect(descriptions).toEqual(inFile.map((h) => h.description));
    expect(await rows(page).nth(499).locator('.hook-actions').getByRole('button').allTextContents()).toEqual(['Test', 'Edit', 'Delete']);
    expect(await page.evaluate(() => performance.getEntriesByName('wave:hooks-render', 'measure').length)).toBe(1);
    expect(pageErrors(page)).toEqual([]);
  });

  it("shows a hook's text as text: markup in a description, matcher or command is never parsed", async () => {
    const sb = new UiSandbox();
    const hostile = '<img src=x onerror="document.title=1"><b>bold</b> & "quoted"';
    sb.write(sb.userSettings, { hooks: hooksOf([{ event: 'PreToolUse', matcher: '<i>Bash</i>', command: `echo '${hostile}'`, description: hostile }]) });
    const s = await ui.serve(sb);
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await rows(page).first().waitFor();
    expect(await texts(page, '.hook-row [data-field=description]')).toEqual([hostile]);
    expect(await texts(page, '.hook-row .matcher')).toEqual(['<i>Bash</i>']);
    expect(await texts(page, '.hook-row [data-field=command]')).toEqual([`echo '${hostile}'`]);
    expect(await page.locator('.hook-list img, .hook-list b, .hook-list i').count()).toBe(0);
    expect(
      await rows(page)
        .first()
        .getByRole('button', { name: `Test ${hostile}` })
        .count(),
    ).toBe(1);
    expect(await page.title()).not.toBe('1');
    expect(pageErrors(page)).toEqual([]);
  });
});
