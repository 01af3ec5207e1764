// Hook safety in the UI, in real Chromium against a real `wave serve` and the scripted model
// (docs/hooks.md: "Changes during a session", "Project hooks need a trusted workspace", "Validation",
// UserPromptSubmit): the agent cannot switch its guards off by editing settings (the review banner
// says what changed; the session keeps its snapshot until Apply); the trust dialog lists the project
// hook commands and trusting a started session runs its SessionStart hooks; the settings page has a
// trust switch; a blocked prompt comes back to the composer and is shown nowhere; a settings file
// that cannot be read is a banner in the chat.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hooksOf, openPage, UiSandbox, uiSuite, until } from './harness.js';

const ui = uiSuite();

const input = (page: Page) => page.locator('.composer textarea');
const send = async (page: Page, text: string) => {
  await input(page).fill(text);
  await input(page).press('Enter');
};

describe('the agent cannot switch its guards off in wave serve', () => {
  it('a model writes {"disableAllHooks": true} and runs git reset --hard: the guard blocks it; the banner says what changed; Revert restores the file and Undo brings the change back; the next session starts from the approved content and its banner says when the change was made', async () => {
    const sb = new UiSandbox().trust(true);
    const guard = sb.write(
      join(sb.workdir, '.wave', 'hooks', 'no-reset.sh'),
      "#!/bin/sh\nif grep -q 'reset --hard'; then echo 'git reset --hard is not allowed here' >&2; exit 2; fi\n",
    );
    const ran = join(sb.root, 'reset-ran');
    sb.write(sb.userSettings, { permissions: { allow: ['Write', 'Bash'] } });
    sb.write(sb.projectSettings, { hooks: hooksOf([{ event: 'PreToolUse', matcher: 'Bash', command: `sh '${guard}'`, description: 'No git reset --hard' }]) });
    const approved = sb.read(sb.projectSettings);
    const agents = '{ "disableAllHooks": true }\n';
    const s = await ui.serve(sb, {
      script: [
        // A write Wave cannot see into (the target is only known to the inner shell), so it does not
        // ask as a write to Wave's own files would: the change is on disk, unreviewed.
        { toolCalls: [{ name: 'Bash', input: { command: `printf '%s\\n' '{ "disableAllHooks": true }' | sh -c 'cat > "$1"' _ '${sb.projectSettings}'` } }] },
        { toolCalls: [{ name: 'Bash', input: { command: `git reset --hard; touch '${ran}'` } }] },
        { text: 'Done.' },
      ],
    });
    const page = await openPage(ui.browser, s, { lang: 'en' });
    await send(page, 'reset the repository');
    await page.locator('.assistant-text', { hasText: 'Done.' }).waitFor();
    const bash = page.locator('.tool-card[data-tool=Bash]').last();
    expect(await bash.textContent()).toContain('git reset --hard is not allowed here');
    expect(existsSync(ran)).toBe(false);

    // The banner is one line; Review opens its drawer with what changed.
    await page.locator('.review-banner .review-open').click();
    const review = page.locator('.review-banner .review-file', { hasText: sb.projectSettings });
    await review.waitFor();
    expect(await review.textContent()).toContain('"disableAllHooks": true — applying turns every hook off');
    expect(await review.textContent()).toContain('− PreToolUse (Bash) · No git reset --hard (still running until you apply)');
    expect(await review.getByRole('button', { name: 'Dismiss' }).count()).toBe(0);
    await review.getByRole('button', { name: 'Revert' }).click();
    const note = page.locator('.review-reverted');
    await note.waitFor();
    expect(await note.textContent()).toContain(`Reverted ${sb.projectSettings} to the content the session runs.`);
    expect(await page.locator('.review-banner .review-file').count()).toBe(0);
    expect(sb.read(sb.projectSettings)).toBe(approved);
    await note.getByRole('button', { name: 'Undo' }).click();
    await review.waitFor();
    expect(sb.read(sb.projectSettings)).toBe(agents);

    // The settings page lists the file as it is on disk.
    const settings = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await settings.click('[data-tab=project]');
    await settings.locator('.empty-state[data-empty=project]').waitFor();
    await s.stop();

    // The next session: the change is still unreviewed, the guard still runs, and the banner says when the change was made.
    const next = await ui.serve(sb, {});
    const again = await openPage(ui.browser, next, { lang: 'en' });
    await again.locator('.review-banner .review-open').click();
    const carried = again.locator('.review-banner .review-file', { hasText: sb.projectSettings });
    await carried.waitFor();
    expect(await carried.locator('.review-since').textContent()).toMatch(
      /^Changed during an earlier session \(.+\) and not reviewed: this session runs the last approved content of this file$/,
    );
    expect(await carried.textContent()).toContain('"disableAllHooks": true — applying turns every hook off');
    await carried.getByRole('button', { name: 'Revert' }).click();
    await again.locator('.review-reverted').waitFor();
    expect(sb.read(sb.projectSettings)).toBe(approved);
  }, 120_000);
});

