// Agent turn overhead: what one PreToolUse hook adds to a real agent turn. The agent runs
// in-process (createAgent with the OpenAI client against the scripted model server), one user
// turn of 20 sequential Bash tool calls (`echo stepN`) and a final answer, twice per round:
//   plain   no hooks configured
//   hooked  ~/.wave/settings.json has one PreToolUse hook (matcher Bash, command `true`)
// Rounds alternate plain/hooked (the order flips every round) so drift and load hit both alike.
// The added time per hooked call is (median hooked turn − median plain turn) / 20, shown next to a
// raw `sh -c true` spawn measured in the same run (the floor of any hook: the fork/exec itself).
// To show where the added time goes, each hooked turn also reports the runner's own durations
// (HookRunRecord.durationMs) and the cost of the transcript rewrite the agent does before each hook
// (the conversation's save(), timed afterwards on the turn's final transcript).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Agent } from '../sidecar/src/agent/agent.js';
import { createAgent } from '../sidecar/src/app/agent.js';
import { createModelClient } from '../sidecar/src/models/config.js';
import { startModelServer, type ScriptStep } from '../test/model-server/server.js';
import { fmt, rawSpawn, stats, table, tempDir, type Benchmark, type BenchOptions, type Figure } from './lib.js';

const CALLS = 20;

function script(): ScriptStep[] {
  const steps: ScriptStep[] = [];
  for (let i = 1; i <= CALLS; i++) {
    steps.push({ toolCalls: [{ name: 'Bash', input: { command: `echo step${i}`, description: `step ${i}` } }] });
  }
  steps.push({ text: 'all steps done' });
  return steps;
}

interface TurnSample {
  ms: number;
  /** The runner's durations of the turn's hook runs (hooked turns only). */
  hookMs: number[];
  /** The transcript rewrite on the turn's final transcript, median of a few calls (hooked turns only). */
  saveMs: number | null;
  transcriptBytes: number;
}

type Variant = 'plain' | 'hooked';

async function oneTurn(variant: Variant): Promise<TurnSample> {
  const hooked = variant !== 'plain';
  const home = tempDir('turn-home');
  const work = tempDir('turn-work');
  const server = await startModelServer(script());
  let agent: Agent | null = null;
  try {
    if (hooked) {
      mkdirSync(join(home.path, '.wave'), { recursive: true });
      const settings = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } };
      writeFileSync(join(home.path, '.wave', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
    }
    const hookMs: number[] = [];
    let toolResults = 0;
    let failedTools = 0;
    agent = await createAgent({
      workdir: work.path,
      homeDir: home.path,
      model: createModelClient({ provider: 'openai', baseURL: server.openaiBaseURL, apiKey: 'x', model: 'test' }),
      permissionMode: 'bypassPermissions',
      onEvent: (e) => {
        if (e.type === 'hook_run') {
          if (e.run.exitCode !== 0) throw new Error(`hook run failed: ${JSON.stringify(e.run)}`);
          hookMs.push(e.run.durationMs);
        } else if (e.type === 'tool_result') {
          toolResults++;
          if (!e.success) failedTools++;
        }
      },
    });
    const t0 = performance.now();
    const r = await agent.sendMessage('run the twenty steps');
    const ms = performance.now() - t0;
    if (r.error || r.result !== 'all steps done') throw new Error(`turn failed: ${JSON.stringify(r)}`);
    if (toolResults !== CALLS || failedTools) throw new Error(`expected ${CALLS} successful tool calls, got ${toolResults} (${failedTools} failed)`);
    if (hookMs.length !== (hooked ? CALLS : 0)) throw new Error(`expected ${hooked ? CALLS : 0} hook runs, got ${hookMs.length}`);
    const transcriptBytes = Buffer.byteLength(JSON.stringify(agent.messages, null, 2));
    let saveMs: number | null = null;
    if (hooked) {
      const s: number[] = [];
      for (let i = 0; i < 5; i++) {
        const conversation = agent.context.conversation;
        conversation.changed(); // a real rewrite, as before each hook
        const t = performance.now();
        conversation.save();
        s.push(performance.now() - t);
      }
      saveMs = stats(s).median;
    }
    return { ms, hookMs, saveMs, transcriptBytes };
  } finally {
    await agent?.destroy().catch(() => {});
    await server.close();
    home.remove();
    work.remove();
  }
}

