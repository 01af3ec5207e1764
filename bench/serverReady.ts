// Server ready time (issue 5): how long `wave serve` takes from the spawn to its ready line, which
// is what the IDE waits for before it can show anything. The ready line comes once the port listens
// and serves the UI's files; the app (agent, hook engine, protocol handlers) loads meanwhile and a
// WebSocket client waits for it — so a second figure times spawn → the answer to the UI's first
// request (`hello`, over the WebSocket, with the token, Host and Origin), all of it. Each run spawns
// `node sidecar/bin/wave.js serve --workdir <tmp>` with HOME=<tmp> (no user settings, no sessions)
// and times until the `{"ready":…}` line arrives on stdout; the server is then stopped with SIGTERM
// and awaited (not timed). The baseline, in the same run and interleaved, is the start of a bare
// `node -e "console.log(1)"` until its line arrives: Node's own start-up, which no sidecar can beat.
// Needs the compiled sidecar (`npx tsc -p sidecar/tsconfig.json`); a dist older than the sources
// is reported, not rebuilt.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { fmt, stats, table, tempDir, type Benchmark, type BenchOptions, type Figure } from './lib.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WAVE = join(ROOT, 'sidecar', 'bin', 'wave.js');
const DIST_MAIN = join(ROOT, 'sidecar', 'dist', 'cli', 'main.js');
const SRC = join(ROOT, 'sidecar', 'src');

/** Newest modification time of the TypeScript sources (to tell a stale build). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (e.name.endsWith('.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Spawns `args` and resolves with the time until a stdout line satisfying `isReady` arrived, then
 * stops the process with SIGTERM and waits for it to exit.
 */
function timeToLine(
  args: string[],
  env: NodeJS.ProcessEnv,
  isReady: (line: string) => boolean,
  then: (line: string) => Promise<void> = async () => undefined,
  limitMs = 20_000,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let readyMs: number | null = null;
    const limit = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `no ready line within ${limitMs} ms from ${args.join(' ')}; stdout ${JSON.stringify(out.slice(0, 400))}, stderr ${JSON.stringify(err.slice(0, 400))}`,
        ),
      );
    }, limitMs);
    child.on('error', reject);
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      if (readyMs !== null) return;
      out += c;
      const lines = out.split('\n');
      lines.pop(); // an unfinished line
      const line = lines.find(isReady);
      if (line === undefined) return;
      readyMs = -1;
      then(line).then(
        () => {
          readyMs = performance.now() - t0;
          child.kill('SIGTERM');
        },
        (e: Error) => {
          err += `\n${e.message}`;
          readyMs = null;
          child.kill('SIGKILL');
        },
      );
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      if (err.length < 4000) err += c;
    });
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      if (readyMs === null || readyMs < 0)
        reject(new Error(`${args.join(' ')} exited (${code ?? signal}) before its ready line; stderr ${JSON.stringify(err.slice(0, 400))}`));
      else resolve(readyMs);
    });
  });
}

/** Opens the UI's WebSocket to the server of `readyLine` and resolves at the answer to `hello`. */
function firstAnswer(readyLine: string): Promise<void> {
  const { port, token } = (JSON.parse(readyLine) as { ready: { port: number; token: string } }).ready;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(token)}`, { origin: `http://127.0.0.1:${port}` });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'request', id: 1, method: 'hello', params: { view: 'chat' } })));
    ws.once('message', () => {
      ws.close();
      resolve();
    });
    ws.once('error', reject);
  });
}

async function run(opts: BenchOptions): Promise<Figure[]> {
  if (!existsSync(DIST_MAIN)) throw new Error(`the sidecar is not built (${DIST_MAIN} missing): run npx tsc -p sidecar/tsconfig.json`);
  const stale = newestSource(SRC) > statSync(DIST_MAIN).mtimeMs;
  if (stale) opts.log('NOTE: sidecar/dist is older than some file in sidecar/src: the figures are for the last build (npx tsc -p sidecar/tsconfig.json)');
  const runs = Math.max(10, Math.round(20 * opts.scale));
  const home = tempDir('ready-home');
  try {
    const env = { ...process.env, HOME: home.path };
    const serve = () => timeToLine([WAVE, 'serve', '--workdir', home.path], env, (l) => l.startsWith('{"ready":'));
    const answer = () => timeToLine([WAVE, 'serve', '--workdir', home.path], env, (l) => l.startsWith('{"ready":'), firstAnswer);
    const bare = () => timeToLine(['-e', 'console.log(1)'], env, (l) => l === '1');
    // Warm-up: the page cache (node binary, dist and node_modules files).
    await serve();
    await answer();
    await bare();
    const S: number[] = [];
    const A: number[] = [];
    const B: number[] = [];
    for (let i = 0; i < runs; i++) {
      S.push(await serve());
      A.push(await answer());
      B.push(await bare());
    }
    const s = stats(S);
    const a = stats(A);
    const b = stats(B);
    opts.log(`server ready: ${runs} interleaved runs each (after one warm-up), HOME and --workdir an empty temp dir${stale ? ' (STALE BUILD)' : ''}`);
    opts.log(
      table(
        ['variant', 'median ms', 'p90 ms', 'min ms', 'max ms'],
        [
          ['node sidecar/bin/wave.js serve → ready line', fmt(s.median, 1), fmt(s.p90, 1), fmt(s.min, 1), fmt(s.max, 1)],
          ["… → the answer to the UI's first request (hello)", fmt(a.median, 1), fmt(a.p90, 1), fmt(a.min, 1), fmt(a.max, 1)],
          ['node -e "console.log(1)" → its line (baseline)', fmt(b.median, 1), fmt(b.p90, 1), fmt(b.min, 1), fmt(b.max, 1)],
        ],
      ),
    );
    opts.log(`the sidecar's own start-up (median − baseline median): ${fmt(s.median - b.median, 1)} ms, ${fmt(s.median / b.median)} × a bare node start`);
    return [
      {
        name: 'wave serve: ready line, median',
        value: s.median,
        unit: 'ms',
        goal: { max: 250 },
        note: `p90 ${fmt(s.p90, 1)} ms${stale ? ', STALE BUILD' : ''}`,
      },
      { name: 'wave serve: ready line, p90', value: s.p90, unit: 'ms' },
      { name: "wave serve: answer to the UI's first request, median", value: a.median, unit: 'ms', note: `p90 ${fmt(a.p90, 1)} ms` },
      { name: 'bare node start (baseline), median', value: b.median, unit: 'ms', note: `p90 ${fmt(b.p90, 1)} ms` },
      { name: 'ready / bare node start (median)', value: s.median / b.median, unit: '×' },
    ];
  } finally {
    home.remove();
  }
}

export const benchmark: Benchmark = {
  name: 'serverReady',
  description: 'wave serve: time from spawn to the ready line on stdout, against a bare node start',
  run,
};
