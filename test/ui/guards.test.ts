// What the page shows about guards, in real Chromium against a real `wave serve` (docs/hooks.md,
// "Project hooks need a trusted workspace", "Test with your own input", "Guard coverage"), in both
// languages, both themes, at 400 and 1200 px:
//  - the trust dialog shows what the user trusts: every project hook whole (command wrapped, never
//    cut), its description, event, matcher and file (settings.json and settings.local.json), and the
//    first lines of a project script it runs, with Open (the IDE's openFile; a plain browser says where);
//  - Test with your own input: the stdin editor prefilled with the sample, presets per tool
//    (`rm -rf build` makes the guard block), JSON checked with line and column, the note that a
//    test runs for real, and test runs counted apart in the row's figures;
//  - guard coverage: which tools have a guard, only observers, or none, and the guards that would
//    fail open (a timeout below its p95, a script that cannot run, a matcher that matches nothing).
import { appendFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { contrastProblems, overflowProblems } from './audit.js';
import { hooksOf, openPage, pageErrors, screenshot, UiSandbox, uiSuite, type OpenOptions, type Serve } from './harness.js';

const ui = uiSuite();

/** Each language, theme and width at least once, in pairs that differ in all three. */
const LOOKS: Array<Required<Pick<OpenOptions, 'lang' | 'theme' | 'width'>>> = [
  { lang: 'en', theme: 'light', width: 1200 },
  { lang: 'zh-CN', theme: 'dark', width: 400 },
  { lang: 'en', theme: 'dark', width: 400 },
  { lang: 'zh-CN', theme: 'light', width: 1200 },
];
const name = (o: (typeof LOOKS)[number]) => `${o.lang} ${o.theme} ${o.width}px`;

/** The audits of the elements this file is about (other parts of the page have their own tests). */
async function audit(page: Page, parts: RegExp): Promise<string[]> {
  return [...(await overflowProblems(page)), ...(await contrastProblems(page))].filter((p) => parts.test(p));
}

const SCRIPT_LINES = Array.from({ length: 15 }, (_, i) => (i === 0 ? '#!/bin/sh' : `# step ${i}: look at the command`));
const LONG_CURL =
  "curl -s https://example.invalid/hooks/report?project=acme-shop&event=PostToolUse --data-binary @- -H 'Content-Type: application/json' --max-time 5 --retry 2";

describe('the trust dialog shows what the user trusts', () => {
  let sb: UiSandbox;
  let s: Serve;
  let script: string;
  let notify: string;
  beforeAll(async () => {
    sb = new UiSandbox();
    script = sb.write(join(sb.workdir, '.wave', 'hooks', 'no-rm.sh'), `${SCRIPT_LINES.join('\n')}\n`);
    chmodSync(script, 0o755);
    notify = sb.write(join(sb.workdir, '.wave', 'hooks', 'notify.sh'), 'echo done\necho "$1"\n');
    sb.write(sb.projectSettings, {
      hooks: hooksOf([
        { event: 'PreToolUse', matcher: 'Bash', command: '"$WAVE_PROJECT_DIR"/.wave/hooks/no-rm.sh', description: 'Block rm -rf' },
        { event: 'PostToolUse', matcher: 'Edit|Write', command: LONG_CURL, description: 'Report edits' },
      ]),
    });
    sb.write(sb.localSettings, { hooks: hooksOf([{ event: 'Stop', command: 'sh .wave/hooks/notify.sh' }]) });
    s = await ui.serve(sb, {});
  }, 60_000);

  for (const [i, look] of LOOKS.entries()) {
    it(`every hook whole, its file, its script's first lines and Open (${name(look)})`, async () => {
      // The IDE's settings view and a plain browser in turn: only the browser says where the file is.
      const view = i % 2 ? 'settings' : undefined;
      const page = await openPage(ui.browser, s, { ...look, ...(view ? { view } : {}) });
      const dialog = page.locator('.trust-dialog');
      await dialog.waitFor();
      await dialog.locator('.trust-script').first().waitFor(); // the hooks whole (trust.hooks) are in
      expect(await dialog.locator('.trust-hooks .command').allTextContents()).toEqual([
        '"$WAVE_PROJECT_DIR"/.wave/hooks/no-rm.sh',
        LONG_CURL,
        'sh .wave/hooks/notify.sh',
      ]);
      // Wrapped, never cut: no command is wider than its box, and the dialog fits in the window.
      const boxes = await dialog
        .locator('.trust-command')
        .evaluateAll((els) => els.map((e) => ({ wrap: getComputedStyle(e).whiteSpace, cut: e.scrollWidth > e.clientWidth + 1 })));
      expect(boxes).toEqual(Array(3).fill({ wrap: 'pre-wrap', cut: false }));
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(look.width);
      expect(box.y + box.height).toBeLessThanOrEqual(720);
      expect(await dialog.locator('.trust-hook .event').allTextContents()).toEqual(['PreToolUse', 'PostToolUse', 'Stop']);
      expect(await dialog.locator('.trust-matcher').allTextContents()).toEqual(['Bash', 'Edit|Write']);
      expect(await dialog.locator('.trust-description').allTextContents()).toEqual(['Block rm -rf', 'Report edits']);
      const files = await dialog.locator('.trust-file').allTextContents();
      expect(files.map((f) => /<project>\/\.wave\/settings(\.local)?\.json:\d+/.exec(f)?.[0].replace(/:\d+$/, ''))).toEqual([
        '<project>/.wave/settings.json',
        '<project>/.wave/settings.json',
        '<project>/.wave/settings.local.json',
      ]);
      expect(await dialog.locator('.trust-file').first().getAttribute('title')).toBe(sb.projectSettings);
      // The scripts in the project: their first lines (10 at most, then a note), with Open.
      const scripts = dialog.locator('.trust-script');
      expect(await scripts.count()).toBe(2);
      expect(await scripts.nth(0).locator('.trust-script-lines').textContent()).toBe(SCRIPT_LINES.slice(0, 10).join('\n'));
      expect(await scripts.nth(0).locator('.trust-more').count()).toBe(1);
      expect(await scripts.nth(1).locator('.trust-script-lines').textContent()).toBe('echo done\necho "$1"');
      expect(await scripts.nth(1).locator('.trust-more').count()).toBe(0);
      expect(await audit(page, /trust-|dialog/)).toEqual([]);
      if (i === 0) await screenshot(page, 'trust-dialog.png');
      const before = s.hostLines.length;
      await scripts.nth(1).locator('.trust-open').click();
      await expect.poll(() => s.hostLines.slice(before).map((l) => JSON.parse(l) as unknown)).toEqual([{ host: 'openFile', path: notify }]);
      if (view) expect(await scripts.nth(1).locator('.trust-opened').count()).toBe(0);
      else expect(await scripts.nth(1).locator('.trust-opened').textContent()).toContain(notify);
      // Closed without an answer: the next page asks again.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(pageErrors(page)).toEqual([]);
    });
  }
});

const GUARD = "grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; }; exit 0";

const WORDS = {
  en: { nothing: 'It would change nothing', blocked: 'It would block', tests: (n: number) => `${n} test runs`, note: 'Test runs the hook for real' },
  'zh-CN': { nothing: '它不会改变任何东西', blocked: '它会阻止', tests: (n: number) => `测试运行 ${n} 次`, note: '测试会真实运行钩子' },
} as const;

describe('Test with your own input, and guard coverage', () => {
  let sb: UiSandbox;
  let s: Serve;
  beforeAll(async () => {
    sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, {
      hooks: hooksOf([
        { event: 'PreToolUse', matcher: 'Bash', command: GUARD, description: 'No rm -rf' },
        { event: 'PreToolUse', matcher: 'Bash', command: 'sleep 0; exit 0', description: 'Slow scan', timeout: 1 },
        { event: 'PreToolUse', matcher: 'Write|Edit', command: '/nonexistent/guard.sh', description: 'Missing guard' },
        { event: 'PreToolUse', matcher: 'MultiEdit', command: 'exit 0', description: 'Old tool name' },
        { event: 'PostToolUse', matcher: 'Read', command: 'exit 0', description: 'Audit reads' },
      ]),
    });
    // Real runs of the slow scan took 3 s: its 1 s timeout is below its p95.
    const slow = {
      sessionId: 's1',
      event: 'PreToolUse',
      source: 'user',
      file: sb.userSettings,
      name: 'Slow scan',
      matcher: 'Bash',
      command: 'sleep 0; exit 0',
    };
    const line = (i: number) =>
      `${JSON.stringify({ startedAt: new Date(Date.now() - i * 60_000).toISOString(), ...slow, durationMs: 3000, exitCode: 0, verdict: 'ok', decision: 'ok' })}\n`;
    appendFileSync(join(sb.home, '.wave', 'hook-runs.jsonl'), [1, 2, 3].map(line).join(''));
    s = await ui.serve(sb, {});
  }, 60_000);

  const row = (page: Page, text: string) => page.locator('.hook-row', { hasText: text });

  /** Test from the row: its button, or in a narrow window its menu's first item. */
  async function test(page: Page, narrow: boolean, text: string): Promise<void> {
    const r = row(page, text);
    if (narrow) {
      await r.locator('.more-actions').click();
      await page.locator('.row-menu [role=menuitem]').first().click();
    } else await r.locator('button[data-action=test]').click();
  }

  for (const [i, look] of LOOKS.entries()) {
    it(`the sample changes nothing; rm -rf build from the presets blocks; bad JSON says where; test runs apart (${name(look)})`, async () => {
      const w = WORDS[look.lang as 'en' | 'zh-CN'];
      const page = await openPage(ui.browser, s, { ...look, view: 'settings' });
      const r = row(page, 'No rm -rf');
      await r.waitFor();
      await test(page, look.width < 640, 'No rm -rf');
      const result = r.locator('.test-result[data-test=done]');
      await result.waitFor();
      expect(await result.locator('.test-head strong').textContent()).toBe(w.nothing);
      expect(await result.locator('.test-input-note').textContent()).toContain(w.note);
      const stdin = result.locator('.test-stdin-text');
      expect(JSON.parse(await stdin.inputValue())).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo hello' } });
      // The presets of the tools the matcher accepts (Bash's), after the sample.
      const options = await result.locator('.test-preset option').allTextContents();
      expect(options.slice(1)).toEqual(['Bash: rm -rf build', 'Bash: git push --force', 'Bash: curl … | sh']);
      await result.locator('.test-preset select').selectOption({ label: 'Bash: rm -rf build' });
      expect(JSON.parse(await stdin.inputValue())).toMatchObject({ tool_input: { command: 'rm -rf build' } });
      await result.locator('.test-input-actions button').click();
      await r.locator('.test-result[data-test=done][data-summary=blocked]').waitFor();
      expect(await result.locator('.test-head strong').textContent()).toBe(w.blocked);
      expect(await result.locator('.run-stderr').textContent()).toBe('rm -rf is not allowed');
      expect(JSON.parse((await result.locator('.test-payload pre').textContent())!)).toMatchObject({ tool_input: { command: 'rm -rf build' } });
      // The editor keeps the user's text across the run; a JSON mistake says where, and nothing is sent.
      expect(await stdin.inputValue()).toContain('rm -rf build');
      await stdin.fill('{\n  "tool_name": "Bash",\n}');
      const error = result.locator('.field-error');
      expect(await error.textContent()).toMatch(look.lang === 'en' ? /^Not valid JSON at line 3, column 1: / : /^第 3 行第 1 列不是有效的 JSON：/);
      expect(await result.locator('.test-input-actions button').isDisabled()).toBe(true);
      await stdin.fill('["rm -rf build"]');
      expect(await error.textContent()).toBe(look.lang === 'en' ? 'The stdin must be a JSON object: { … }.' : 'stdin 必须是一个 JSON 对象：{ … }。');
      // Test runs are counted apart: the hook never ran for real, so only test runs show.
      await expect.poll(() => r.locator('[data-fig=tests]').textContent()).toBe(w.tests(2 * (i + 1)));
      expect(await r.locator('[data-fig=runs]').count()).toBe(0);
      expect(await audit(page, /test-|fig|field-error/)).toEqual([]);
      if (i === 0) await screenshot(page, 'settings-test-input.png');
      if (i < 2) {
        // The sidecar checks what the page cannot: a field of the wrong type is named, in the page's language.
        await stdin.fill('{ "tool_input": "rm -rf build" }');
        await result.locator('.test-input-actions button').click();
        const refused = r.locator('.test-result[data-test=error]');
        await refused.waitFor();
        expect(await refused.textContent()).toContain(look.lang === 'en' ? 'the input\'s "tool_input" must be a JSON object' : '输入中的 "tool_input" 必须是 JSON 对象');
      }
      expect(pageErrors(page)).toEqual([]);
    });
  }

  for (const [i, look] of LOOKS.entries()) {
    it(`guard coverage: guarded, observed and unguarded tools, and the guards that would fail open (${name(look)})`, async () => {
      const page = await openPage(ui.browser, s, { ...look, view: 'settings' });
      const c = page.locator('.coverage');
      await c.waitFor();
      expect(await c.locator('#coverage-title').textContent()).toBe(look.lang === 'en' ? 'Guard coverage' : '守卫覆盖');
      const warnings = c.locator('.coverage-warnings li');
      expect(await warnings.evaluateAll((els) => els.map((e) => e.getAttribute('data-warning')))).toEqual(['timeout', 'script', 'matchesNothing']);
      const texts = await warnings.allTextContents();
      if (look.lang === 'en') {
        expect(texts[0]).toBe('“Slow scan” (PreToolUse): its timeout, 1 s, is below the p95 of its runs, 3 s — a run that times out lets the call through.');
        expect(texts[1]).toBe(
          '“Missing guard” (PreToolUse) cannot run its script: the script /nonexistent/guard.sh does not exist, so this hook fails every time it runs',
        );
        expect(texts[2]).toBe('“Old tool name” (PreToolUse): its matcher “MultiEdit” matches no known tool, so it guards nothing.');
      } else {
        expect(texts[0]).toBe('“Slow scan”（PreToolUse）：超时 1 秒低于其运行的 p95（3 秒）——超时的运行会放行调用。');
        expect(texts[2]).toBe('“Old tool name”（PreToolUse）：匹配器“MultiEdit”不匹配任何已知工具，因此什么也没守护。');
      }
      await c.locator('.coverage-details summary').click();
      const level = (tool: string) => c.locator(`tr[data-tool="${tool}"]`).getAttribute('data-level');
      expect(await level('Bash')).toBe('guard');
      expect(await level('Write')).toBe('guard');
      expect(await level('Edit')).toBe('guard');
      expect(await level('Read')).toBe('observer');
      expect(await level('Glob')).toBe('none');
      expect(await level('Agent')).toBe('none');
      expect(await level('mcp__*')).toBe('none');
      const cell = (tool: string, event: string) => c.locator(`tr[data-tool="${tool}"] td[data-event=${event}]`);
      expect(await cell('Bash', 'PreToolUse').getAttribute('data-hooks')).toBe('2');
      expect(await cell('Read', 'PostToolUse').getAttribute('data-hooks')).toBe('1');
      expect(await cell('Bash', 'PostToolUse').getAttribute('data-hooks')).toBe('0');
      if (look.lang === 'en')
        expect(await cell('Bash', 'PreToolUse').getAttribute('aria-label')).toBe('PreToolUse for Bash: No rm -rf (can deny), Slow scan (can deny)');
      const counts = await c.locator('.coverage-counts .chip').allTextContents();
      const rows = await c.locator('tbody tr').count();
      expect(counts).toEqual(
        look.lang === 'en' ? ['Guarded: 3', 'Only observed: 1', `No hook: ${rows - 4}`] : ['有守卫：3', '仅观察：1', `无钩子：${rows - 4}`],
      );
      // In a narrow window the table scrolls sideways inside the section, which stays in the window.
      const section = (await c.boundingBox())!;
      expect(section.x + section.width).toBeLessThanOrEqual(look.width);
      const scroll = await c
        .locator('.coverage-scroll')
        .evaluate((e) => ({ scrolls: e.scrollWidth > e.clientWidth, overflowX: getComputedStyle(e).overflowX }));
      expect(scroll.overflowX).toBe('auto');
      if (look.width === 400) expect(scroll.scrolls).toBe(true);
      expect(await audit(page, /coverage|cov-/)).toEqual([]);
      if (i === 0) await screenshot(page, 'settings-guard-coverage.png');
      expect(pageErrors(page)).toEqual([]);
    });
  }
});
