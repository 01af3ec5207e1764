// `wave` command line: dispatches to the sub-commands, each loaded only when it is asked for (the
// agent and the server are large; `wave hooks stats` needs neither).
import { createRequire } from 'node:module';
import { ENVIRONMENT } from './args.js';
import { PRINT_USAGE, SERVE_USAGE } from './usage.js';
import { baselineWasmOnly } from '../util/baselineWasm.js';

const USAGE = `usage:
  ${PRINT_USAGE.replace('usage: ', '')}
      run one turn headless, with all hooks
  wave hooks list|validate|test|runs|stats|import ...   inspect, try and import hooks (wave hooks --help)
  wave plugins install DIR|list|remove NAME   Claude Code plugins (their hooks run first)
  wave mcp list|approve NAME|revoke NAME   MCP servers: state and tools, approval of project servers
  ${SERVE_USAGE.replace('usage: ', '')}
      serve the UI and the sidecar protocol for the IDE or a browser
  wave --version

Every command takes -h / --help.

${ENVIRONMENT}
`;

/** Output piped into `head` and the like: a closed pipe ends the command quietly, not with a stack trace. */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

export async function main(argv: string[]): Promise<number> {
  baselineWasmOnly(); // before the first model request compiles fetch's HTTP parser
  quietOnClosedPipe(process.stdout);
  const [cmd, ...rest] = argv;
  if (argv.some((a) => a === '-p' || a === '--print' || a.startsWith('--print='))) return (await import('./print.js')).printCommand(argv);
  switch (cmd) {
    case 'hooks':
      return (await import('./hooks.js')).hooksCommand(rest);
    case 'mcp':
      return (await import('./mcp.js')).mcpCommand(rest);
    case 'plugins':
      return (await import('./plugins.js')).pluginsCommand(rest);
    case 'serve':
      return (await import('./serve.js')).serveCommand(rest);
    case '--version':
    case '-v': {
      const pkg = createRequire(import.meta.url)('../../package.json') as { version: string };
      process.stdout.write(`wave ${pkg.version}\n`);
      return 0;
    }
    case undefined:
    case '-h':
    case '--help':
      process.stdout.write(USAGE);
      return cmd === undefined ? 1 : 0;
    default:
      process.stderr.write(`wave: unknown command "${cmd}"\n${USAGE}`);
      return 2;
  }
}
