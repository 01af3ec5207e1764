// The "why" of every tool call in the chat, in real Chromium against a real `wave serve`, real hook
// processes and the scripted model server (docs/hooks.md, "Why a hook did or did not run"): under
// each tool card the hooks that ran (answer, time, the one that decided) and those that did not with
// their reason, sent as data (matcher, `if`); the card header shows the command that ran, tagged
// "rewritten by <hook>"; a thin line ends each turn with its hook runs, their time and the slowest;
// and runs are paired with their call by message and tool id — a server that reuses a tool id across
// turns no longer shows an old turn's runs under a new card (timeline.test.ts). Both languages, both
// themes, 400 and 1200 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, pageErrors, screenshot, UiSandbox, uiSuite } from './harness.js';

const ui = uiSuite();

const send = async (page: Page, text: string) => {
  await page.locator('.composer textarea').fill(text);
  await page.locator('.composer textarea').press('Enter');
};

const json = (v: unknown) => `printf '%s' '${JSON.stringify(v)}'`;

const CASES = [
  { lang: 'en', theme: 'light', width: 1200 },
  { lang: 'zh-CN', theme: 'dark', width: 400 },
] as const;

describe('the why of a tool call', () => {
  it('the hooks that ran and the one that decided, those that did not and why, the command that ran, and the line ending the turn', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, {
      permissions: { allow: ['Bash'] },
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              {
                type: 'command',
                description: 'Make it safe',
                command: json({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo safe' } } }),
              },
            ],
          },
          { matcher: 'Bash', hooks: [{ type: 'command', description: 'Slow security scan', command: 'sleep 0.4' }] },
          { matcher: 'Edit|Write', hooks: [{ type: 'command', description: 'Edit guard', command: 'true # edits' }] },
          { matcher: 'Bash', hooks: [{ type: 'command', description: 'Git guard', if: 'Bash(git *)', command: 'true # git' }] },
        ],
        Stop: [{ hooks: [{ type: 'command', description: 'Say bye', command: 'true # bye' }] }],
      },
    });
    const s = await ui.serve(sb, { script: [{ toolCalls: [{ name: 'Bash', input: { command: 'rm -rf build' } }] }, { text: 'Cleaned.' }] });
    const en = await openPage(ui.browser, s, { lang: 'en' });
    await send(en, 'clean up');
    await en.locator('.assistant-text', { hasText: 'Cleaned.' }).waitFor();
    for (const c of CASES) {
      const page = await openPage(ui.browser, s, c);
      page.setDefaultTimeout(15_000);
      const card = page.locator('.tool-card[data-tool=Bash]');
      await card.waitFor();
      // The command that ran, tagged with the hook that rewrote it; the model's own command in the title.
      expect(await card.locator('.tool-gist').textContent()).toBe('echo safe');
      expect(await card.locator('.tool-rewritten').textContent()).toBe(c.lang === 'en' ? 'rewritten by Make it safe' : '已被 Make it safe 改写');
      expect(await card.locator('.tool-gist').getAttribute('title')).toContain('rm -rf build');
      const why = page.locator('.tool-why');
      expect(await why.locator('> summary').textContent()).toBe(c.lang === 'en' ? 'Hooks: 2 ran · 2 did not run' : '钩子：2 个已运行 · 2 个未运行');
      await why.locator('> summary').click();
      const ran = why.locator('.why-ran');
      expect(await ran.locator('.why-name').allTextContents()).toEqual(['Make it safe', 'Slow security scan']);
      // The one whose answer decided the call (here: the rewrite).
      expect(await why.locator('.why-ran[data-decided] .why-name').allTextContents()).toEqual(['Make it safe']);
      expect(await ran.first().locator('.why-decided').textContent()).toBe(c.lang === 'en' ? 'decided' : '做出决定');
      const not = why.locator('.why-not');
      expect(await not.evaluateAll((els) => els.map((e) => `${e.querySelector('.why-name')!.textContent}:${(e as HTMLElement).dataset.kind}`))).toEqual([
        'Edit guard:matcher',
        'Git guard:if',
      ]);
      expect(await not.locator('.why-reason').allTextContents()).toEqual(
        c.lang === 'en'
          ? ['matcher "Edit|Write" does not match Bash', '"if": Bash(git *) does not cover this call']
          : ['匹配器 "Edit|Write" 不匹配 Bash', '"if"：Bash(git *) 不涵盖此调用'],
      );
      // The line that ends the turn: 3 runs (2 PreToolUse, Stop), the slowest named.
      const line = page.locator('.turn-line');
      const text = (await line.textContent())!;
      expect(text).toMatch(
        c.lang === 'en'
          ? /^hooks: 3 runs, [\d.]+ (ms|s) — slowest: Slow security scan [\d.]+ (ms|s)$/
          : /^钩子：运行 3 次，[\d.]+ (ms|s) — 最慢：Slow security scan [\d.]+ (ms|s)$/,
      );
      // Nothing is cut or overflows the window, at 400 px too.
      const overflow = await page.evaluate(
        () =>
          Array.from(document.querySelectorAll<HTMLElement>('.tool-why, .turn-line, .tool-rewritten')).filter(
            (el) => el.getBoundingClientRect().right > window.innerWidth + 1,
          ).length,
      );
      expect(overflow).toBe(0);
      await screenshot(page, `chat-tool-why-${c.lang}-${c.theme}-${c.width}.png`);
      expect(pageErrors(page)).toEqual([]);
    }
  }, 120_000);
});
