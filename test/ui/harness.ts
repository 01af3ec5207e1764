// Harness of the browser tests: uses the sidecar and web UI built once by vitest's globalSetup,
// starts a REAL `wave serve` in a sandbox (private
// HOME, workdir with settings files, the scripted model server), and drives Debian's Chromium with
// playwright-core. Nothing is mocked: the page talks to the sidecar over its WebSocket.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ensureBuilt, REPO, WAVE_BIN } from '../e2e/harness.js';
import { HANG_MS, until as untilEvent } from '../limits.js';
import { startModelServer, type ModelServer, type ScriptStep } from '../model-server/server.js';

export { REPO } from '../e2e/harness.js';
export const WEBUI = join(REPO, 'webui');
export const UI_DIST = join(WEBUI, 'dist');
export const SCREENSHOTS = join(REPO, 'docs', 'screenshots');

/** Both builds come from vitest's globalSetup (test/globalSetup.ts) or `npm test`. */
export function ensureUiBuilt(): void {
  ensureBuilt();
  if (!existsSync(join(UI_DIST, 'index.html'))) {
    throw new Error('webui/dist is missing: run the tests with vitest (its globalSetup builds it) or `npm test`');
  }
}

/** A test file's browser, and what its tests start that must be stopped after them. */
export interface UiSuite {
  readonly browser: Browser;
  /** Stopped after the file's tests (servers, model servers), before its sandboxes are removed. */
  closeLater(...closers: Array<() => Promise<void>>): void;
  /** A `wave serve` of the sandbox, with a scripted model server when a script is given; both stopped after the file's tests. */
  serve(sb: UiSandbox, o?: { script?: ScriptStep[]; env?: Record<string, string> }): Promise<Serve & { model: ModelServer | undefined }>;
}

/**
 * The worker's Chromium. Test files share their workers (vitest.config.ts), so one launch serves every
 * browser file the worker runs (a launch costs ≈ 1.7 CPU-seconds here); launched again if it went
 * away. Playwright closes it when the worker ends.
 */
let launched: Browser | undefined;

async function workerBrowser(): Promise<Browser> {
  if (!launched?.isConnected()) launched = await launchBrowser();
  return launched;
}

/**
 * The worker's Chromium for a test file's tests; the pages a test opened handed back after it (emptied,
 * for the next test's `openPage`, in this file or the next); after the file's tests what they started
 * is stopped and the sandboxes removed.
 */
export function uiSuite(): UiSuite {
  let browser: Browser | undefined;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    ensureUiBuilt();
    browser = await workerBrowser();
  });
  afterEach(async () => {
    if (browser) await handBack(browser);
  });
  afterAll(async () => {
    if (browser) await handBack(browser);
    await Promise.all(closers.map((c) => c()));
    cleanupSandboxes();
  });
  return {
    get browser() {
      if (!browser) throw new Error('the browser is launched in beforeAll');
      return browser;
    },
    closeLater: (...more) => void closers.push(...more),
    async serve(sb, o = {}) {
      const model = o.script ? await startModelServer(o.script) : undefined;
      const s = await startServe(sb, { ...(model ? { model } : {}), ...(o.env ? { env: o.env } : {}) });
      closers.push(() => s.stop(), ...(model ? [() => model.close()] : []));
      return Object.assign(s, { model });
    },
  };
}

// ------------------------------------------------------------------------------------- sandbox

const roots: string[] = [];

export function cleanupSandboxes(): void {
  if (process.env.WAVE_E2E_KEEP) return;
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
}

type Json = Record<string, unknown>;

/** A private HOME and a workdir called `project` (its name shows in the UI). */
export class UiSandbox {
  readonly root = realpathSync(mkdtempSync(join(tmpdir(), 'wave-ui-')));
  readonly home = join(this.root, 'home');
  readonly workdir: string;
  readonly userSettings: string;
  readonly projectSettings: string;
  readonly localSettings: string;

  constructor(project = 'acme-shop') {
    roots.push(this.root);
    this.workdir = join(this.root, project);
    this.userSettings = join(this.home, '.wave', 'settings.json');
    this.projectSettings = join(this.workdir, '.wave', 'settings.json');
    this.localSettings = join(this.workdir, '.wave', 'settings.local.json');
    mkdirSync(join(this.home, '.wave'), { recursive: true });
    mkdirSync(join(this.workdir, '.wave'), { recursive: true });
  }

