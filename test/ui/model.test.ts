// No dead ends, in real Chromium against a real `wave serve` (README, "Settings keys"): with no model,
// New and Edit open the target settings file and say why (instead of prefilling a composer that
// cannot send); the Model section writes the user settings file (format kept) and applies at once —
// the same session then answers through the model — with Test connection making a real request; a
// wrong base URL shows at start, before any message; and Undo after a delete puts the file's exact
// bytes back.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startModelServer } from '../model-server/server.js';
import { hooksOf, openPage, pageErrors, screenshot, type Serve, UiSandbox, uiSuite } from './harness.js';

const ui = uiSuite();

const hosts = (s: Serve, from: number) => s.hostLines.slice(from).map((l) => JSON.parse(l) as unknown);

describe('without a model', () => {
  it('New opens the target settings file (made when missing) and Edit the hook’s file, and both say why', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.projectSettings, { hooks: hooksOf([{ event: 'Stop', command: 'echo p', description: 'Project stop' }]) });
    const s = await ui.serve(sb);
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await page.locator('[data-empty=user]').waitFor();
    let before = s.hostLines.length;
    await page.getByRole('button', { name: 'New user hook' }).click();
    const notice = page.locator('.notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('No model is configured, so the AI cannot write this hook.');
    expect(await notice.textContent()).toContain(sb.userSettings);
    await expect.poll(() => hosts(s, before)).toEqual([{ host: 'openFile', path: sb.userSettings }]);
    expect(JSON.parse(sb.read(sb.userSettings))).toEqual({ hooks: {} });
    // The settings stay open; the chat was not prefilled.
    expect(await page.locator('.hooks').count()).toBe(1);

    before = s.hostLines.length;
    await page.click('[data-tab=project]');
    await page.getByRole('button', { name: 'Edit Project stop' }).click();
    await expect.poll(() => hosts(s, before)).toEqual([{ host: 'openFile', path: sb.projectSettings }]);
    expect(await notice.textContent()).toContain('Its settings file is open in the editor instead');
    const chat = await openPage(ui.browser, s, { view: 'chat', lang: 'en' });
    const banner = chat.locator('.no-model');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('WAVE_BASE_URL');
    expect(await banner.textContent()).not.toContain('restart');
    expect(await chat.locator('.composer textarea').inputValue()).toBe('');
  });
});

describe('the Model section', () => {
  it('saves provider, base URL, model and key into ~/.wave/settings.json (format kept) and the chat works without a restart; Test connection is real', async () => {
    const sb = new UiSandbox().trust(true);
    const user = '{\n  // my settings\n  "hooks": {}\n}\n';
    sb.write(sb.userSettings, user);
    const model = await startModelServer([{ text: 'Hello from the new model.' }], { apiKey: 'sk-test', models: ['shop-model'] });
    ui.closeLater(() => model.close());
    const s = await ui.serve(sb);
    const page = await openPage(ui.browser, s, { lang: 'en' });
    await page.locator('.no-model').waitFor();
    await page.getByRole('button', { name: 'Open the model settings' }).click();
    const form = page.locator('.model-form');
    await form.waitFor();
    await form.getByLabel('Base URL').fill('http://127.0.0.1:9/v1');
    await form.getByLabel('Model').fill('shop-model');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.locator('.model-probe').textContent()).toContain('Connection failed: cannot reach http://127.0.0.1:9/v1/models');
    await form.getByLabel('Base URL').fill(model.openaiBaseURL);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.locator('.model-probe').textContent()).toContain('Connection failed: the server at');
    expect(await page.locator('.model-probe').textContent()).toContain('refused the API key (HTTP 401)');
    await form.getByLabel('API key').fill('sk-test');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.locator('.model-probe').textContent()).toBe(`Connection works: shop-model answers at ${model.openaiBaseURL}/models`);
    expect(model.served).toBe(0);

    await form.getByRole('button', { name: 'Save' }).click();
    await page.locator('.model-status[data-status=ok]').waitFor();
    expect(sb.read(sb.userSettings)).toBe(
      `{\n  // my settings\n  "hooks": {},\n  "provider": "openai",\n  "baseURL": "${model.openaiBaseURL}",\n  "model": "shop-model",\n  "apiKey": "sk-test"\n}\n`,
    );
    // The key is never sent back; the form says one is saved.
    expect(await form.getByLabel('API key').inputValue()).toBe('');
    expect(await form.getByLabel('API key').getAttribute('placeholder')).toBe('saved — leave empty to keep it');
    await screenshot(page, 'settings-model.png');
    expect(await page.locator('.review-banner').count()).toBe(0);

    // The same session, no restart: the chat answers through the saved model.
    await page.click('#page-tab-chat');
    await page.locator('.no-model').waitFor({ state: 'detached' });
    await page.locator('.composer textarea').fill('hello');
    await page.locator('.composer textarea').press('Enter');
    await page.locator('.assistant-text', { hasText: 'Hello from the new model.' }).waitFor();
    expect(await page.locator('.model-name').getAttribute('data-status')).toBe('ok');
    // A write to the file by anything else (the agent can write it too) does not move the endpoint
    // the conversation goes to: it is offered for review like any other change.
    sb.write(sb.userSettings, sb.read(sb.userSettings).replace(model.openaiBaseURL, 'http://127.0.0.1:9/v1'));
    await page.locator('.review-banner').waitFor();
    expect(await page.locator('.model-name').getAttribute('title')).toContain(model.openaiBaseURL);
    expect(pageErrors(page)).toEqual([]);
  });

  it('a wrong base URL shows at start: the chip and the chat say the model does not answer, before any message', async () => {
    const sb = new UiSandbox().trust(true);
    const s = await ui.serve(sb, { env: { WAVE_BASE_URL: 'http://127.0.0.1:9/v1', WAVE_MODEL: 'gpt-x', WAVE_API_KEY: 'k' } });
    const page = await openPage(ui.browser, s, { view: 'chat', lang: 'en' });
    await page.locator('.model-name[data-status=error]').waitFor();
    expect(await page.locator('.model-name').getAttribute('title')).toContain('cannot reach http://127.0.0.1:9/v1/models');
    const banner = page.locator('.no-model');
    expect(await banner.locator('strong').textContent()).toBe('The model gpt-x does not answer');
    // The environment wins over the file, and the Model section says so.
    const settings = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await settings.click('#settings-tab-model');
    expect(await settings.locator('.model-section .banner-warn').textContent()).toContain('WAVE_BASE_URL, WAVE_MODEL, WAVE_API_KEY');
  });
});

