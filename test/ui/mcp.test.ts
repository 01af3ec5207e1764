// The MCP servers section in real Chromium against a real `wave serve` with real MCP servers (the
// stdio server of test/mcp/servers, built with the official SDK) (docs/mcp.md, "In the IDE"): each
// server with its source, state and tools; a project server waits for approval and Approve starts
// it (remembered privately); a server that fails shows why and its stderr; Restart; Open file opens
// the file, then closes the settings tab; a hook whose matcher targets a server that is not
// connected is flagged in the hook list.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../e2e/harness.js';
import { hooksOf, openPage, pageErrors, screenshot, UiSandbox, uiSuite } from './harness.js';

const ui = uiSuite();
const STDIO_SERVER = join(REPO, 'test', 'mcp', 'servers', 'stdio.mjs');
const demo = (...args: string[]) => ({ command: process.execPath, args: [STDIO_SERVER, ...args] });

describe('Settings › MCP servers', () => {
  it('lists servers with source, state and tools; Approve, Restart, Open file; flags hooks on servers that are not connected', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, { mcpServers: { demo: demo(), broken: demo('--crash-on-start') } });
    sb.write(join(sb.workdir, '.mcp.json'), { mcpServers: { proj: demo() } });
    sb.write(sb.projectSettings, { hooks: hooksOf([{ event: 'PreToolUse', matcher: 'mcp__proj__.*', command: 'echo p', description: 'Guard proj' }]) });
    const s = await ui.serve(sb);
    const page = await openPage(ui.browser, s, { view: 'settings', lang: 'en' });
    await page.locator('#settings-tab-mcp').click();
    const server = (name: string) => page.locator(`.mcp-server[data-name="${name}"]`);
    await page.locator('.mcp-server[data-name="demo"][data-state="connected"]').waitFor();
    expect(await server('demo').locator('.mcp-source').textContent()).toBe('user');
    await server('demo').locator('.mcp-tools summary').click();
    expect(await server('demo').locator('.mcp-tools').textContent()).toContain('mcp__demo__echo');
    await page.locator('.mcp-server[data-name="broken"][data-state="failed"]').waitFor();
    expect(await server('broken').locator('.mcp-status').textContent()).toMatch(/Failed: .*Trying again in/);
    await server('broken').locator('.mcp-stderr summary').click();
    expect(await server('broken').locator('.mcp-stderr pre').textContent()).toContain('cannot open the database /nowhere/db');
    expect(await server('proj').getAttribute('data-state')).toBe('needs-approval');
    expect(await server('proj').locator('.mcp-source').textContent()).toBe('project .mcp.json');
    await screenshot(page, 'settings-mcp.png');

    // The hook on the project server's tools is flagged while that server waits.
    await page.locator('#settings-tab-hooks').click();
    await page.click('[data-tab=project]');
    const flag = page.locator('.hook-row .mcp-flag');
    await flag.waitFor();
    expect(await flag.textContent()).toBe('MCP proj: waiting for approval');

    await page.locator('#settings-tab-mcp').click();
    await server('proj').getByRole('button', { name: 'Approve' }).click();
    await page.locator('.mcp-server[data-name="proj"][data-state="connected"]').waitFor();
    const approvals = join(sb.home, '.wave', 'mcp-approvals.json');
    expect(statSync(approvals).mode & 0o777).toBe(0o600);
    await page.locator('#settings-tab-hooks').click();
    await page.click('[data-tab=project]');
    await expect.poll(() => flag.count()).toBe(0);

    await page.locator('#settings-tab-mcp').click();
    await server('demo').getByRole('button', { name: 'Restart' }).click();
    // Every action button waits while one runs: the restart has ended when they are enabled again
    // (the server was connected before it too, so its state alone does not say the restart is over,
    // and rows that move under a click would take it).
    await expect.poll(() => server('proj').getByRole('button', { name: 'Open file' }).isEnabled()).toBe(true);
    await page.locator('.mcp-server[data-name="demo"][data-state="connected"]').waitFor();

    const before = s.hostLines.length;
    await server('proj').getByRole('button', { name: 'Open file' }).click();
    await expect
      .poll(() => s.hostLines.slice(before).map((l) => JSON.parse(l) as unknown))
      .toEqual([{ host: 'openFile', path: join(sb.workdir, '.mcp.json') }, { host: 'closeSettings' }]);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('an MCP server asks for input', () => {
  it('the chat shows the form of the requested schema; Submit sends the values to the server, which answers the tool call', async () => {
    const sb = new UiSandbox().trust(true);
    sb.write(sb.userSettings, { mcpServers: { demo: demo() }, permissions: { allow: ['mcp__demo'] } });
    const s = await ui.serve(sb, { script: [{ toolCalls: [{ name: 'mcp__demo__ask', input: {}, id: 'ask1' }] }, { text: 'Named it.' }] });
    const page = await openPage(ui.browser, s, { view: 'chat', lang: 'en' });
    await page.locator('.composer textarea').fill('name the release');
    await page.locator('.composer textarea').press('Enter');
    const card = page.locator('.elicitation-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('The MCP server demo asks for input');
    expect(await card.textContent()).toContain('Which name should the release have?');
    await card.locator('input[name=name]').fill('Aurora');
    await card.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Named it.').waitFor();
    expect(await card.count()).toBe(0);
    const last = JSON.stringify(s.model!.requests.at(-1)!.body);
    expect(last).toContain('elicitation accept {\\"name\\":\\"Aurora\\"}');
    expect(pageErrors(page)).toEqual([]);
  });
});
