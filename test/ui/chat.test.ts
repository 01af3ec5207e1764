// New / edit hooks through the AI and the chat, in real Chromium against a real `wave serve` and the
// scripted model server (seed 000, GUI user stories 新建钩子 and 编辑钩子): the prefilled prompts
// (editable, sent as ordinary user messages), the agent writing the hook with a tool call that the
// user approves, the new hook appearing in its tab; edit's open-file-before-close ordering on the
// sidecar's stdout; the IDE's two views; hook run cards, permission prompts, streaming and abort.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelServer, ScriptStep } from '../model-server/server.js';
import { hooksOf, openPage, pageErrors, screenshot, type Serve, UiSandbox, uiSuite, until } from './harness.js';

const ui = uiSuite();

const setup = async (sb: UiSandbox, script: ScriptStep[]) => {
  const s = await ui.serve(sb, { script });
  return { s, model: s.model! };
};

/** The user texts the model was sent, over all its requests, without repeats. */
function userTextsSent(model: ModelServer): string[] {
  const out = new Set<string>();
  for (const r of model.requests.filter((q) => q.method === 'POST')) {
    for (const m of (r.body as { messages: Array<{ role: string; content: unknown }> }).messages) {
      if (m.role !== 'user') continue;
      const text = typeof m.content === 'string' ? m.content : (m.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('');
      out.add(text);
    }
  }
  return [...out];
}

const input = (page: Page) => page.locator('.composer textarea');
const descriptions = (page: Page) => page.locator('.hook-list [data-field=description]').allTextContents();
const hostSince = (s: Serve, n: number) => s.hostLines.slice(n).map((l) => JSON.parse(l) as Record<string, string>);

describe('new hook through the AI', () => {
  it('user level: closes settings, prefills the chat, sends the edited text as a user message; the approved Write adds the hook to the user tab', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, { hooks: hooksOf([{ event: 'Stop', command: 'echo bye', description: 'Say bye' }]) });
    const added = {
      hooks: hooksOf([
        { event: 'Stop', command: 'echo bye', description: 'Say bye' },
        { event: 'PreToolUse', matcher: 'Bash', command: 'echo audit', description: 'Audit shell commands', timeout: 5 },
      ]),
    };
    const { s, model } = await setup(sb, [
      { toolCalls: [{ name: 'Write', input: { file_path: sb.userSettings, content: `${JSON.stringify(added, null, 2)}\n` } }] },
      { text: '已添加用户级钩子：PreToolUse 时审计 Bash 命令。' },
    ]);
    const page = await openPage(ui.browser, s, { lang: 'zh-CN' });
    await page.click('#page-tab-settings');
    await page.locator('.hook-row').first().waitFor();
    const before = s.hostLines.length;
    await page.getByRole('button', { name: '新增用户级钩子' }).click();

    // The page switches to the chat itself (browser mode), the IDE is told to close settings and show the chat.
    await input(page).waitFor();
    expect(await page.locator('#page-tab-chat').getAttribute('aria-selected')).toBe('true');
    await until(() => s.hostLines.length - before >= 2, 'host requests');
    expect(hostSince(s, before)).toEqual([{ host: 'closeSettings' }, { host: 'showChat' }]);
    const prefill = '帮我配一个用户级钩子：<事件>时，<matcher 工具>，跑<命令>，<超时/异步>';
    await expect.poll(() => input(page).inputValue()).toBe(prefill);
    // Focused, with the first placeholder selected: typing replaces it (the text is editable).
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.type('PreToolUse');
    const sent = await input(page).inputValue();
    expect(sent).toBe('帮我配一个用户级钩子：PreToolUse时，<matcher 工具>，跑<命令>，<超时/异步>');
    await page.keyboard.press('Enter');

    // The agent's Write needs approval: allow once, the tool runs.
    const prompt = page.locator('.permission-card');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('Write 需要你的批准');
    expect(await prompt.locator('.perm-gist').textContent()).toBe(sb.userSettings);
    await prompt.getByRole('button', { name: '允许一次' }).click();
    await page.locator('.tool-card[data-tool=Write][data-state=ok]').waitFor();
    await page.locator('.assistant-text', { hasText: '已添加用户级钩子' }).waitFor();
    expect(await page.locator('.user-text').first().textContent()).toBe(sent);
    expect(userTextsSent(model!)).toContain(sent);

    // The hook is in the user tab, with its badge (pushed by hooks.changed).
    await page.click('#page-tab-settings');
    await expect.poll(() => descriptions(page)).toEqual(['Say bye', 'Audit shell commands']);
    const row = page.locator('.hook-row', { hasText: 'Audit shell commands' });
    expect(await row.locator('.badge').textContent()).toBe('用户');
    expect(await row.locator('[data-field=event]').textContent()).toBe('PreToolUse');
    expect(pageErrors(page)).toEqual([]);
  });

  it('project level in the IDE (two views): the chat view gets the prompt naming the project; a leading /settings is sent as text; the hook appears in the project tab', async () => {
    const sb = new UiSandbox().trust(true);
    const project = {
      permissions: { allow: ['Edit'] },
      hooks: hooksOf([{ event: 'PostToolUse', matcher: 'Write', command: 'echo fmt', description: 'Format' }]),
    };
    sb.write(sb.projectSettings, project);
    const { s, model } = await setup(sb, [
      {
        toolCalls: [
          {
            name: 'Edit',
            input: {
              file_path: sb.projectSettings,
              old_string: '"hooks": {',
              new_string:
                '"hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "echo ding", "description": "Ring when done", "async": true }] }],',
            },
          },
        ],
      },
      { text: 'Added a Stop hook to acme-shop.' },
    ]);
    const settings = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    const chat = await openPage(ui.browser, s, { view: 'chat', lang: 'en' });
    await settings.click('[data-tab=project]');
    await settings.locator('.hook-row').first().waitFor();
    const before = s.hostLines.length;
    await settings.getByRole('button', { name: 'New project hook' }).click();
    await expect
      .poll(() => input(chat).inputValue())
      .toBe('Help me create a hook in [acme-shop]: when <event>, <matcher tool>, run <command>, <timeout/async>');
    expect(hostSince(s, before)).toEqual([{ host: 'closeSettings' }, { host: 'showChat' }]);
    // The settings view does not switch by itself: the IDE closes it.
    expect(await settings.locator('.hooks').count()).toBe(1);

    await input(chat).press('Home');
    await input(chat).press('Control+Home');
    await chat.keyboard.type('/settings ');
    const sent = await input(chat).inputValue();
    expect(sent.startsWith('/settings Help me create a hook in [acme-shop]')).toBe(true);
    await chat.getByRole('button', { name: 'Send' }).click();
    // The AI writes the hook into Wave's own settings file: the user is asked, seeing the diff.
    const approval = chat.locator('.permission-card[aria-label="Edit needs your approval"]');
    await approval.waitFor();
    const added = await approval.locator('.diff-line.diff-add').allTextContents();
    expect(added.join('\n')).toContain('Ring when done');
    expect(await approval.getByRole('button', { name: 'Always allow' }).count()).toBe(0);
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await chat.locator('.assistant-text', { hasText: 'Added a Stop hook' }).waitFor();
    expect(userTextsSent(model!)).toContain(sent);
    expect(await chat.locator('.tool-card[data-tool=Edit]').getAttribute('data-state')).toBe('ok');

    await expect.poll(async () => (await descriptions(settings)).sort()).toEqual(['Format', 'Ring when done']);
    const row = settings.locator('.hook-row', { hasText: 'Ring when done' });
    expect(await row.locator('.badge').textContent()).toBe('Project');
    expect(await row.locator('.chip', { hasText: 'async' }).count()).toBe(1);
    // Approving the write was the review (one click): the hook is active at once, nothing waits for Apply.
    await expect.poll(() => row.getAttribute('data-state')).toBe('active');
    expect(await settings.locator('.review-banner .review-file', { hasText: sb.projectSettings }).count()).toBe(0);
  });
});

