// The settings page with 500 hooks: how long from the listing's arrival to the list in the DOM
// (the page's User Timing measure `wave:hooks-render`) and to the next painted frame
// (`wave:hooks-paint`), in Debian's Chromium (playwright-core, /usr/bin/chromium) against a real
// `wave serve` whose user settings hold 500 hooks. Each load is a fresh browser context (no cache,
// no storage) after one warm-up load. The baseline, in the same page right after each load: the
// browser's own HTML parser putting the same list (its outerHTML) into the document, the least any
// script could do to show those elements. Needs the compiled sidecar and webui/dist (`npm test`
// or `npm run build` make both); a missing build is an error, a stale sidecar is reported.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { cleanupSandboxes, hooksOf, launchBrowser, manyHooks, startServe, UiSandbox, UI_DIST } from '../test/ui/harness.js';
import { compiledSidecarStale, fmt, stats, table, type Benchmark, type BenchOptions, type Figure } from './lib.js';

const HOOKS = 500;

interface Load {
  render: number;
  paint: number;
  floor: number;
}

/** One page load: the page's own measures, then the parser floor for the same list. */
async function load(page: Page, url: string): Promise<Load> {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('wave:hooks-paint', 'measure').length > 0, undefined, { timeout: 20_000 });
  // A string, not a function: tsx would wrap a function's inner arrows in a helper the page lacks.
  return page.evaluate(`(() => {
    const list = document.querySelector('.hook-list');
    if (list.children.length !== ${HOOKS}) throw new Error(list.children.length + ' rows in the list, expected ${HOOKS}');
    const html = list.outerHTML;
    const box = document.createElement('div');
    list.parentElement.append(box);
    const t0 = performance.now();
    box.innerHTML = html;
    const floor = performance.now() - t0;
    box.remove();
    const [render, paint] = ['wave:hooks-render', 'wave:hooks-paint'].map((n) => performance.getEntriesByName(n, 'measure')[0].duration);
    return { render, paint, floor };
  })()`);
}

async function run(opts: BenchOptions): Promise<Figure[]> {
  if (!existsSync(join(UI_DIST, 'index.html'))) throw new Error(`webui/dist is not built: run npm run build -w webui`);
  const stale = compiledSidecarStale();
  if (stale) opts.log('NOTE: sidecar/dist is missing or older than sidecar/src: the figures are for the last build');
  const runs = Math.max(5, Math.round(15 * opts.scale));
  const sb = new UiSandbox();
  sb.write(sb.userSettings, { hooks: hooksOf(manyHooks(HOOKS)) });
  const serve = await startServe(sb);
  const browser = await launchBrowser();
  try {
    const url = `http://127.0.0.1:${serve.port}/?token=${serve.token}&view=settings&lang=en`;
    const loads: Load[] = [];
    for (let i = 0; i <= runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1100, height: 720 }, locale: 'en-US' });
      const result = await load(await context.newPage(), url);
      if (i > 0) loads.push(result); // the first load warms the page cache of the sidecar and the browser
      await context.close();
    }
    return report(loads, stale, opts);
  } finally {
    await browser.close();
    await serve.stop();
    cleanupSandboxes();
  }
}

function report(loads: Load[], stale: boolean, opts: BenchOptions): Figure[] {
  const render = stats(loads.map((l) => l.render));
  const paint = stats(loads.map((l) => l.paint));
  const floor = stats(loads.map((l) => l.floor));
  opts.log(`${HOOKS}-hook listing: ${loads.length} page loads (after one warm-up), each in a fresh browser context${stale ? ' (STALE BUILD)' : ''}`);
  const row = (name: string, s: ReturnType<typeof stats>) => [name, fmt(s.median, 1), fmt(s.p90, 1), fmt(s.min, 1), fmt(s.max, 1)];
  opts.log(
    table(
      ['measure', 'median ms', 'p90 ms', 'min ms', 'max ms'],
      [
        row('data arrived → list in the DOM', render),
        row('data arrived → next painted frame', paint),
        row('the same list by the HTML parser (baseline)', floor),
      ],
    ),
  );
  return [
    { name: `${HOOKS} hooks: data → list in the DOM, median`, value: render.median, unit: 'ms', goal: { max: 100 }, note: `p90 ${fmt(render.p90, 1)} ms` },
    { name: `${HOOKS} hooks: data → painted frame, median`, value: paint.median, unit: 'ms', note: `p90 ${fmt(paint.p90, 1)} ms` },
    { name: 'the same list by the HTML parser (baseline), median', value: floor.median, unit: 'ms' },
    { name: 'list in the DOM / parser baseline (median)', value: render.median / floor.median, unit: '×' },
  ];
}

export const benchmark: Benchmark = {
  name: 'hooksRender',
  description: `the settings page in Chromium: ${HOOKS} hooks from data to DOM and to paint, against the HTML parser building the same list`,
  run,
};
