// Child process of the long-session benchmark (longSession.ts): one agent (the compiled sidecar's
// createAgent, as `wave serve` runs it) with one PreToolUse hook (`true` on Bash), against the
// scripted model server, in turns of 100 sequential Bash calls (`echo stepN`) until <calls> calls
// are done. The context window is set small (contextWindowTokens 40000), so the session compacts
// now and then as a long real session does (the server answers the summary request), and what the
// model is sent stays bounded: what may grow is what the agent keeps for itself (transcripts, run
// records, the timeline, token estimates). Every model request's arrival is timestamped: a call's
// time is from the request that asked for it to the next request (model answer, hook, tool, and
// everything the agent does between). RSS is sampled every 100 calls.
//
//   node --expose-gc --import tsx bench/_longSessionChild.ts <calls>
//
// Prints one JSON line (LongSessionReport).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startModelServer, type RecordedRequest, type ScriptedTurn } from '../test/model-server/server.js';
import { compiledSidecar, gc, MB, tempDir } from './lib.js';

const { createAgent } = (await import(compiledSidecar('app/agent.js'))) as typeof import('../sidecar/src/app/agent.js');
const { createModelClient } = (await import(compiledSidecar('models/config.js'))) as typeof import('../sidecar/src/models/config.js');
const { COMPACT_PROMPT } = (await import(compiledSidecar('agent/compaction.js'))) as typeof import('../sidecar/src/agent/compaction.js');

export const PER_TURN = 100;

export interface LongSessionReport {
  calls: number;
  /** Per call, ms: from the request that asked for it to the next request. */
  callMs: number[];
  /** The hook runner's own duration of each call's hook. */
  hookMs: number[];
  /** RSS in MB after every 100 calls. */
  rssMb: number[];
  /** Heap used in MB at the end, after a full GC. */
  heapMb: number;
  compactions: number;
}

async function main(): Promise<void> {
  const calls = Number(process.argv[2] ?? 2000);
  const home = tempDir('long-home');
  const work = tempDir('long-work');
  mkdirSync(join(home.path, '.wave'), { recursive: true });
  const settings = { contextWindowTokens: 40_000, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } };
  writeFileSync(join(home.path, '.wave', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  const report: LongSessionReport = { calls, callMs: [], hookMs: [], rssMb: [], heapMb: 0, compactions: 0 };
  let asked = 0; // calls asked for so far
  let inTurn = 0;
  let lastCallAt: number | null = null;
  const isSummary = (req: RecordedRequest) => JSON.stringify(req.body?.messages ?? []).includes(COMPACT_PROMPT.slice(0, 60));
  const step = (req: RecordedRequest): ScriptedTurn => {
    const now = performance.now();
    if (isSummary(req)) {
      report.compactions++;
      return { text: `summary: ${asked} steps done so far` };
    }
    if (lastCallAt !== null) report.callMs.push(now - lastCallAt);
    lastCallAt = null;
    if (inTurn >= PER_TURN || asked >= calls) return { text: 'turn done' };
    inTurn++;
    asked++;
    lastCallAt = now;
    if (asked % 100 === 0) report.rssMb.push(process.memoryUsage().rss / MB);
    return { toolCalls: [{ name: 'Bash', input: { command: `echo step${asked}`, description: `step ${asked}` } }] };
  };
  const server = await startModelServer([step], { loop: true });
  const agent = await createAgent({
    workdir: work.path,
    homeDir: home.path,
    model: createModelClient({ provider: 'openai', baseURL: server.openaiBaseURL, apiKey: 'x', model: 'test' }),
    permissionMode: 'bypassPermissions',
    onEvent: (e) => {
      if (e.type !== 'hook_run') return;
      if (e.run.exitCode !== 0) throw new Error(`hook run failed: ${JSON.stringify(e.run)}`);
      report.hookMs.push(e.run.durationMs);
    },
  });
  try {
    while (asked < calls) {
      inTurn = 0;
      const r = await agent.sendMessage(`run the next ${PER_TURN} steps`);
      if (r.error || r.result !== 'turn done') throw new Error(`turn failed after ${asked} calls: ${JSON.stringify(r).slice(0, 500)}`);
      // The scripted server keeps every request it got (a test reads them back): here that would be
      // the benchmark's memory, not the agent's (1.4 GB by call 10,000), so it is let go each turn.
      server.requests.length = 0;
    }
    gc();
    report.heapMb = process.memoryUsage().heapUsed / MB;
  } finally {
    await agent.destroy().catch(() => {});
    await server.close();
    home.remove();
    work.remove();
  }
  if (report.hookMs.length !== calls) throw new Error(`expected ${calls} hook runs, got ${report.hookMs.length}`);
  console.log(JSON.stringify(report));
}

await main();
