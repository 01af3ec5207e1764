// Nothing hidden in a 400 px tool window, nor at 1200 px, in real Chromium against a real `wave
// serve`, in both languages and both themes: every item of a hook row's ⋯ menu can be clicked —
// `elementFromPoint` at its centre is the item itself, for every row, the rows near the bottom of
// the window included (their menu opens above them) —; the "Settings changed on disk" banner is one
// line ("3 settings files changed — Review") whose drawer has Apply all and per-file buttons named
// for their file; the top bar's model name and the rows' matcher chips show in full; the settings
// intro gives the run order of the sources in both languages.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hooksOf, openPage, UiSandbox, uiSuite, type Serve } from './harness.js';

const ui = uiSuite();

const COMBOS = [
  { lang: 'en', theme: 'light', width: 400 },
  { lang: 'zh-CN', theme: 'dark', width: 400 },
  { lang: 'zh-CN', theme: 'light', width: 1200 },
  { lang: 'en', theme: 'dark', width: 1200 },
] as const;

/** A user file with enough hooks that the last rows sit at the bottom of an 800 px window. */
function sandbox(): UiSandbox {
  const sb = new UiSandbox('acme-shop').trust(true);
  const rows = Array.from({ length: 12 }, (_, i) => ({
    event: i % 2 ? 'PreToolUse' : 'PostToolUse',
    matcher: i === 0 ? 'Bash|Edit|Write|MultiEdit|NotebookEdit|mcp__github__create_pull_request' : 'Bash',
    command: `./hooks/check-${i}.sh --strict`,
    description: `Check number ${i} of every shell command the agent runs before it runs`,
  }));
  sb.write(sb.userSettings, { hooks: hooksOf(rows) });
  sb.write(sb.projectSettings, { hooks: hooksOf([{ event: 'Stop', command: 'true', description: 'Project stop' }]) });
  return sb;
}

let served: Promise<{ sb: UiSandbox; s: Serve }> | null = null;
function serve(): Promise<{ sb: UiSandbox; s: Serve }> {
  served ??= (async () => {
    const sb = sandbox();
    const s = await ui.serve(sb, { script: [], env: { WAVE_MODEL: 'claude-sonnet-4-5' } });
    return { sb, s };
  })();
  return served;
}

/** The menu items that are not the topmost element at their centre (what a click there would hit instead). */
function covered(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[role=menu] [role=menuitem]')).flatMap((item) => {
      const r = item.getBoundingClientRect();
      const vw = document.documentElement.clientWidth;
      const vh = document.documentElement.clientHeight;
      if (r.top < 0 || r.left < 0 || r.bottom > vh || r.right > vw) return [`${item.textContent} is outside the window`];
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit && item.contains(hit) ? [] : [`${item.textContent} is under ${hit?.className ?? 'nothing'}`];
    }),
  );
}

