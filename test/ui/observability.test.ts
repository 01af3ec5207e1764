// How hooks behave, on the settings page, in real Chromium against a real `wave serve` (docs/hooks.md,
// "The settings page"): each row's figures from the run history of a temporary HOME (the same as
// `wave hooks stats`, updated when the history grows), Test of one hook against its event's sample
// payload without a model (the run and the decision in place), the Runs view with its event and
// outcome filters, and Open file (the openFile host request; outside the IDE the page says where
// the file is).
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hooksOf, openPage, pageErrors, screenshot, UiSandbox, uiSuite, type Serve } from './harness.js';

const ui = uiSuite();
let sb: UiSandbox;
let s: Serve;
let history: string;

/** One line of ~/.wave/hook-runs.jsonl, as the engine writes it (hooks/history/history.ts). */
function line(o: {
  event: string;
  matcher: string | null;
  command: string;
  name: string;
  durationMs: number;
  verdict: string;
  minutesAgo: number;
  exitCode?: number;
}) {
  const startedAt = new Date(Date.now() - o.minutesAgo * 60_000).toISOString();
  const { minutesAgo: _, exitCode = 0, ...rest } = o;
  return `${JSON.stringify({ startedAt, sessionId: 's1', source: 'user', file: sb.userSettings, ...rest, exitCode, decision: `${o.verdict} (recorded)` })}\n`;
}

beforeAll(async () => {
  sb = new UiSandbox().trust(true);
  sb.write(sb.userSettings, {
    hooks: hooksOf([
      { event: 'PreToolUse', matcher: 'Bash', command: 'echo check-bash', description: 'Check shell commands' },
      { event: 'PreToolUse', matcher: 'Bash', command: "echo 'no shell today' >&2; exit 2", description: 'No shell today' },
      { event: 'Stop', command: 'echo bye', description: 'Say bye' },
    ]),
  });
  history = join(sb.home, '.wave', 'hook-runs.jsonl');
  const check = { event: 'PreToolUse', matcher: 'Bash', command: 'echo check-bash', name: 'Check shell commands' };
  appendFileSync(
    history,
    [
      line({ ...check, durationMs: 10, verdict: 'ok', minutesAgo: 50 }),
      line({ ...check, durationMs: 20, verdict: 'ok', minutesAgo: 40 }),
      line({ ...check, durationMs: 30, verdict: 'blocked', minutesAgo: 30, exitCode: 2 }),
      line({ ...check, durationMs: 200, verdict: 'error', minutesAgo: 20, exitCode: 1 }),
      line({ event: 'Stop', matcher: null, command: 'echo bye', name: 'Say bye', durationMs: 5, verdict: 'ok', minutesAgo: 10 }),
    ].join(''),
  );
  s = await ui.serve(sb);
});


const row = (page: Page, name: string) => page.locator('.hook-row', { hasText: name });
const fig = (page: Page, name: string, which: string) => row(page, name).locator(`[data-fig=${which}]`).textContent();

