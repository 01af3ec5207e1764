// `wave` command line: dispatches to the sub-commands.
import { hooksCommand } from './hooks.js';
import { PRINT_USAGE, printCommand } from './print.js';
import { SERVE_USAGE, serveCommand } from './serve.js';

const USAGE = `usage:
  ${PRINT_USAGE.replace('usage: ', '')}
      run one turn headless, with all hooks
  wave hooks list|validate|test ...   inspect and try the configured hooks (wave hooks --help)
  ${SERVE_USAGE.replace('usage: ', '')}
      serve the UI and the sidecar protocol for the IDE or a browser
`;

/** Output piped into `head` and the like: a closed pipe ends the command quietly, not with a stack trace. */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

export async function main(argv: string[]): Promise<number> {
  quietOnClosedPipe(process.stdout);
  const [cmd, ...rest] = argv;
  if (argv.some((a) => a === '-p' || a === '--print' || a.startsWith('--print='))) return printCommand(argv);
  switch (cmd) {
    case 'hooks':
      return hooksCommand(rest);
    case 'serve':
      return serveCommand(rest);
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