describe('the row menu at 400 px', () => {
  for (const { lang, theme } of COMBOS.filter((c) => c.width === 400)) {
    it(`every item of every row's menu is clickable, the bottom rows' menus open above them (${lang}, ${theme})`, async () => {
      const { s } = await serve();
      const page = await openPage(ui.browser, s, { view: 'settings', lang, theme, width: 400, height: 800 });
      await page.locator('.hook-row').nth(11).waitFor();
      const rows = page.locator('.hook-row');
      const problems: string[] = [];
      for (let i = 0; i < (await rows.count()); i++) {
        const more = rows.nth(i).locator('.more-actions');
        // Each row once at the bottom of the window (where the menu has no room below), the first ones also at the top.
        await more.evaluate((b) => b.scrollIntoView({ block: 'end' }));
        await more.click();
        await page.getByRole('menu').waitFor();
        problems.push(...(await covered(page)).map((p) => `row ${i}: ${p}`));
        expect(await page.getByRole('menuitem').count()).toBe(4);
        const placement = await page.getByRole('menu').getAttribute('data-placement');
        const moreBox = (await more.boundingBox())!;
        if (moreBox.y > 600) expect(placement).toBe('above');
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
      }
      expect(problems).toEqual([]);

      // A real click on Delete of the last row, at the bottom of the window, opens its confirmation.
      const last = rows.last().locator('.more-actions');
      await last.evaluate((b) => b.scrollIntoView({ block: 'end' }));
      await last.click();
      const del = page.getByRole('menuitem', { name: lang === 'en' ? 'Delete' : '删除' });
      const box = (await del.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Check number 11');
      // The dialog is on top of everything: its buttons are what a click hits.
      const cancel = dialog.getByRole('button', { name: lang === 'en' ? 'Cancel' : '取消' });
      expect(
        await cancel.evaluate((b) => {
          const r = b.getBoundingClientRect();
          return b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
        }),
      ).toBe(true);
      await page.keyboard.press('Escape');
      await page.context().close();
    });
  }
});

/**
 * Records, for each menu or drawer put in the page, whether it was already in the top layer and
 * placed when it entered the DOM (a MutationObserver runs before the browser paints or a test
 * looks): one painted at its place in the row, under the window's bottom edge, is what a click
 * that comes quickly would meet. A menu also says whether it held the focus then: keys pressed
 * at once (Escape) go to the menu, not to the button that opened it.
 */
function watchPlacement(page: Page): Promise<void> {
  return page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { placedAtInsert: string[] }).placedAtInsert = seen;
    new MutationObserver((records) => {
      for (const node of records.flatMap((r) => Array.from(r.addedNodes))) {
        if (!(node instanceof HTMLElement)) continue;
        for (const el of [node, ...Array.from(node.querySelectorAll<HTMLElement>('.row-menu, .review-drawer'))]) {
          if (!el.matches('.row-menu, .review-drawer')) continue;
          const placed = el.matches(':popover-open') && el.dataset.placement ? 'placed' : `${el.className} not placed`;
          seen.push(el.matches('.row-menu') ? `${placed}, ${el.contains(document.activeElement) ? 'focused' : 'not focused'}` : placed);
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

describe('a menu is placed before anyone sees it', () => {
  it('the row menu is in the top layer, next to its button, with the focus on its first item, from the moment it is in the page', async () => {
    const { s } = await serve();
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en', width: 400, height: 800 });
    await page.locator('.hook-row').nth(11).waitFor();
    await watchPlacement(page);
    for (const i of [0, 11]) {
      const more = page.locator('.hook-row').nth(i).locator('.more-actions');
      await more.evaluate((b) => b.scrollIntoView({ block: 'end' }));
      await more.click();
      await page.getByRole('menu').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    expect(await page.evaluate(() => (window as unknown as { placedAtInsert: string[] }).placedAtInsert)).toEqual(['placed, focused', 'placed, focused']);
    await page.context().close();
  });
});

describe('no clipped name', () => {
  for (const { lang, theme, width } of COMBOS) {
    it(`the model name in the top bar and every matcher chip show in full (${lang}, ${theme}, ${width} px)`, async () => {
      const { s } = await serve();
      for (const view of ['settings', undefined] as const) {
        const page = await openPage(ui.browser, s, { ...(view ? { view } : {}), lang, theme, width, height: 800 });
        const label = page.locator('.topbar .model-label');
        await label.waitFor();
        expect(await label.textContent()).toBe('claude-sonnet-4-5');
        const shown = await label.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.right - 2, r.top + r.height / 2);
          return { fits: el.scrollWidth <= el.clientWidth + 1, inWindow: r.right <= document.documentElement.clientWidth, onTop: !!hit && el.contains(hit) };
        });
        expect(shown).toEqual({ fits: true, inWindow: true, onTop: true });
        if (view === 'settings') {
          await page.locator('.hook-row').first().waitFor();
          const chips = await page.locator('.hook-row .matcher').evaluateAll((els) =>
            els.map((el) => ({
              text: el.textContent,
              clipped: el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > document.documentElement.clientWidth,
            })),
          );
          expect(chips.length).toBe(12);
          expect(chips.filter((c) => c.clipped)).toEqual([]);
          expect(chips[1]).toEqual({ text: 'Bash', clipped: false });
          const intro = await page.locator('.hooks .section-head p').textContent();
          expect(intro).toContain(lang === 'en' ? 'programmatic, plugin, user, project, then project local' : '编程式、插件、用户级、项目级，最后是项目本地');
        }
        await page.context().close();
      }
    });
  }
});

describe('the banner of settings changed on disk', () => {
  it('is one line at 400 px ("3 settings files changed — Review"); its drawer has Apply all and buttons named for their file, all clickable, in both languages and themes', async () => {
    const { sb, s } = await serve();
    const page = await openPage(ui.browser, s, { view: 'chat', lang: 'en', width: 400, height: 800 });
    await page.locator('.composer textarea').waitFor();
    // Three files change on disk during the session.
    sb.write(sb.userSettings, { hooks: hooksOf([{ event: 'Stop', command: 'true', description: 'User stop' }]) });
    sb.write(sb.projectSettings, { disableAllHooks: true });
    sb.write(sb.localSettings, { hooks: hooksOf([{ event: 'PreToolUse', matcher: 'Bash', command: 'exit 2', description: 'Local guard' }]) });
    const count = page.locator('.review-banner .review-count');
    await page.locator('.review-banner .review-count', { hasText: '3 settings files changed' }).waitFor();
    for (const { lang, theme, width } of COMBOS) {
      const p = await openPage(ui.browser, s, { view: 'chat', lang, theme, width, height: 800 });
      const banner = p.locator('.review-banner');
      await banner.locator('.review-count').waitFor();
      expect(await banner.locator('.review-count').textContent()).toBe(lang === 'en' ? '3 settings files changed' : '3 个设置文件已更改');
      const height = (await banner.boundingBox())!.height;
      expect(height).toBeLessThan(width === 400 ? 60 : 45);
      await banner.getByRole('button', { name: lang === 'en' ? 'Review' : '查看' }).click();
      const drawer = p.locator('#review-drawer');
      await drawer.waitFor();
      const buttons = await drawer.getByRole('button').evaluateAll((els) =>
        els.map((b) => {
          const r = b.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return { text: b.textContent, clickable: !!hit && b.contains(hit) && r.bottom <= document.documentElement.clientHeight };
        }),
      );
      const [apply, revert] = lang === 'en' ? ['Apply', 'Revert'] : ['应用', '还原'];
      const names = ['~/.wave/settings.json', '<project>/.wave/settings.json', '<project>/.wave/settings.local.json'];
      expect(buttons.map((b) => b.text)).toEqual(
        expect.arrayContaining([lang === 'en' ? 'Apply all' : '全部应用', ...names.flatMap((n) => [`${apply} ${n}`, `${revert} ${n}`])]),
      );
      // Every button of the drawer is clickable where it is, or after scrolling the drawer to it.
      for (const b of buttons.filter((x) => !x.clickable)) {
        const loc = drawer.getByRole('button', { name: b.text!, exact: true });
        await loc.scrollIntoViewIfNeeded();
        expect(
          await loc.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
          }),
        ).toBe(true);
      }
      expect(await drawer.textContent()).toContain(lang === 'en' ? '"disableAllHooks": true — applying turns every hook off' : '"disableAllHooks": true');
      await p.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      expect(await p.evaluate(() => document.activeElement?.classList.contains('review-open'))).toBe(true);
      await p.context().close();
    }
    // Apply of one file, then Apply all: the banner goes.
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('button', { name: 'Apply <project>/.wave/settings.local.json' }).click();
    await page.locator('.review-banner .review-count', { hasText: '2 settings files changed' }).waitFor();
    await page.getByRole('button', { name: 'Apply all' }).click();
    await count.waitFor({ state: 'detached' });
    expect(await page.locator('.review-banner').count()).toBe(0);
  });
});