describe('the hooks page shows how hooks behave', () => {
  it("each row's figures come from the run history, matched by file, event, matcher and command, and follow it", async () => {
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await row(page, 'Check shell commands').locator('.figures').waitFor();
    expect(await fig(page, 'Check shell commands', 'runs')).toBe('4 runs');
    expect(await fig(page, 'Check shell commands', 'blocks')).toBe('1 blocked');
    expect(await fig(page, 'Check shell commands', 'failures')).toBe('1 failed');
    expect(await fig(page, 'Check shell commands', 'p95')).toBe('p95 200 ms');
    expect(await fig(page, 'Check shell commands', 'last')).toBe('last 20 min ago');
    expect(await fig(page, 'Say bye', 'runs')).toBe('1 run');
    // A hook that never ran has no figures.
    expect(await row(page, 'No shell today').locator('.figures').count()).toBe(0);
    // Another session runs the hook: the figures follow the history file.
    appendFileSync(history, line({ event: 'Stop', matcher: null, command: 'echo bye', name: 'Say bye', durationMs: 7, verdict: 'ok', minutesAgo: 0 }));
    await expect.poll(() => fig(page, 'Say bye', 'runs')).toBe('2 runs');
    expect(await fig(page, 'Say bye', 'last')).toBe('last just now');
    expect(pageErrors(page)).toEqual([]);
  });

  it('Test runs that one hook against its sample payload and shows the run and the decision in the row, without a model', async () => {
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    const r = row(page, 'No shell today');
    // From the keyboard: the result and the figures arrive in the row, the focus stays on Test.
    await r.getByRole('button', { name: 'Test No shell today' }).focus();
    await page.keyboard.press('Enter');
    const result = r.locator('.test-result[data-test=done]');
    await result.waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await focused()).toBe('Test No shell today');
    // The test run is in the history too (as with `wave hooks test`), counted apart from real runs:
    // the row gets the figure of its test runs, and no real-run figures.
    await expect.poll(() => fig(page, 'No shell today', 'tests')).toBe('1 test run');
    expect(await row(page, 'No shell today').locator('[data-fig=runs]').count()).toBe(0);
    expect(await focused()).toBe('Test No shell today');
    expect(await result.locator('.test-head strong').textContent()).toBe('It would block');
    // Only that hook ran (not "Check shell commands", which matches the same event and tool).
    expect(await result.locator('.test-run').count()).toBe(1);
    expect(await result.locator('.run-exit').textContent()).toBe('exit 2');
    expect(await result.locator('.run-duration').textContent()).toMatch(/^\d+ ms$/);
    expect(await result.locator('.run-stderr').textContent()).toBe('no shell today');
    expect(await result.locator('.test-decision').textContent()).toContain(
      'BLOCKED: the tool would not run; the model would see this as the tool result: no shell today',
    );
    await result.locator('.test-payload summary').click();
    expect(JSON.parse((await result.locator('.test-payload pre').textContent())!)).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'echo hello' },
      session_id: 'hooks-test',
    });
    await screenshot(page, 'settings-test-result.png');
    await result.getByRole('button', { name: 'Close' }).click();
    await result.waitFor({ state: 'detached' });
  });

  it('the Runs view lists recent runs newest first, filtered by event and outcome', async () => {
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await page.getByRole('tab', { name: 'Runs' }).click();
    const runs = page.locator('.history-run');
    await runs.first().waitFor();
    const names = () => page.locator('.history-run .history-name').allTextContents();
    const all = await names();
    expect(all.slice(0, 2)).toEqual(['No shell today', 'Say bye']);
    expect(all.slice(-4)).toEqual(['Check shell commands', 'Check shell commands', 'Check shell commands', 'Check shell commands']);
    await page.getByLabel('Event').selectOption('Stop');
    await expect.poll(names).toEqual(['Say bye', 'Say bye']);
    await page.getByLabel('Event').selectOption('');
    await page.getByLabel('Outcome').selectOption('blocked');
    await expect.poll(names).toEqual(['No shell today', 'Check shell commands']);
    expect(await page.locator('.history-run .run-badge').allTextContents()).toEqual(['blocked', 'blocked']);
    await page.getByLabel('Event').selectOption('Stop');
    await expect.poll(() => page.locator('.empty-state').textContent()).toBe('No run matches these filters.');
    // A run expands to its decision and output.
    await page.getByLabel('Event').selectOption('');
    await page.getByLabel('Outcome').selectOption('');
    await runs.first().locator('summary').click();
    expect(await runs.first().locator('.run-stderr').textContent()).toBe('no shell today');
    await screenshot(page, 'settings-runs.png');
  });

  it('Open file sends openFile with the absolute path; in a plain browser the page says where the file is', async () => {
    const page = await openPage(ui.browser, s, { lang: 'en' });
    await page.click('#page-tab-settings');
    const before = s.hostLines.length;
    await row(page, 'Say bye')
      .getByRole('button', { name: /^Open file Say bye/ })
      .click();
    await expect.poll(() => s.hostLines.slice(before).map((l) => JSON.parse(l) as unknown)).toEqual([{ host: 'openFile', path: sb.userSettings }]);
    expect(await page.locator('.notice').textContent()).toContain(`open it in your editor: ${sb.userSettings}`);
    // In the IDE's settings view, no such note: the IDE opens it.
    const ide = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await row(ide, 'Say bye')
      .getByRole('button', { name: /^Open file Say bye/ })
      .click();
    await expect.poll(() => s.hostLines.length).toBe(before + 2);
    expect(await ide.locator('.notice').count()).toBe(0);
  });
});
