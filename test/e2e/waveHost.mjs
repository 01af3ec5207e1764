// A warm `wave` for the end-to-end tests (test/e2e/waveHost.ts starts it; docs/reliability.md, "A warm
// wave"): a Node process of a test worker (up to five per worker) that has loaded the compiled
// sidecar once and runs `wave` commands one after the other, each with its own arguments,
// environment, folder, stdout and stderr, and ends each one as the process's end would (once
// nothing it left keeps the event loop alive, its 'exit' listeners: history's last lines, the
// process groups it leaves killed). What it saves is Node's start and the loading of the sidecar
// for every command (about half of a `wave -p` run's CPU). The hooks, the tools' shells, the model
// server and the files are as real as with a process per command.
//
// Messages (IPC): in { args, env, cwd }; out { code, stdout, stderr }. A run that throws past the
// command (an uncaught exception) is answered with Node's exit code 1 and its stack, then the host
// exits: nothing after it can trust its state.
import { main } from '../../sidecar/dist/cli/main.js';
import { leftBehind } from './hostResources.mjs';

const WAVE_BIN = new URL('../../sidecar/bin/wave.js', import.meta.url).pathname;
const realOut = process.stdout.write.bind(process.stdout);
const realErr = process.stderr.write.bind(process.stderr);
// `main` adds its closed-pipe listener to stdout at each command.
process.stdout.setMaxListeners(0);

/** The output of the command that runs. */
let current = null;

function capture(into) {
  return (chunk, encoding, cb) => {
    if (current) current[into] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const done = typeof encoding === 'function' ? encoding : cb;
    if (done) process.nextTick(done);
    return true;
  };
}

function setEnvironment(env) {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
}

/** What keeps this process alive, as resource types (between commands: the IPC channel, stderr). */
const alive = () => process.getActiveResourcesInfo();

/** After this long, a command that still keeps the host alive is named on the host's stderr (once). */
const REPORT_MS = 30_000;

/**
 * Resolves once the command left nothing alive beyond what was alive when it started (`before`;
 * hostResources.mjs), looked at every 10 ms from an immediate (a timer looking would count itself).
 */
function drained(before, args) {
  const started = Date.now();
  let reported = false;
  return new Promise((resolve) => {
    const look = () => {
      const left = leftBehind(before, alive());
      if (!left.length) return resolve();
      if (!reported && Date.now() - started > REPORT_MS) {
        reported = true;
        realErr(`wave host: \`wave ${args.join(' ')}\` returned ${REPORT_MS / 1000} s ago and still keeps ${left.join(', ')} alive\n`);
      }
      setTimeout(() => setImmediate(look), 10);
    };
    setImmediate(look);
  });
}

async function run({ args, env, cwd }) {
  const before = alive();
  setEnvironment(env);
  process.chdir(cwd);
  process.argv = [process.execPath, WAVE_BIN, ...args];
  current = { stdout: '', stderr: '' };
  process.stdout.write = capture('stdout');
  process.stderr.write = capture('stderr');
  let code;
  try {
    code = await main(args);
  } catch (err) {
    process.stderr.write(`wave: ${err instanceof Error ? err.message : String(err)}\n`);
    code = 1;
  }
  // A process ends when nothing keeps its event loop alive any more: a command that leaves a timer,
  // a socket or a child process behind would keep its own process running, and keeps this one.
  await drained(before, args);
  // The process's end: every 'exit' listener, kept for the next command (listeners(), not the once wrappers).
  for (const listener of process.listeners('exit')) listener.call(process, code);
  const out = { code, stdout: current.stdout, stderr: current.stderr };
  current = null;
  process.stdout.write = realOut;
  process.stderr.write = realErr;
  return out;
}

process.on('uncaughtException', (err) => {
  const stderr = `${current?.stderr ?? ''}${err instanceof Error ? err.stack : String(err)}\n`;
  process.send?.({ code: 1, stdout: current?.stdout ?? '', stderr, crashed: true }, () => process.exit(1));
});
process.on('message', (request) => {
  void run(request).then((out) => process.send?.(out));
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
