// The chat from the keyboard (README, "The chat from the keyboard"; webui/src/views/common/keyboard.ts),
// in real Chromium against a real `wave serve`, real hook processes and the scripted model server:
// the first Tab stop is a skip link that takes the focus to the composer; "/" outside a text field
// does the same (and is typed as it is inside one); a tool call with its hook runs is one Tab stop,
// and the arrow keys, Home and End move between its parts, the group remembering the last one. Both
// languages, both themes, 400 and 1200 px. Every check reads document.activeElement.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, pageErrors, UiSandbox, uiSuite } from './harness.js';

const ui = uiSuite();

const CASES = [
  { lang: 'en', theme: 'light', width: 1200 },
  { lang: 'zh-CN', theme: 'dark', width: 400 },
] as const;

/**
 * What has the focus: its id and class, whether it is inside the first tool group, which of the
 * group's parts on screen it is (-1: none; the summaries not inside a closed card) and of what kind.
 */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const group = document.querySelector('.tool-group')!;
    const parts = Array.from(group.querySelectorAll('summary')).filter((s) => {
      for (let d = s.parentElement!.parentElement!.closest('details'); d && group.contains(d); d = d.parentElement!.closest('details'))
        if (!d.open) return false;
      return true;
    });
    return {
      id: el?.id ?? '',
      cls: el?.className ?? '',
      inGroup: !!(el && group.contains(el)),
      part: parts.indexOf(el as HTMLElement),
      parts: parts.length,
      main: !!el?.matches('[data-main] > summary'),
      fold: !!el?.matches('.run-fold > summary'),
      run: !!el?.matches('.run-card > summary'),
    };
  });

describe('the chat from the keyboard', () => {
  it('skip link, "/" and a tool group as one Tab stop with the arrow keys inside', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, {
      permissions: { allow: ['Bash'] },
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', description: 'Check shell', command: 'true # check' }] }],
        PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', description: 'Log shell', command: 'true # log' }] }],
      },
    });
    const s = await ui.serve(sb, { script: [{ toolCalls: [{ name: 'Bash', input: { command: 'ls' } }] }, { text: 'Listed.' }] });
    const first = await openPage(ui.browser, s, { lang: 'en' });
    await first.locator('.composer textarea').fill('list files');
    await first.locator('.composer textarea').press('Enter');
    await first.locator('.assistant-text', { hasText: 'Listed.' }).waitFor();

    for (const c of CASES) {
      const page = await openPage(ui.browser, s, c);
      const composer = page.locator('#composer-input');
      await page.locator('.tool-group .tool-card[data-tool=Bash]').waitFor();
      await page.locator('.tool-group summary').nth(2).waitFor();

      // The skip link is the first Tab stop, visible when focused; Enter takes the focus to the composer.
      await page.keyboard.press('Tab');
      expect((await focused(page)).cls, c.lang).toContain('skip-link');
      expect((await page.locator('.skip-link').boundingBox())!.height).toBeGreaterThan(0);
      await page.keyboard.press('Enter');
      expect((await focused(page)).id).toBe('composer-input');

      // "/" outside a text field focuses the composer without typing itself; inside one it is typed.
      await page.locator('.tool-group [data-main] > summary').focus();
      await page.keyboard.press('/');
      expect((await focused(page)).id).toBe('composer-input');
      expect(await composer.inputValue()).toBe('');
      await page.keyboard.type('a/b');
      expect(await composer.inputValue()).toBe('a/b');
      await composer.fill('');

      // One Tab stop: of the group's parts only the tool call's own summary is in the Tab order.
      const tabIndexes = await page
        .locator('.tool-group')
        .first()
        .locator('summary')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).tabIndex));
      expect(tabIndexes.filter((i) => i === 0)).toHaveLength(1);
      await page.locator('.tool-group [data-main] > summary').focus();
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).inGroup).toBe(false);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ inGroup: true, main: true });
      await page.keyboard.press('Tab');
      expect((await focused(page)).inGroup).toBe(false);

      // The arrow keys, Home and End move between the parts on screen (not the run cards of a closed
      // fold); the part last focused is the group's Tab stop.
      await page.locator('.tool-group [data-main] > summary').focus();
      expect(await focused(page)).toMatchObject({ part: 1, parts: 4 });
      await page.keyboard.press('ArrowUp');
      expect(await focused(page)).toMatchObject({ part: 0, fold: true });
      await page.keyboard.press('ArrowDown');
      expect(await focused(page)).toMatchObject({ part: 1, main: true });
      await page.keyboard.press('ArrowRight');
      expect((await focused(page)).part).toBe(2);
      await page.keyboard.press('End');
      expect((await focused(page)).part).toBe(3);
      await page.keyboard.press('Home');
      expect(await focused(page)).toMatchObject({ part: 0, fold: true });
      await page.keyboard.press('ArrowLeft');
      expect((await focused(page)).part).toBe(0);
      await page.keyboard.press('Tab');
      expect((await focused(page)).inGroup).toBe(false);
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toMatchObject({ inGroup: true, part: 0 });
      // Enter opens the fold it is on (the summary's own behaviour): its run card is a part now.
      await page.keyboard.press('Enter');
      expect(await focused(page)).toMatchObject({ part: 0, parts: 5 });
      await page.keyboard.press('ArrowDown');
      expect(await focused(page)).toMatchObject({ part: 1, run: true });
      await page.keyboard.press('ArrowDown');
      expect(await focused(page)).toMatchObject({ part: 2, main: true });
      expect(
        await page
          .locator('.tool-group')
          .first()
          .locator('summary')
          .evaluateAll((els) => els.filter((e) => (e as HTMLElement).tabIndex === 0).length),
      ).toBe(1);
      expect(pageErrors(page)).toEqual([]);
    }
  });
});