describe('what a session says at start', () => {
  it('a session that starts with every hook off says so in a banner naming the file', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, { disableAllHooks: true, hooks: hooksOf([{ event: 'PreToolUse', matcher: 'Bash', command: 'exit 2', description: 'Guard' }]) });
    const s = await ui.serve(sb, {});
    const page = await openPage(ui.browser, s, { lang: 'en' });
    const banner = page.locator('.start-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toBe(`Every hook is off in this session: "disableAllHooks": true in ${sb.userSettings}`);
  });
});

describe('workspace trust', () => {
  it('the dialog lists the project hook commands; trusting the started session runs the project SessionStart hooks; the project tab has a trust switch', async () => {
    const sb = new UiSandbox();
    const started = join(sb.root, 'session-start.json');
    sb.write(sb.projectSettings, {
      hooks: hooksOf([
        { event: 'SessionStart', command: `cat > '${started}'`, description: 'Project start' },
        { event: 'PostToolUse', matcher: 'Edit', command: 'npx prettier --write .', description: 'Format' },
      ]),
    });
    const s = await ui.serve(sb, { script: [] });
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    const dialog = page.getByRole('dialog', { name: 'Trust the hooks of this project?' });
    await dialog.waitFor();
    const commands = await dialog.locator('.trust-hooks .command').allTextContents();
    expect(commands).toEqual([`cat > '${started}'`, 'npx prettier --write .']);
    expect(existsSync(started)).toBe(false); // not trusted yet: the project's SessionStart did not run
    await dialog.getByRole('button', { name: 'Trust', exact: true }).click();
    await until(() => existsSync(started) && readFileSync(started, 'utf8').trim().endsWith('}'), 5000, 'the project SessionStart hook');
    expect(JSON.parse(readFileSync(started, 'utf8'))).toMatchObject({ hook_event_name: 'SessionStart', source: 'startup' });

    await page.click('[data-tab=project]');
    const toggle = page.getByRole('switch', { name: 'Trust this workspace (project hooks run)' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await page.locator('.hook-row[data-state=active]').count()).toBe(2);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => page.locator('.hook-row[data-state=untrusted]').count()).toBe(2);
    expect(JSON.parse(readFileSync(join(sb.home, '.wave', 'trusted-workdirs.json'), 'utf8'))).toEqual({ workdirs: { [sb.workdir]: false } });
  });
});

describe('prompts and settings problems in the chat', () => {
  it('a prompt blocked by UserPromptSubmit comes back into the composer; the chat shows the reason, never the prompt', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, {
      hooks: hooksOf([
        { event: 'UserPromptSubmit', command: "grep -q AKIA && { echo 'the prompt holds an AWS key' >&2; exit 2; }; exit 0", description: 'No secrets' },
      ]),
    });
    const s = await ui.serve(sb, { script: [{ text: 'must not be asked' }] });
    const page = await openPage(ui.browser, s, { lang: 'en' });
    const secret = 'deploy with AKIAIOSFODNN7EXAMPLE';
    await send(page, secret);
    await page.locator('.timeline', { hasText: 'the prompt holds an AWS key' }).waitFor();
    await expect.poll(() => input(page).inputValue()).toBe(secret);
    expect(await page.locator('.timeline').textContent()).not.toContain('AKIAIOSFODNN7EXAMPLE');
  });

  it('a trailing comma in the project settings: a banner in the chat names the file and line and says its hooks do not run', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(
      sb.projectSettings,
      '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "exit 2" }] },\n    ]\n  }\n}\n',
    );
    const s = await ui.serve(sb, { script: [] });
    const page = await openPage(ui.browser, s, { view: 'chat', lang: 'en' });
    const banner = page.locator('.config-problems');
    await banner.waitFor();
    expect(await banner.locator('summary').textContent()).toContain('1 hook could not be read and does not run');
    expect(await banner.textContent()).toContain(`${sb.projectSettings}:4:83`); // at the trailing comma
  });
});
