// Child process of the side-by-side benchmark (hookedRun.ts): one agent process, as `wave -p` is.
// It runs the real `wave -p` command in-process (the compiled cli/print.js `printCommand`,
// `--output-format json`) against the scripted model server: 20 sequential Bash calls (`echo stepN`) and a final
// answer, with and without one PreToolUse hook `true` (a fresh HOME per run: its
// ~/.wave/settings.json holds the hook or nothing). Runs are interleaved plain / hooked (the order
// flips every round), and after each round 10 raw `sh -c true` spawns are timed in this same
// process (the floor of any hook here), each followed by the runner alone on the same command. With a memory argument, that many MB of Buffers (written,
// so their pages are really mapped) stay alive the whole time, as a big agent's would.
//
//   node --expose-gc --import tsx bench/_hookedRunChild.ts <memoryMb> <rounds>
//   (WAVE_HOOK_SPAWNER=off in the environment: hooks are forked by this process itself)
//
// Prints one JSON line (HookedRunReport).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from '../sidecar/src/protocol/wire.js';
import { startModelServer, type ScriptStep } from '../test/model-server/server.js';
import { CALLS, type HookedRunReport } from './hookedRun.js';
import { compiledSidecar, gc, MB, rawSpawn, tempDir } from './lib.js';

// The compiled `wave` (lib.ts, compiledSidecar): this is the agent process of a real `wave -p`.
const { printCommand } = (await import(compiledSidecar('cli/print.js'))) as typeof import('../sidecar/src/cli/print.js');
const { prepareHookRunner, runHookProcess } = (await import(compiledSidecar('hooks/run/runner.js'))) as typeof import('../sidecar/src/hooks/run/runner.js');

function script(): ScriptStep[] {
  const steps: ScriptStep[] = [];
  for (let i = 1; i <= CALLS; i++) steps.push({ toolCalls: [{ name: 'Bash', input: { command: `echo step${i}`, description: `step ${i}` } }] });
  steps.push({ text: 'all steps done' });
  return steps;
}

/** What `wave -p … --output-format json` printed, checked: the answer, 20 good tool calls, the hook runs. */
function check(printed: string, code: number, hooked: boolean): number[] {
  if (code !== 0) throw new Error(`wave -p exited ${code}: ${printed.slice(0, 500)}`);
  const out = JSON.parse(printed) as { result: string; messages: Message[] };
  if (out.result !== 'all steps done') throw new Error(`unexpected result ${JSON.stringify(out.result)}`);
  const blocks = out.messages.flatMap((m) => m.blocks);
  const tools = blocks.filter((b) => b.type === 'tool');
  if (tools.length !== CALLS || tools.some((t) => t.type === 'tool' && t.success !== true)) throw new Error(`expected ${CALLS} successful tool calls`);
  const runs = blocks.flatMap((b) => (b.type === 'hook_run' ? [b.run] : []));
  if (runs.length !== (hooked ? CALLS : 0) || runs.some((r) => r.exitCode !== 0)) throw new Error(`expected ${hooked ? CALLS : 0} hook runs with exit 0`);
  return runs.map((r) => r.durationMs);
}

/** One `wave -p` run in this process; its wall time and its hook runs' durations. */
async function onePrint(hooked: boolean): Promise<{ ms: number; cpuMs: number; hookMs: number[] }> {
  const home = tempDir('run-home');
  const work = tempDir('run-work');
  const server = await startModelServer(script());
  const write = process.stdout.write;
  let printed = '';
  try {
    if (hooked) {
      mkdirSync(join(home.path, '.wave'), { recursive: true });
      const settings = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } };
      writeFileSync(join(home.path, '.wave', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
    }
    Object.assign(process.env, { HOME: home.path, WAVE_PROVIDER: 'openai', WAVE_BASE_URL: server.openaiBaseURL, WAVE_API_KEY: 'x', WAVE_MODEL: 'test' });
    const args = ['-p', 'run the twenty steps', '--workdir', work.path, '--permission-mode', 'bypassPermissions', '--output-format', 'json'];
    process.stdout.write = ((chunk: string | Uint8Array) => {
      printed += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof process.stdout.write;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const code = await printCommand(args);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    process.stdout.write = write;
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000, hookMs: check(printed, code, hooked) };
  } finally {
    process.stdout.write = write;
    await server.close();
    home.remove();
    work.remove();
  }
}

async function main(): Promise<void> {
  const memoryMb = Number(process.argv[2] ?? 0);
  const rounds = Number(process.argv[3] ?? 8);
  const keep: Buffer[] = [];
  for (let i = 0; i < memoryMb; i++) keep.push(Buffer.alloc(MB, i % 251));
  const spawner = await prepareHookRunner();
  const scratch = tempDir('run-raw');
  const input = `${JSON.stringify({ session_id: 'bench', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo step1' } })}\n`;
  const report: HookedRunReport = { memoryMb, spawner, rssMb: 0, plain: [], hooked: [], plainCpu: [], hookedCpu: [], raw: [], runner: [], hookMs: [] };
  const spec = { file: 'sh', args: ['-c', 'true'], cwd: scratch.path, env: { ...process.env }, input, timeoutMs: 600_000 };
  const rawBurst = async (raw: number[], runner: number[]) => {
    for (let i = 0; i < 10; i++) {
      const r = await rawSpawn('true', scratch.path, input);
      if (r.code !== 0) throw new Error(`raw sh -c true exited ${r.code}`);
      raw.push(r.ms);
      const t0 = performance.now();
      const h = await runHookProcess(spec);
      if (h.exitCode !== 0) throw new Error(`runHookProcess sh -c true: ${JSON.stringify(h)}`);
      runner.push(performance.now() - t0);
    }
  };
  try {
    // Warm-up: module loading, JIT, the spawner's first hooks; not counted.
    await onePrint(false);
    await onePrint(true);
    await rawBurst([], []);
    gc();
    for (let i = 0; i < rounds; i++) {
      for (const hooked of i % 2 ? [true, false] : [false, true]) {
        const r = await onePrint(hooked);
        (hooked ? report.hooked : report.plain).push(r.ms);
        (hooked ? report.hookedCpu : report.plainCpu).push(r.cpuMs);
        report.hookMs.push(...r.hookMs);
      }
      await rawBurst(report.raw, report.runner);
    }
    report.rssMb = process.memoryUsage().rss / MB;
  } finally {
    scratch.remove();
  }
  if (keep.length !== memoryMb) throw new Error('the memory went away');
  console.log(JSON.stringify(report));
}

await main();