  write(path: string, value: Json | string): string {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
    return path;
  }

  /** A plugin under ~/.wave/plugins/<name>/ with hooks/hooks.json. */
  plugin(name: string, hooks: Json): string {
    return this.write(join(this.home, '.wave', 'plugins', name, 'hooks', 'hooks.json'), { description: `${name} plugin`, hooks });
  }

  /** Answers the workspace trust question in advance. */
  trust(trusted: boolean): this {
    this.write(join(this.home, '.wave', 'trusted-workdirs.json'), { workdirs: { [this.workdir]: trusted } });
    return this;
  }

  read(path: string): string {
    return readFileSync(path, 'utf8');
  }
}

/** A `hooks` settings entry: `{ Event: [{ matcher, hooks: [handler] }] }`. */
export function hooksOf(
  entries: Array<{ event: string; matcher?: string; command: string; description?: string; timeout?: number; async?: boolean; statusMessage?: string }>,
): Json {
  const out: Record<string, unknown[]> = {};
  for (const e of entries) {
    const { event, matcher, ...handler } = e;
    (out[event] ??= []).push({ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', ...handler }] });
  }
  return out;
}

/** `n` hooks for a big settings file: PostToolUse and PreToolUse in turn, each with a matcher, a command, a description and a timeout. */
export function manyHooks(n: number): Array<{ event: string; matcher: string; command: string; description: string; timeout: number }> {
  return Array.from({ length: n }, (_, i) => ({
    event: i % 2 ? 'PreToolUse' : 'PostToolUse',
    matcher: 'Bash|Edit',
    command: `./hooks/check-${i}.sh --strict`,
    description: `Check number ${i}`,
    timeout: 30,
  }));
}

// ------------------------------------------------------------------------------------- wave serve

export interface Serve {
  url: string;
  port: number;
  token: string;
  /** Every stdout line after the ready line (host requests), in order. */
  hostLines: string[];
  stderr: () => string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startServe(sb: UiSandbox, o: { model?: ModelServer; env?: Record<string, string> } = {}): Promise<Serve> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(WAVE_|OPENAI_|ANTHROPIC_|CLAUDE)/.test(k) || k === 'VITEST' || k.startsWith('VITEST_')) continue;
    env[k] = v;
  }
  Object.assign(env, { HOME: sb.home, ...(o.model ? { WAVE_BASE_URL: o.model.openaiBaseURL, WAVE_API_KEY: 'x', WAVE_MODEL: 'test' } : {}), ...o.env });
  const child = spawn(process.execPath, [WAVE_BIN, 'serve', '--workdir', sb.workdir, '--ui', UI_DIST, '--port', '0'], {
    cwd: sb.workdir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const hostLines: string[] = [];
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const ready = await new Promise<{ url: string; port: number; token: string }>((resolve, reject) => {
    let buf = '';
    let isReady = false;
    const timer = setTimeout(() => reject(new Error(`wave serve did not get ready (a hang):\n${stderr}`)), HANG_MS);
    child.on('exit', (code) => !isReady && reject(new Error(`wave serve exited (${code}):\n${stderr}`)));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buf += chunk;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (!isReady) {
          isReady = true;
          clearTimeout(timer);
          resolve((JSON.parse(line) as { ready: { url: string; port: number; token: string } }).ready);
        } else hostLines.push(line);
      }
    });
  });
  return {
    ...ready,
    hostLines,
    stderr: () => stderr,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

// ------------------------------------------------------------------------------------- browser

/**
 * Chromium's features off in the tests: Playwright's own list (its `--disable-features` switch, which
 * a second one replaces: Chromium reads the last), and the omnibox pop-up Chromium preloads as a web
 * page for every new window — each browser context here — which the tests never show (it made a
 * context cost ≈ 20 % more CPU).
 */
const DISABLED_FEATURES = [
  ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay'],
  ...['MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'OptimizationHints'],
  ...['NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch'],
  ...['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'],
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface OpenOptions {
  view?: 'chat' | 'settings';
  lang?: string;
  theme?: 'dark' | 'light';
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
}

/**
 * Pages a finished test left open, per browser, to be opened again by the next test: a new page is a
 * renderer process of its own, ≈ 1 CPU-second here; navigating a spare one costs ≈ 0.4
 * (docs/reliability.md, "Where the suite's time goes"). `uiSuite()` hands a test's pages back after
 * it, each emptied first: its storage cleared, then `about:blank` (its WebSocket closed).
 */
const SPARE = new WeakMap<Browser, Page[]>();
const OPENED = new WeakMap<Browser, Page[]>();

async function handBack(browser: Browser): Promise<void> {
  const spare = SPARE.get(browser) ?? [];
  for (const page of (OPENED.get(browser) ?? []).splice(0)) {
    if (page.isClosed()) continue;
    try {
      await page.evaluate(() => localStorage.clear());
      await page.goto('about:blank');
      spare.push(page);
    } catch {
      await page.context().close().catch(() => undefined);
    }
  }
  SPARE.set(browser, spare);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', deviceScaleFactor: 1 });
  const page = await context.newPage();
  // Waits for elements and navigations are hang guards only (test/limits.ts).
  page.setDefaultTimeout(HANG_MS);
  page.setDefaultNavigationTimeout(HANG_MS);
  page.on('pageerror', (e) => PAGE_ERRORS.get(page)?.push(e.message));
  page.on('websocket', (ws) => {
    const log = (into: 'sent' | 'received') => (f: { payload: string | Buffer }) => {
      if (typeof f.payload === 'string') FRAMES.get(page)?.[into].push(JSON.parse(f.payload) as Frame);
    };
    ws.on('framesent', log('sent'));
    ws.on('framereceived', log('received'));
  });
  return page;
}

/**
 * Opens the served UI in a page of its own (a spare one of an earlier test, emptied, or a new one in a
 * context of its own), failing the test on any page error. The page asks for reduced motion: nothing
 * moves under a screenshot or a measurement (layout.test.ts checks both settings).
 */
export async function openPage(browser: Browser, serve: Serve, o: OpenOptions = {}): Promise<Page> {
  const spare = SPARE.get(browser)?.filter((p) => !p.isClosed()) ?? [];
  const page = spare.shift() ?? (await newPage(browser));
  SPARE.set(browser, spare);
  OPENED.set(browser, [...(OPENED.get(browser) ?? []), page]);
  PAGE_ERRORS.set(page, []);
  FRAMES.set(page, { sent: [], received: [] });
  await page.setViewportSize({ width: o.width ?? 1100, height: o.height ?? 720 });
  await page.emulateMedia({ colorScheme: o.colorScheme ?? 'light', reducedMotion: 'reduce' });
  const q = new URLSearchParams({ token: serve.token });
  if (o.view) q.set('view', o.view);
  if (o.lang) q.set('lang', o.lang);
  if (o.theme) q.set('theme', o.theme);
  await page.goto(`http://127.0.0.1:${serve.port}/?${q}`);
  return page;
}

const PAGE_ERRORS = new WeakMap<Page, string[]>();

/** One message of the page's WebSocket to the sidecar: a request it sent, a response or an event it got. */
export interface Frame {
  type: string;
  method?: string;
  event?: string;
}

const FRAMES = new WeakMap<Page, { sent: Frame[]; received: Frame[] }>();

/**
 * What the page said to the sidecar and heard from it since openPage(), in order: what a test waits
 * for instead of the clock (a push arrived), or shows was never sent (no delete on Cancel).
 */
export function frames(page: Page): { sent: Frame[]; received: Frame[] } {
  return FRAMES.get(page) ?? { sent: [], received: [] };
}

export function pageErrors(page: Page): string[] {
  return PAGE_ERRORS.get(page) ?? [];
}

/** Saves a screenshot under docs/screenshots/ (only with WAVE_UI_SCREENSHOTS=1, so a plain test run leaves the tree alone). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.WAVE_UI_SCREENSHOTS) return; // a full-page PNG costs the suite CPU for nothing
  const buf = await page.screenshot({ animations: 'disabled' });
  mkdirSync(SCREENSHOTS, { recursive: true });
  writeFileSync(join(SCREENSHOTS, name), buf);
}

/** Waits until `check` passes (for files written by the sidecar); a hang fails after HANG_MS. */
export function until<T>(check: () => T | undefined | null | false, what = 'condition'): Promise<T> {
  return untilEvent(check, what, 50);
}
