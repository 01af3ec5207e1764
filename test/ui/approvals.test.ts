// Approvals in real Chromium against a real `wave serve` and the scripted model (README, "Settings
// keys": permissions): an Edit approval shows the change as a diff and says what it is for once;
// "Always allow" writes the matching `permissions.allow` rule (`Bash(npm test:*)`, `Edit`) into the
// project's local settings without touching anything else in the file, and the session uses it at
// once: the next such call runs without asking, and no review banner appears.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startModelServer } from '../model-server/server.js';
import { openPage, pageErrors, screenshot, startServe, UiSandbox, uiSuite } from './harness.js';

const ui = uiSuite();

describe('approvals', () => {
  it('Always allow writes Bash(npm test:*) and Edit into <project>/.wave/settings.local.json, format kept; an Edit shows its diff', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(join(sb.workdir, 'package.json'), { name: 'shop', scripts: { test: 'echo all-tests-pass' } });
    const source = sb.write(join(sb.workdir, 'src', 'total.ts'), 'export const total = (a: number, b: number) => a + b;\nexport const VAT = 0.2;\n');
    const local = '{\n  // my own settings for this project\n  "env": { "SHOP_ENV": "dev" }\n}\n';
    sb.write(sb.localSettings, local);
    const model = await startModelServer([
      { toolCalls: [{ name: 'Bash', input: { command: 'npm test -- --silent' } }] },
      { toolCalls: [{ name: 'Bash', input: { command: 'npm test' } }] },
      {
        toolCalls: [
          {
            name: 'Edit',
            input: { file_path: source, old_string: 'export const VAT = 0.2;', new_string: 'export const VAT = 0.21;\nexport const ROUND = 2;' },
          },
        ],
      },
      { text: 'Tests pass and VAT is updated.' },
    ]);
    const s = await startServe(sb, { model });
    ui.closeLater(
      () => s.stop(),
      () => model.close(),
    );
    const page = await openPage(ui.browser, s, { lang: 'en' });
    await page.locator('.composer textarea').fill('run the tests and update VAT');
    await page.locator('.composer textarea').press('Enter');

    const bash = page.locator('.permission-card');
    await bash.waitFor();
    // Said once: the title and the command; the mode's "Bash needs approval" is not repeated.
    expect(await bash.locator('header').textContent()).toBe('Bash needs your approval');
    expect(await bash.locator('.perm-gist').textContent()).toBe('npm test -- --silent');
    expect(await bash.locator('.perm-reason').count()).toBe(0);
    expect(await bash.locator('.perm-rule').textContent()).toBe('Always allow writes the rule Bash(npm test:*) into <project>/.wave/settings.local.json.');
    await bash.getByRole('button', { name: 'Always allow' }).click();

    // The second `npm test` runs without asking: the next prompt is the Edit's.
    const edit = page.locator('.permission-card[aria-label="Edit needs your approval"]');
    await edit.waitFor();
    expect(await page.locator('.tool-card[data-tool=Bash][data-state=ok]').count()).toBe(2);
    expect(readFileSync(sb.localSettings, 'utf8')).toBe(
      '{\n  // my own settings for this project\n  "env": { "SHOP_ENV": "dev" },\n  "permissions": { "allow": ["Bash(npm test:*)"] }\n}\n',
    );
    // The diff: the old line goes, the new ones come, the rest of the file is not shown as changed.
    const lines = await edit.locator('.diff-line').evaluateAll((els) => els.map((e) => `${e.classList[1]} ${e.textContent!.slice(1).trimEnd()}`));
    expect(lines).toEqual(['diff-del export const VAT = 0.2;', 'diff-add export const VAT = 0.21;', 'diff-add export const ROUND = 2;']);
    await screenshot(page, 'approval-diff.png');
    await edit.getByRole('button', { name: 'Always allow' }).click();
    await page.locator('.assistant-text', { hasText: 'Tests pass and VAT is updated.' }).waitFor();
    expect(readFileSync(sb.localSettings, 'utf8')).toBe(
      '{\n  // my own settings for this project\n  "env": { "SHOP_ENV": "dev" },\n  "permissions": { "allow": ["Bash(npm test:*)", "Edit"] }\n}\n',
    );
    expect(readFileSync(source, 'utf8')).toContain('export const ROUND = 2;');
    // The user's own rule needs no review: the session took it in.
    expect(await page.locator('.review-banner').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
