// `wave` command line: dispatches to the sub-commands.
import { hooksCommand } from './hooks.js';

const USAGE = `usage:
  wave hooks list|validate|test ...   inspect and try the configured hooks (wave hooks --help)
`;

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'hooks':
      return hooksCommand(rest);
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