describe('edit hook through the AI', () => {
  let sb: UiSandbox;
  let s: Serve;
  beforeAll(async () => {
    sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, { hooks: hooksOf([{ event: 'Stop', command: 'echo bye', description: 'Say bye' }]) });
    sb.write(sb.projectSettings, {
      hooks: hooksOf([{ event: 'PostToolUse', matcher: 'Edit|Write', command: 'npx prettier --write .', description: 'Format after edits', timeout: 30 }]),
    });
    sb.write(sb.localSettings, { hooks: hooksOf([{ event: 'SessionStart', command: 'echo mine', description: 'My local hook' }]) });
    sb.plugin('lint-kit', hooksOf([{ event: 'PostToolUse', matcher: 'Write', command: 'lint', description: 'Lint written files' }]));
    ({ s } = await setup(sb, []));
  });

  it('opens the file strictly before closing settings, then the chat view opens prefilled naming the hook', async () => {
    const settings = await openPage(ui.browser, s, { view: 'settings', lang: 'zh-CN' });
    const chat = await openPage(ui.browser, s, { view: 'chat', lang: 'zh-CN' });
    await settings.click('[data-tab=project]');
    await settings.locator('.hook-row').first().waitFor();
    for (const [name, file] of [
      ['Format after edits', sb.projectSettings],
      ['My local hook', sb.localSettings],
    ] as const) {
      const before = s.hostLines.length;
      await settings.getByRole('button', { name: `编辑 ${name}` }).click();
      await until(() => s.hostLines.length - before >= 3, 'host requests');
      expect(hostSince(s, before)).toEqual([{ host: 'openFile', path: file }, { host: 'closeSettings' }, { host: 'showChat' }]);
      await expect.poll(() => input(chat).inputValue()).toContain(name);
      const text = await input(chat).inputValue();
      expect(text.startsWith('帮我编辑钩子：把<事件/匹配/命令/超时>改成<新内容>')).toBe(true);
      expect(text).toContain(file);
    }
    expect(await chat.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    expect(await settings.locator('.hooks').count()).toBe(1);
    // Plugin hooks: no Edit, no Delete.
    await settings.click('[data-tab=plugin]');
    await settings.locator('.hook-row').first().waitFor();
    expect(await settings.locator('.hook-row .hook-actions').getByRole('button').allTextContents()).toEqual(['测试']);
  });

  it('in a plain browser the page switches to the chat itself', async () => {
    const page = await openPage(ui.browser, s, { lang: 'en' });
    await page.click('#page-tab-settings');
    await page.getByRole('button', { name: 'Edit Say bye' }).click();
    await expect.poll(() => input(page).inputValue()).toContain('“Say bye”');
    expect(await input(page).inputValue()).toContain(`in ${sb.userSettings}`);
    expect(await page.locator('#page-tab-chat').getAttribute('aria-selected')).toBe('true');
    expect(s.hostLines.slice(-3).map((l) => JSON.parse(l))).toEqual([
      { host: 'openFile', path: sb.userSettings },
      { host: 'closeSettings' },
      { host: 'showChat' },
    ]);
  });
});

