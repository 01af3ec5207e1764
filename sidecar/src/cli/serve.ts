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
import { WaveApp } from '../server/app.js';
import { newToken } from '../server/auth.js';
import { listen } from '../server/http.js';
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

export async function serveCommand(argv: string[]): Promise<number> {
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
  let debugHooks;
  try {
    debugHooks = hookDebugger(values.debug);
  } catch (err) {
    process.stderr.write(`wave serve: ${messageOf(err)}\n`);
    return 2;
  }
  const { dir: workdir, note } = resolveWorkdir(values.workdir, process.env.INIT_CWD ?? process.cwd());
  if (note) process.stderr.write(`wave serve: ${note}\n`);
  if (!existsSync(workdir) || !statSync(workdir).isDirectory()) {
    process.stderr.write(`wave serve: --workdir: no such folder ${workdir}\n`);
    return 2;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`wave serve: --port must be a port number, not "${values.port}"\n`);
    return 2;
  }
  const uiDir = values.ui ? resolve(values.ui) : existsSync(DEFAULT_UI) ? DEFAULT_UI : null;
  const log = (line: string) => process.stderr.write(`wave serve: ${line}\n`);
  const write = (line: string) => process.stdout.write(values.standalone ? humanHost(line) : line);
  const app = new WaveApp({ workdir, hostWriter: write, log, ...(debugHooks ? { debugHooks } : {}) });
  const token = newToken();
  const server = await listen({ app, token, port, uiDir, log });
  const ready: ReadyLine = { ready: { url: server.url, port: server.port, token } };
  if (values.standalone) process.stdout.write(`\nWave is serving ${workdir}\nOpen ${server.url} in a browser (Ctrl-C to stop).\n\n`);
  else process.stdout.write(`${JSON.stringify(ready)}\n`);
  app.start().catch((err: Error) => log(`the chat session could not start: ${err.message}`));

  await new Promise<void>((done) => {
    let closing = false;
    const shutdown = () => {
      if (closing) return;
      closing = true;
      Promise.all([app.close(), server.close()])
        .catch((err: Error) => log(`while stopping: ${err.message}`))
        .finally(done);
    };
    // A second Ctrl-C (or SIGTERM) does not wait for the graceful stop.
    const onSignal = () => (closing ? process.exit(1) : shutdown());
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    if (values['exit-with-stdin']) {
      process.stdin.on('end', shutdown).on('close', shutdown).resume();
    }
  });
  return 0;
}
