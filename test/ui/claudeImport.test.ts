// The settings page's import of Claude Code hooks (docs/hooks.md, "Coming from Claude Code"), in real
// Chromium against a real `wave serve`: a project with `.claude/settings.json` hooks shows a notice
// with their count and the Wave file they would go to; Import (from the keyboard) adds them, they are
// listed as active rows of `.wave/settings.json` with the JSONL transcript, and the notice goes. In a
// workspace that is not trusted, a project file offers no Import, only to trust the workspace; the
// notice follows the `.claude/` files live. A file's permission rules and env come along, and what is not
// imported is listed with the reason.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contrastProblems, overflowProblems } from './audit.js';
import { hooksOf, openPage, pageErrors, screenshot, UiSandbox, uiSuite } from './harness.js';

const ui = uiSuite();

const claudeFile = (sb: UiSandbox, where: 'project' | 'user') =>
  where === 'user' ? `${sb.home}/.claude/settings.json` : `${sb.workdir}/.claude/settings.json`;
// One notice for every Claude Code file, one part of it per file.
const notice = (page: Page, from: string) => page.locator(`.claude-notice .claude-file[data-from=${from}]`);
const rows = (page: Page) => page.locator('.hook-list .hook-row');

describe('Claude Code hooks on the settings page', () => {
  it('says how many .claude/settings.json hooks Wave does not run; Import adds them as active rows of .wave/settings.json', async () => {
    const sb = new UiSandbox('claude-shop').trust(true);
    sb.write(claudeFile(sb, 'project'), {
      hooks: hooksOf([
        { event: 'PreToolUse', matcher: 'Bash', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' },
        { event: 'PostToolUse', matcher: 'Edit|Write', command: 'npx prettier --write .' },
        { event: 'Stop', command: 'notify-send done' },
      ]),
    });
    const s = await ui.serve(sb);
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    const n = notice(page, 'project');
    await n.waitFor();
    expect(await n.textContent()).toContain('This project has 3 Claude Code hooks (<project>/.claude/settings.json) that Wave does not run.');
    expect(await n.textContent()).toContain('Import adds them to <project>/.wave/settings.json, where they run at once.');
    expect(await page.locator('.claude-notice').count()).toBe(1);
    await n.locator('summary').click();
    expect(await n.locator('.claude-hooks li').allTextContents()).toEqual([
      'PreToolUse [Bash]  "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
      'PostToolUse [Edit|Write]  npx prettier --write .',
      'Stop  notify-send done',
    ]);
    await screenshot(page, 'settings-claude-import.png');

    // From the keyboard: the button is named with what it does.
    const button = n.getByRole('button', { name: 'Import 3 Claude Code hooks from <project>/.claude/settings.json into <project>/.wave/settings.json' });
    await button.focus();
    await page.keyboard.press('Enter');
    await n.waitFor({ state: 'detached' });
    const done = page.getByRole('status').filter({ hasText: 'Imported 3 hooks from <project>/.claude/settings.json into <project>/.wave/settings.json' });
    await done.waitFor();
    // The three hooks, then at once what validation says of the Wave file now (the guard's script is missing).
    expect(await done.locator('.notice-lines li').allTextContents()).toEqual([
      'PreToolUse [Bash]  "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
      'PostToolUse [Edit|Write]  npx prettier --write .',
      'Stop  notify-send done',
      'Problems of the Wave file:',
      `line 7: the script ${sb.workdir}/.claude/hooks/guard.sh does not exist, so this hook fails every time it runs`,
    ]);
    // The button is gone: the focus is on the list that shows the result.
    await page.waitForFunction(() => document.activeElement?.id === 'hooks-panel-project');
    // The project tab shows, its rows active, from .wave/settings.json, reading the JSONL transcript.
    expect(await page.locator('[data-tab=project]').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => rows(page).count()).toBe(3);
    for (const row of await rows(page).all()) {
      expect(await row.getAttribute('data-state')).toBe('active');
      expect(await row.locator('.file').textContent()).toMatch(/^<project>\/\.wave\/settings\.json:\d+$/);
      expect(await row.locator('[data-field=transcript]').textContent()).toBe('JSONL transcript');
    }
    expect(await page.locator('.hook-row [data-field=command]').allTextContents()).toEqual([
      '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
      'npx prettier --write .',
      'notify-send done',
    ]);
    const written = JSON.parse(sb.read(sb.projectSettings)) as { hooks: Record<string, Array<{ hooks: Array<{ transcript?: string }> }>> };
    expect(Object.values(written.hooks).flatMap((g) => g.flatMap((x) => x.hooks.map((h) => h.transcript)))).toEqual(['jsonl', 'jsonl', 'jsonl']);
    // What was imported, and the rows' JSONL chip: AA contrast in both themes, nothing clipped at 400 px.
    expect(await contrastProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 400, height: 800 });
    expect(await overflowProblems(page)).toEqual([]);
    const dark = await openPage(ui.browser, s, { view: 'settings', lang: 'en', theme: 'dark' });
    await dark.click('[data-tab=project]');
    await dark.locator('[data-field=transcript]').first().waitFor();
    expect(await contrastProblems(dark)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('brings the permission rules and env along and lists what it does not import, with the reason, before and after the Import', async () => {
    const sb = new UiSandbox('claude-rules').trust(true);
    sb.write(claudeFile(sb, 'project'), {
      model: 'claude-opus-5-5',
      permissions: { deny: ['Bash(git push:*)'], defaultMode: 'plan' },
      env: { TEAM: 'shop' },
      hooks: hooksOf([{ event: 'Stop', command: 'notify-send done' }]),
    });
    const lines = [
      'Stop  notify-send done',
      'permissions.deny  Bash(git push:*)',
      'env.TEAM  shop',
      'Not imported:',
      'model: Wave’s model is set in its own model section ("model" with provider, model, baseURL)',
      'permissions.defaultMode: Wave’s permission mode is chosen per session (--permission-mode, the chat)',
    ];
    const s = await ui.serve(sb);
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    const n = notice(page, 'project');
    await n.waitFor();
    expect(await n.textContent()).toContain('Its permission rules and env come along (2).');
    await n.locator('summary').click();
    expect(await n.locator('.claude-hooks li').allTextContents()).toEqual(lines);
    await n.getByRole('button', { name: /^Import/ }).click();
    await n.waitFor({ state: 'detached' });
    const done = page.getByRole('status').filter({ hasText: 'Imported 1 hook from <project>/.claude/settings.json into <project>/.wave/settings.json' });
    await done.waitFor();
    expect(await done.locator('.notice-lines li').allTextContents()).toEqual(lines);
    const written = JSON.parse(sb.read(sb.projectSettings)) as Record<string, any>;
    expect(written.permissions).toEqual({ deny: ['Bash(git push:*)'] });
    expect(written.env).toEqual({ TEAM: 'shop' });
    expect(written.model).toBeUndefined();
    expect(pageErrors(page)).toEqual([]);
  });

  it('an untrusted workspace offers no Import for project files, only to trust it; the notices follow the files', async () => {
    const sb = new UiSandbox('claude-untrusted').trust(false);
    sb.write(claudeFile(sb, 'project'), { hooks: hooksOf([{ event: 'Stop', command: 'echo project-stop' }]) });
    sb.write(claudeFile(sb, 'user'), {
      hooks: hooksOf([
        { event: 'SessionStart', command: 'echo hello' },
        { event: 'Stop', command: 'echo bye' },
      ]),
    });
    const s = await ui.serve(sb);
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'zh-CN' });
    const project = notice(page, 'project');
    const user = notice(page, 'user');
    await project.waitFor();
    expect(await project.textContent()).toContain('此项目有 1 个 Wave 不会运行的 Claude Code 钩子（<project>/.claude/settings.json）。');
    expect(await project.textContent()).toContain('项目级钩子只能导入到受信任的工作区。');
    expect(await project.getByRole('button', { name: /^导入/ }).count()).toBe(0);
    expect(await user.textContent()).toContain('你的 Claude Code 设置（~/.claude/settings.json）中有 2 个 Wave 不会运行的钩子。');

    // The user file imports whatever the trust; its rows are on the user tab.
    await user.getByRole('button', { name: /^导入/ }).click();
    await user.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.hook-row [data-field=command]').allTextContents()).toEqual(['echo hello', 'echo bye']);
    expect(await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(['active', 'active']);
    expect(await project.getByRole('button', { name: /^导入/ }).count()).toBe(0);

    // A hook added to ~/.claude/settings.json later: the notice is back, counting only that one.
    sb.write(claudeFile(sb, 'user'), {
      hooks: hooksOf([
        { event: 'SessionStart', command: 'echo hello' },
        { event: 'Stop', command: 'echo bye' },
        { event: 'Stop', command: 'echo later' },
      ]),
    });
    await user.waitFor();
    expect(await user.getAttribute('data-count')).toBe('1');

    // Trusting the workspace (with the page's one trust switch, on the project tab) brings the Import of the project file.
    expect(await page.getByRole('button', { name: '信任此工作区' }).count()).toBe(0);
    await page.click('[data-tab=project]');
    await page.getByRole('switch', { name: '信任此工作区（运行项目级钩子）' }).click();
    const importProject = project.getByRole('button', { name: /^导入/ });
    await importProject.waitFor();
    await importProject.click();
    await project.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.hook-row [data-field=command]').allTextContents()).toEqual(['echo project-stop']);
    expect(await rows(page).first().getAttribute('data-state')).toBe('active');
    expect(sb.read(sb.projectSettings)).toContain('"transcript": "jsonl"');
    expect(pageErrors(page)).toEqual([]);
  });
});