describe('chat', () => {
  it('shows tool calls, hook run cards (expandable stdout/stderr), permission prompts (allow once / deny), streaming and abort', async () => {
    const sb = new UiSandbox().trust(true);
    const out = join(sb.root, 'ran.txt');
    sb.write(sb.userSettings, {
      hooks: hooksOf([
        { event: 'UserPromptSubmit', command: "printf 'Sprint 42: ship the hooks page'", description: 'Sprint context' },
        { event: 'PreToolUse', matcher: 'Bash', command: "printf 'pre-check ok'; printf 'warning: slow disk' >&2", description: 'Guard shell' },
        { event: 'PostToolUse', matcher: 'Bash', command: `echo logged >> '${out}'`, description: 'Log shell' },
      ]),
    });
    const { s } = await setup(sb, [
      { toolCalls: [{ name: 'Bash', input: { command: 'echo hello-from-tool', description: 'Say hello' } }] },
      { text: 'The command printed `hello-from-tool`.' },
      { toolCalls: [{ name: 'Bash', input: { command: 'rm -rf build' } }] },
      { text: 'OK, I will not run it.' },
      { text: 'Streaming a long answer, part one; part two; part three.', chunkDelayMs: 1500 },
    ]);
    const page = await openPage(ui.browser, s, { lang: 'en' });
    await input(page).fill('Run the hello command');
    await input(page).press('Enter');

    const prompt = page.locator('.permission-card');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('Bash needs your approval');
    expect(await prompt.locator('.perm-gist').textContent()).toBe('echo hello-from-tool');
    await prompt.getByRole('button', { name: 'Allow once' }).click();
    await page.locator('.assistant-text', { hasText: 'The command printed' }).waitFor();
    await until(() => sb.read(out).includes('logged'), 'the PostToolUse hook');

    const tool = page.locator('.tool-card[data-tool=Bash]').first();
    expect(await tool.getAttribute('data-state')).toBe('ok');
    await tool.locator('summary').click();
    expect(await tool.locator('.tool-result').textContent()).toContain('hello-from-tool');

    // Hook run cards: event, hook name, duration, exit code, decision; stdout/stderr when expanded.
    // The run changed nothing: it is folded with the others of its event, above its tool call.
    const fold = page.locator('.run-fold[data-event=PreToolUse]').first();
    expect(await fold.locator('> summary').textContent()).toBe('PreToolUse · 1 hook ranok');
    await fold.locator('> summary').click();
    const card = fold.locator('.run-card').first();
    expect(await card.locator('.run-event').textContent()).toBe('PreToolUse hook');
    expect(await card.locator('.run-name').textContent()).toBe('Guard shell');
    expect(await card.locator('.run-duration').textContent()).toMatch(/^\d+ ms$|^[\d.]+ s$/);
    expect(await card.locator('.run-exit').textContent()).toBe('exit 0');
    expect((await card.locator('.run-decision').textContent())!.length).toBeGreaterThan(10);
    expect(await card.locator('.run-stdout').isVisible()).toBe(false);
    await card.locator('summary').click();
    expect(await card.locator('.run-stdout').textContent()).toBe('pre-check ok');
    expect(await card.locator('.run-stderr').textContent()).toBe('warning: slow disk');
    expect(await page.locator('.run-fold[data-event=PostToolUse] .run-card .run-name').first().textContent()).toBe('Log shell');
    expect(await page.locator('.hook-text').first().textContent()).toContain('Sprint 42');
    await screenshot(page, 'chat-hook-cards.png');

    // Deny: the tool does not run.
    await input(page).fill('Clean the build');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.permission-card').getByRole('button', { name: 'Deny' }).click();
    await page.locator('.assistant-text', { hasText: 'OK, I will not run it.' }).waitFor();
    expect(await page.locator('.tool-card[data-tool=Bash]').nth(1).getAttribute('data-state')).toBe('failed');
    expect(await page.locator('.permission-card').count()).toBe(0);

    // Streaming, then Stop.
    await input(page).fill('Tell me a long story');
    await input(page).press('Enter');
    const stop = page.getByRole('button', { name: 'Stop' });
    await stop.waitFor();
    await page.locator('.assistant-text', { hasText: 'Streaming' }).waitFor();
    await stop.click();
    await stop.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await page.locator('.assistant-text', { hasText: 'part three' }).count()).toBe(0);

    // The same conversation in the dark theme (a fresh page gets it through chat.state).
    const dark = await openPage(ui.browser, s, { view: 'chat', lang: 'zh-CN', theme: 'dark' });
    await dark.locator('.run-fold').first().waitFor();
    await dark.locator('.run-fold[data-event=PreToolUse] > summary').first().click();
    await dark.locator('.run-fold[data-event=PreToolUse] .run-card > summary').first().click();
    await dark.locator('.timeline').evaluate((el) => (el.scrollTop = 0));
    await screenshot(dark, 'chat-dark.png');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('the conversation’s title', () => {
  it('a UserPromptSubmit hook’s sessionTitle titles the conversation in the top bar', async () => {
    const sb = new UiSandbox().trust(true);
    const title = JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', sessionTitle: 'Fix the login bug' } });
    sb.write(sb.userSettings, { hooks: hooksOf([{ event: 'UserPromptSubmit', command: `printf '%s' '${title}'`, description: 'Title' }]) });
    const { s } = await setup(sb, [{ text: 'Looking at it.' }]);
    const page = await openPage(ui.browser, s, { lang: 'en' });
    expect(await page.locator('.session-title').count()).toBe(0);
    await input(page).fill('The login fails');
    await input(page).press('Enter');
    await page.locator('.assistant-text', { hasText: 'Looking at it.' }).waitFor();
    await expect.poll(() => page.locator('.session-title').textContent()).toBe('Fix the login bug');
    expect(pageErrors(page)).toEqual([]);
  });
});
