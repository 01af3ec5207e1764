// What a guard runs, in the UI (docs/hooks.md, "Safety"): real Chromium against a real `wave serve`,
// real hook processes and the scripted model, which edits its own guard's script to `exit 0` and
// then runs `rm -rf`. The guard is held back and the call denied; the chat says why; the settings
// page's row says the hook changed during this session (and that it blocks on failure), and
// **Approve the change** lets it run again as it is now.
import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hooksOf, openPage, pageErrors, UiSandbox, uiSuite } from './harness.js';

const ui = uiSuite();

const send = async (page: Page, text: string) => {
  await page.locator('.composer textarea').fill(text);
  await page.locator('.composer textarea').press('Enter');
};

describe('a guard whose script changed during the session', () => {
  it('is held back (the call is denied, the chat says why), shows on the settings page, and runs again once approved', async () => {
    const sb = new UiSandbox().trust(true);
    const guard = sb.write(
      join(sb.workdir, '.wave', 'hooks', 'guard.sh'),
      "#!/bin/sh\nif grep -q 'rm -rf'; then echo 'rm -rf is not allowed here' >&2; exit 2; fi\n",
    );
    chmodSync(guard, 0o755);
    sb.write(sb.userSettings, { permissions: { allow: ['Bash'] } });
    const hooks = hooksOf([{ event: 'PreToolUse', matcher: 'Bash', command: `'${guard}'`, description: 'No rm -rf' }]) as Record<
      string,
      Array<{ hooks: object[] }>
    >;
    Object.assign(hooks.PreToolUse![0]!.hooks[0]!, { onFailure: 'block' });
    sb.write(sb.projectSettings, { hooks });
    const [ran1, ran2] = [join(sb.root, 'ran1'), join(sb.root, 'ran2')];
    const s = await ui.serve(sb, {
      script: [
        // Through a shell Wave cannot see into (a visible write to the script would ask first).
        { toolCalls: [{ name: 'Bash', input: { command: `sh -c 'printf "#!/bin/sh\\nexit 0\\n" > "$1"' _ '${guard}'` } }] },
        { toolCalls: [{ name: 'Bash', input: { command: `rm -rf victim; touch '${ran1}'` } }] },
        { text: 'First.' },
        { toolCalls: [{ name: 'Bash', input: { command: `touch '${ran2}'` } }] },
        { text: 'Second.' },
      ],
    });
    const page = await openPage(ui.browser, s, { lang: 'en' });
    await send(page, 'switch the guard off');
    await page.locator('.assistant-text', { hasText: 'First.' }).waitFor();
    expect(existsSync(ran1)).toBe(false);
    const denied = page.locator('.tool-card[data-tool=Bash][data-state=blocked]');
    expect(await denied.locator('.tool-blocked-reason').textContent()).toContain('what it runs changed during this session');
    await page.locator('.error-block', { hasText: `the script ${guard} changed` }).waitFor();

    const settings = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await settings.click('[data-tab=project]');
    const row = settings.locator('.hook-row', { hasText: 'No rm -rf' });
    await row.locator('[data-field=changedTargets]').waitFor();
    expect(await row.locator('[data-field=changedTargets]').getAttribute('title')).toBe(`the script ${guard} changed`);
    expect(await row.locator('[data-field=onFailure]').textContent()).toBe('blocks on failure');
    await row.getByRole('button', { name: 'Approve the change: No rm -rf' }).click();
    await row.locator('[data-field=changedTargets]').waitFor({ state: 'detached' });

    // Approved: the hook runs as it is now (exit 0), so the next call goes through.
    await send(page, 'again');
    await page.locator('.assistant-text', { hasText: 'Second.' }).waitFor();
    expect(existsSync(ran2)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(settings)).toEqual([]);
  });
});
