// The scripted model server of the long-session benchmark (longSession.ts), in a process of its
// own so that the agent's process (_longSessionAgent.mjs) holds the agent alone: its memory and its
// CPU are the session's, not the server's parsing of ever larger requests. Forked with an IPC
// channel: it sends `{ url }` when it listens, answers `'report'` with its LongSessionServerReport
// and exits.
//
// The script: turns of 100 sequential Bash calls (`echo stepN`) until <calls> calls were asked for;
// a request without tools is a compaction's summary request (answered with a summary). Every model
// request's arrival is timestamped: a call's time runs from the request that asked for it to the
// next request (model answer, hook, tool, and everything the agent does between).
//
//   node --import tsx bench/_longSessionServer.ts <calls>
import { startModelServer, type RecordedRequest, type ScriptedTurn } from '../test/model-server/server.js';

export const PER_TURN = 100;

export interface LongSessionServerReport {
  /** Per call, ms: from the request that asked for it to the next request. */
  callMs: number[];
  compactions: number;
  /** The largest request body the agent sent, in bytes (what the model is sent stays bounded). */
  maxRequestBytes: number;
}

const calls = Number(process.argv[2] ?? 2000);
const report: LongSessionServerReport = { callMs: [], compactions: 0, maxRequestBytes: 0 };
let asked = 0; // calls asked for so far
let inTurn = 0;
let lastCallAt: number | null = null;

function step(req: RecordedRequest): ScriptedTurn {
  const now = performance.now();
  report.maxRequestBytes = Math.max(report.maxRequestBytes, Number(req.headers['content-length'] ?? 0));
  if (!Array.isArray(req.body?.tools) || req.body.tools.length === 0) {
    report.compactions++;
    return { text: `summary: ${asked} steps done so far` };
  }
  if (lastCallAt !== null) report.callMs.push(now - lastCallAt);
  lastCallAt = null;
  if (inTurn >= PER_TURN || asked >= calls) {
    inTurn = 0;
    return { text: 'turn done' };
  }
  inTurn++;
  asked++;
  lastCallAt = now;
  return { toolCalls: [{ name: 'Bash', input: { command: `echo step${asked}`, description: `step ${asked}` } }] };
}

const server = await startModelServer(
  [
    (req) => {
      // The server keeps every request it got (a test reads them back): here that would be 1.4 GB by
      // call 10,000, so it is let go at once.
      server.requests.length = 0;
      return step(req);
    },
  ],
  { loop: true },
);
process.on('message', (m) => {
  if (m !== 'report') return;
  process.send?.(report, () => void server.close().then(() => process.exit(0)));
});
process.send?.({ url: server.openaiBaseURL });
