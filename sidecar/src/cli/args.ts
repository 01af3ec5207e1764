// The arguments of one `wave` command (README, "The agent on the command line"): `-h` / `--help`
// prints its usage and the environment variables Wave reads (exit 0); an unknown or malformed
// flag is a usage error on stderr with the usage (exit 2). Every command and sub-command parses
// through here, so they all behave alike.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { messageOf } from '../util/errors.js';

export const ENVIRONMENT = `Environment:
  WAVE_PROVIDER        openai (default) or anthropic
  WAVE_BASE_URL        the model endpoint (an OpenAI-compatible /v1, or the Anthropic API)
  WAVE_API_KEY         its key
  WAVE_MODEL           the model name
  WAVE_DEBUG=hooks     the same as --debug hooks
  WAVE_SETTLE_SECONDS  how long wave -p waits for background work after the turn (default 1800)
  HOME                 where ~/.wave (user settings, sessions, plugins, the hook run history) is`;

type Options = NonNullable<ParseArgsConfig['options']>;

export type Parsed<O extends Options> =
  { ok: true; values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>['values']; positionals: string[] } | { ok: false; code: number };

/** Parses `argv` for command `name` (`hooks runs`, `serve`, …); help and usage errors are handled and reported. */
export function commandArgs<O extends Options>(name: string, usage: string, argv: string[], options: O, allowPositionals = false): Parsed<O> {
  if (argv.includes('-h') || argv.includes('--help')) {
    process.stdout.write(`${usage.trimEnd()}\n\n${ENVIRONMENT}\n`);
    return { ok: false, code: 0 };
  }
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    if (!allowPositionals && positionals.length) throw new Error(`unexpected argument "${positionals[0]}"`);
    return { ok: true, values, positionals };
  } catch (err) {
    const message = messageOf(err).replace(/\. To specify a positional argument[\s\S]*$/, '');
    process.stderr.write(`wave ${name}: ${message}\n${usage.trimEnd()}\n`);
    return { ok: false, code: 2 };
  }
}
