// The agent of the long-session benchmark (longSession.ts): one agent — the compiled sidecar's
// createAgent, as `wave serve` runs it — with one PreToolUse hook (`true` on Bash), against the
// scripted model server of _longSessionServer.ts (another process), sending "run the next 100
// steps" until <calls> hooked calls were made. Plain JavaScript on purpose: no TypeScript loader
// (tsx keeps a thread and a heap of its own) in the process whose memory is measured. RSS is
// sampled every 100 hook runs; the heap after a full GC at the end.
//
//   node --expose-gc bench/_longSessionAgent.mjs <openai base URL> <calls> <context window tokens>
//
// Prints one JSON line: { hookMs, rssMb, heapMb }.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MB = 1024 * 1024;
const dist = (path) => new URL(`../sidecar/dist/${path}`, import.meta.url).href;
const { createAgent } = await import(dist('app/agent.js'));
const { createModelClient } = await import(dist('models/config.js'));

const [url, callsArg, windowArg] = process.argv.slice(2);
const calls = Number(callsArg);
const home = mkdtempSync(join(tmpdir(), 'wave-bench-long-home-'));
const work = mkdtempSync(join(tmpdir(), 'wave-bench-long-work-'));
mkdirSync(join(home, '.wave'), { recursive: true });
const settings = { contextWindowTokens: Number(windowArg), hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } };
writeFileSync(join(home, '.wave', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);

const report = { hookMs: [], rssMb: [], heapMb: 0 };
const agent = await createAgent({
  workdir: work,
  homeDir: home,
  model: createModelClient({ provider: 'openai', baseURL: url, apiKey: 'x', model: 'test' }),
  permissionMode: 'bypassPermissions',
  onEvent: (e) => {
    if (e.type !== 'hook_run') return;
    if (e.run.exitCode !== 0) throw new Error(`hook run failed: ${JSON.stringify(e.run)}`);
    report.hookMs.push(e.run.durationMs);
    if (report.hookMs.length % 100 === 0) report.rssMb.push(process.memoryUsage().rss / MB);
  },
});
try {
  while (report.hookMs.length < calls) {
    const r = await agent.sendMessage('run the next 100 steps');
    if (r.error || r.result !== 'turn done') throw new Error(`turn failed after ${report.hookMs.length} calls: ${JSON.stringify(r).slice(0, 500)}`);
  }
  const m = process.memoryUsage();
  report.before = { rssMb: m.rss / MB, heapTotalMb: m.heapTotal / MB, heapUsedMb: m.heapUsed / MB, externalMb: m.external / MB, arrayBuffersMb: m.arrayBuffers / MB };
  globalThis.gc?.();
  globalThis.gc?.();
  report.heapMb = process.memoryUsage().heapUsed / MB;
  const a = process.memoryUsage();
  report.after = { rssMb: a.rss / MB, heapTotalMb: a.heapTotal / MB, heapUsedMb: a.heapUsed / MB, externalMb: a.external / MB, arrayBuffersMb: a.arrayBuffers / MB };
} finally {
  await agent.destroy().catch(() => {});
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
if (report.hookMs.length !== calls) throw new Error(`expected ${calls} hook runs, got ${report.hookMs.length}`);
console.log(JSON.stringify(report));
