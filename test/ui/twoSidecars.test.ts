// Two projects in one IDE (docs/reliability.md, "Two sidecars in one browser"): each open project has
// its own `wave serve`, and JCEF gives every page one cookie jar. Cookies are per host, not per
// port, so the token cookie is named after the sidecar's port: two real `wave serve` processes in
// one Chromium context, each page reloading many times at once, must every time load their
// assets (no 403) and render their own project.
import { basename } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../limits.js';
import { uiSuite, UiSandbox, type Serve } from './harness.js';

const RELOADS = 15;
const suite = uiSuite();
let context: BrowserContext;
let servers: Array<{ sb: UiSandbox; serve: Serve }>;

beforeAll(async () => {
  const sandboxes = [new UiSandbox('first-project'), new UiSandbox('second-project')];
  servers = await Promise.all(sandboxes.map(async (sb) => ({ sb, serve: await suite.serve(sb) })));
  context = await suite.browser.newContext({ viewport: { width: 900, height: 600 }, locale: 'en-US' });
  context.setDefaultTimeout(HANG_MS);
});
afterAll(async () => context?.close());

/** A page of one sidecar; every response refused with 403 is noted. */
async function pageOf(serve: Serve, refused: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(`${serve.port}: ${new URL(r.url()).pathname}`);
  });
  await page.goto(`http://127.0.0.1:${serve.port}/?token=${serve.token}`);
  return page;
}

/** Whether the page rendered and speaks to its own sidecar: its project's name in the top bar. */
const rendered = (page: Page, project: string) =>
  page
    .locator('.project-name', { hasText: project })
    .waitFor({ timeout: HANG_MS })
    .then(
      () => true,
      () => false,
    );

describe('two wave serve processes in one browser context', () => {
  it("a page's assets load with its cookie after the other sidecar's page set its own", async () => {
    const refused: string[] = [];
    const [a, b] = servers;
    const first = await pageOf(a!.serve, refused);
    await pageOf(b!.serve, refused);
    const asset = await first.evaluate(async () => {
      const src = document.querySelector('script[src]')!.getAttribute('src')!;
      return (await fetch(src)).status;
    });
    expect(asset).toBe(200);
    expect(refused).toEqual([]);
  });

  it(`each page reloads ${RELOADS} times while the other does: every load renders its own project`, async () => {
    const refused: string[] = [];
    const pages = await Promise.all(servers.map(({ serve }) => pageOf(serve, refused)));
    const loads = await Promise.all(
      servers.map(async ({ sb }, i) => {
        const results: boolean[] = [];
        for (let n = 0; n < RELOADS; n++) {
          await pages[i]!.reload();
          results.push(await rendered(pages[i]!, basename(sb.workdir)));
        }
        return results;
      }),
    );
    expect(refused).toEqual([]);
    expect(loads.map((r) => r.filter(Boolean).length)).toEqual([RELOADS, RELOADS]);
  });
});