describe('Undo after a delete', () => {
  it('puts the exact bytes of the file back, and the hook runs again without review', async () => {
    const sb = new UiSandbox().trust(true);
    const bytes = Buffer.from(
      '\ufeff{\r\n  // team hooks\r\n  "hooks": {\r\n    "Stop": [ { "hooks": [ { "type": "command", "command": "echo a", "description": "Alpha" } ] },\r\n              { "hooks": [ { "type": "command", "command": "echo b", "description": "Beta" } ] } ]\r\n  },\r\n  "env": { "Z": "1" }\r\n}',
      'utf8',
    );
    sb.write(sb.projectSettings, bytes.toString('utf8'));
    const s = await ui.serve(sb);
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'zh-CN' });
    await page.click('[data-tab=project]');
    await page.locator('.hook-row').first().waitFor();
    await page.getByRole('button', { name: '删除 Alpha' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确认删除' }).click();
    await expect.poll(() => page.locator('.hook-row [data-field=description]').allTextContents()).toEqual(['Beta']);
    expect(readFileSync(sb.projectSettings).equals(bytes)).toBe(false);
    await page.locator('.notice').getByRole('button', { name: '撤销' }).click();
    await expect.poll(() => page.locator('.hook-row [data-field=description]').allTextContents()).toEqual(['Alpha', 'Beta']);
    expect(readFileSync(sb.projectSettings).equals(bytes)).toBe(true);
    // The restored listing can reach the page before the Undo's own answer, which sets the notice.
    await expect.poll(() => page.locator('.notice').textContent()).toContain('钩子已恢复');
    expect(await page.locator('.hook-row[data-state=active]').count()).toBe(2);
    expect(await page.locator('.review-banner').count()).toBe(0);
    expect(existsSync(sb.projectSettings)).toBe(true);
  });
});

describe('PreModelSwitch from the Model section', () => {
  it('a save that would change the model of the running session asks the PreModelSwitch hooks: a deny saves nothing and says why', async () => {
    const sb = new UiSandbox().trust(true);
    const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreModelSwitch', permissionDecision: 'deny', permissionDecisionReason: 'stay on the approved model' } });
    const dump = join(sb.root, 'switch.json');
    sb.write(sb.userSettings, { hooks: hooksOf([{ event: 'PreModelSwitch', matcher: 'settings', command: `cat > '${dump}'; printf '%s' '${deny}'` }]) });
    const before = sb.read(sb.userSettings);
    const s = await ui.serve(sb, { script: [{ text: 'unused' }] });
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await page.click('#settings-tab-model');
    const form = page.locator('.model-form');
    await form.waitFor();
    await form.getByLabel('Model').fill('big-model');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('body').textContent()).toContain('a PreModelSwitch hook refused the switch from test to big-model: stay on the approved model; the model settings were not saved');
    expect(sb.read(sb.userSettings)).toBe(before);
    expect(JSON.parse(sb.read(dump))).toMatchObject({ hook_event_name: 'PreModelSwitch', from_model: 'test', to_model: 'big-model', requested_model: 'big-model', source: 'settings' });
    expect(pageErrors(page)).toEqual([]);
  });
});