async function run(opts: BenchOptions): Promise<Figure[]> {
  const rounds = Math.max(5, Math.round(8 * opts.scale));
  const rawPerRound = 10;
  const scratch = tempDir('turn-raw');
  const rawInput = `${JSON.stringify({ session_id: 'bench', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo step1' } })}\n`;
  const raw: number[] = [];
  const rawBurst = async () => {
    for (let i = 0; i < rawPerRound; i++) {
      const r = await rawSpawn('true', scratch.path, rawInput);
      if (r.code !== 0) throw new Error(`raw sh -c true exited ${r.code}`);
      raw.push(r.ms);
    }
  };
  try {
    // Warm-up: one turn of each (module loading, JIT, the HTTP client's connection pool).
    await oneTurn('plain');
    await oneTurn('hooked');
    await rawBurst();
    raw.length = 0;
    const samples: Record<Variant, TurnSample[]> = { plain: [], hooked: [] };
    const orders: Variant[][] = [
      ['plain', 'hooked'],
      ['hooked', 'plain'],
    ];
    for (let i = 0; i < rounds; i++) {
      for (const v of orders[i % orders.length]!) samples[v].push(await oneTurn(v));
      await rawBurst();
    }
    const p = stats(samples.plain.map((s) => s.ms));
    const h = stats(samples.hooked.map((s) => s.ms));
    const r = stats(raw);
    const hookRun = stats(samples.hooked.flatMap((s) => s.hookMs));
    const save = stats(samples.hooked.map((s) => s.saveMs ?? NaN));
    const added = (h.median - p.median) / CALLS;
    const transcriptKb = stats(samples.hooked.map((s) => s.transcriptBytes)).median / 1024;
    opts.log(`agent turn: ${CALLS} sequential Bash calls (echo stepN) + a final answer, OpenAI client against the scripted model server, in-process agent; ${rounds} rounds of plain/hooked (order alternating), ${rawPerRound} raw spawns after each round`);
    opts.log(
      table(
        ['variant', 'median ms', 'p90 ms', 'min ms', 'max ms', 'runs'],
        [
          ['turn without hooks', fmt(p.median, 1), fmt(p.p90, 1), fmt(p.min, 1), fmt(p.max, 1), String(p.n)],
          ['turn with a PreToolUse `true` hook', fmt(h.median, 1), fmt(h.p90, 1), fmt(h.min, 1), fmt(h.max, 1), String(h.n)],
          ['raw child_process.spawn sh -c true', fmt(r.median), fmt(r.p90), fmt(r.min), fmt(r.max), String(r.n)],
          ['  hook run (runner durationMs)', fmt(hookRun.median), fmt(hookRun.p90), fmt(hookRun.min), fmt(hookRun.max), String(hookRun.n)],
          [`  transcript save (final transcript ≈ ${fmt(transcriptKb, 0)} KB)`, fmt(save.median), fmt(save.p90), fmt(save.min), fmt(save.max), String(save.n)],
        ],
      ),
    );
    opts.log(
      `added per hooked call: ${fmt(added)} ms = ${fmt(added / r.median)} × a raw spawn; of which the hook process run ≈ ${fmt(hookRun.median)} ms, ` +
        `the transcript rewrite ≤ ${fmt(save.median)} ms (smaller early in the turn), the rest ≈ ${fmt(added - hookRun.median - save.median)} ms (manager, records, events, GC)`,
    );
    return [
      { name: 'turn of 20 Bash calls without hooks, median', value: p.median, unit: 'ms', note: `p90 ${fmt(p.p90, 1)} ms` },
      { name: 'same turn with a PreToolUse hook, median', value: h.median, unit: 'ms', note: `p90 ${fmt(h.p90, 1)} ms` },
      {
        name: 'added time per hooked call',
        value: added,
        unit: 'ms',
        goal: { max: 2 },
        note: `${fmt(added / r.median)} × raw spawn (${fmt(r.median)} ms); hook run ${fmt(hookRun.median)} ms, save ${fmt(save.median)} ms`,
      },
      { name: 'added per call / raw spawn', value: added / r.median, unit: '×' },
    ];
  } finally {
    scratch.remove();
  }
}

export const benchmark: Benchmark = {
  name: 'agentTurn',
  description: 'agent turn of 20 Bash calls with and without a PreToolUse hook: added time per hooked call against a raw spawn',
  run,
};
