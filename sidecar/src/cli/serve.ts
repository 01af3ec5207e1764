// `wave serve --workdir DIR [--port 0] [--ui DIR] [--standalone] [--exit-with-stdin]`: starts the
// sidecar for the IDE or a browser (docs/architecture.md, "The sidecar and the IDE"). stdout carries the ready line, then host requests as
// JSON lines; diagnostics go to stderr. `--standalone` (npm start, `wave serve --standalone` in any
// folder) prints the URL to open instead of the ready line and shows host requests as plain text
// for the person at the terminal.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandArgs } from './args.js';
import { SERVE_USAGE } from './usage.js';
import type { WaveApp } from '../server/app.js';
import { newToken } from '../server/auth.js';
import { listen, type Listening } from '../server/http.js';
import { hookDebugger } from './debug.js';
import { resolveWorkdir } from './workdir.js';
import type { HostRequest, ReadyLine } from '../protocol/protocol.js';
import { messageOf } from '../util/errors.js';

const DEFAULT_UI = fileURLToPath(new URL('../../../webui/dist', import.meta.url));

function humanHost(line: string): string {
  const r = JSON.parse(line) as HostRequest;
  switch (r.host) {
    case 'openFile':
      return `[IDE] open ${r.path}\n`;
    case 'closeSettings':
      return '[IDE] close the settings tab\n';
    case 'showChat':
      return '[IDE] show the chat\n';
    case 'notify':
      return `[IDE] ${r.level ?? 'info'}: ${r.title ? `${r.title}: ` : ''}${r.message}\n`;
  }
}

interface ServeOptions {
  workdir: string;
  port: number;
  uiDir: string | null;
  standalone: boolean;
  exitWithStdin: boolean;
  debugHooks: ReturnType<typeof hookDebugger>;
}

/** The command line read and checked: the options, or the exit code of a usage error (told on stderr). */
function serveOptions(argv: string[]): ServeOptions | number {
  const args = commandArgs('serve', SERVE_USAGE, argv, {
    workdir: { type: 'string' },
    port: { type: 'string', default: '0' },
    ui: { type: 'string' },
    standalone: { type: 'boolean' },
    'exit-with-stdin': { type: 'boolean' },
    debug: { type: 'string' },
  });
  if (!args.ok) return args.code;
  const { values } = args;
  const fail = (message: string) => (process.stderr.write(`wave serve: ${message}\n`), 2);
  let debugHooks;
  try {
    debugHooks = hookDebugger(values.debug);
  } catch (err) {
    return fail(messageOf(err));
  }
  const { dir: workdir, note } = resolveWorkdir(values.workdir, process.env.INIT_CWD ?? process.cwd());
  if (note) process.stderr.write(`wave serve: ${note}\n`);
  if (!existsSync(workdir) || !statSync(workdir).isDirectory()) return fail(`--workdir: no such folder ${workdir}`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return fail(`--port must be a port number, not "${values.port}"`);
  const uiDir = values.ui ? resolve(values.ui) : existsSync(DEFAULT_UI) ? DEFAULT_UI : null;
  return { workdir, port, uiDir, standalone: values.standalone === true, exitWithStdin: values['exit-with-stdin'] === true, debugHooks };
}

/**
 * Stops the server on Ctrl-C, SIGTERM, or stdin closed with --exit-with-stdin — also while the app
 * is still loading (it is closed once loaded). `stopped` resolves once both have stopped.
 */
function stopOnSignals(
  app: Promise<WaveApp>,
  server: Listening,
  log: (line: string) => void,
  exitWithStdin: boolean,
): { stopped: Promise<void>; stopping: () => boolean } {
  let closing = false;
  const stopped = new Promise<void>((done) => {
    const shutdown = () => {
      if (closing) return;
      closing = true;
      Promise.all([app.then((a) => a.close()), server.close()])
        .catch((err: Error) => log(`while stopping: ${err.message}`))
        .finally(done);
    };
    // A second Ctrl-C (or SIGTERM) does not wait for the graceful stop.
    const onSignal = () => (closing ? process.exit(1) : shutdown());
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    if (exitWithStdin) process.stdin.on('end', shutdown).on('close', shutdown).resume();
  });
  return { stopped, stopping: () => closing };
}

export async function serveCommand(argv: string[]): Promise<number> {
  const o = serveOptions(argv);
  if (typeof o === 'number') return o;
  const log = (line: string) => process.stderr.write(`wave serve: ${line}\n`);
  const write = (line: string) => process.stdout.write(o.standalone ? humanHost(line) : line);
  // The app (the agent, the hook engine, the protocol's handlers: most of the code) loads while the
  // server starts listening: the ready line does not wait for it, a WebSocket client does (http.ts).
  const loading: Promise<WaveApp> = import('../server/app.js').then(
    ({ WaveApp }) => new WaveApp({ workdir: o.workdir, hostWriter: write, log, ...(o.debugHooks ? { debugHooks: o.debugHooks } : {}) }),
  );
  loading.catch(() => undefined); // told below, after the ready line (not an unhandled rejection meanwhile)
  const token = newToken();
  const server = await listen({ app: loading, token, port: o.port, uiDir: o.uiDir, log });
  const ready: ReadyLine = { ready: { url: server.url, port: server.port, token } };
  if (o.standalone) process.stdout.write(`\nWave is serving ${o.workdir}\nOpen ${server.url} in a browser (Ctrl-C to stop).\n\n`);
  else process.stdout.write(`${JSON.stringify(ready)}\n`);
  const stop = stopOnSignals(loading, server, log, o.exitWithStdin);
  try {
    const app = await loading;
    if (!stop.stopping()) app.start().catch((err: Error) => log(`the chat session could not start: ${err.message}`));
  } catch (err) {
    log(`could not start: ${messageOf(err)}`);
    await server.close();
    return 1;
  }
  await stop.stopped;
  return 0;
}
