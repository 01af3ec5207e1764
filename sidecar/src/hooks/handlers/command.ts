// A `command` hook (docs/hooks.md, "Matcher groups and handlers"), the default type: a shell command
// in `/bin/sh -c` (`bash -c` with `shell: "bash"`, PowerShell with commandWindows on Windows), or with
// `args` the program itself, run by the process runner with the hook environment and the event JSON on stdin.
import { z } from 'zod';
import { NO_NUL, nul } from '../../settings/schema.js';
import { common, commonFields, defined, type HandlerCommon } from './common.js';
import { handlerType, type HandlerRun } from './handlerType.js';
import type { ProcessSpec } from './processSpec.js';

export interface CommandHandler extends HandlerCommon {
  type: 'command';
  command: string;
  /** The exec form: `command` is the program, run with exactly these arguments, no shell. */
  args?: string[];
  commandWindows?: string;
  shell?: 'sh' | 'bash';
  /** Which transcript `transcript_path` names (default: the session JSON; plugin hooks: the JSONL). */
  transcript?: 'json' | 'jsonl';
}

export const CommandHandlerSchema = z
  .object({
    type: z.literal('command').optional().describe('"command" (the default when type is missing).'),
    command: z
      .string({ error: 'command must be a string' })
      .regex(/\S/, 'command must not be empty')
      .regex(NO_NUL, nul('command'))
      .describe('Shell command run with sh -c (bash -c with shell "bash"); with args, the program run directly. The event payload arrives as JSON on stdin.'),
    args: z
      .array(z.string({ error: 'args must be an array of strings' }).regex(NO_NUL, nul('args')), { error: 'args must be an array of strings' })
      .optional()
      .describe('The exec form: command is the program, run with exactly these arguments, without a shell (no quoting, no $ expansion).'),
    commandWindows: z.string().min(1).regex(NO_NUL, nul('commandWindows')).optional().describe('Used instead of command on Windows, run by PowerShell.'),
    shell: z.enum(['sh', 'bash'], { error: 'shell must be "sh" or "bash"' }).optional().describe('The shell that runs the command (default sh).'),
    transcript: z
      .enum(['json', 'jsonl'], { error: 'transcript must be "json" or "jsonl"' })
      .optional()
      .describe('Which transcript transcript_path names: the session JSON (default) or the Claude Code JSON Lines twin.'),
    ...commonFields,
  })
  .passthrough()
  .meta({ id: 'CommandHook', description: 'A shell command.' });

/** A word of the exec form as a shell would read it back (the summary is for reading, never run). */
function quoteWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/** The process of a command hook: the shell (or the exec form's program), the environment, stdin, limits. */
export function commandSpec(r: HandlerRun<CommandHandler>): ProcessSpec {
  const { handler, runtime: rt } = r;
  const windows = rt.platform === 'win32';
  const command = windows ? (handler.commandWindows ?? handler.command) : handler.command;
  const shell = rt.shells[handler.shell === 'bash' ? 'bash' : 'sh'];
  return {
    file: windows ? 'powershell.exe' : shell,
    args: windows ? ['-NoProfile', '-NonInteractive', '-Command', command] : ['-c', command],
    cwd: r.cwd,
    env: r.env,
    input: `${r.payload}\n`,
    timeoutMs: r.timeoutMs,
    ...(r.detachOnAsyncLine ? { detachOnAsyncLine: true } : {}),
    ...(r.signal ? { signal: r.signal } : {}),
    ...(r.ready ? { ready: r.ready } : {}),
    ...(rt.killGraceMs !== undefined ? { killGraceMs: rt.killGraceMs } : {}),
    ...(rt.exitGraceMs !== undefined ? { exitGraceMs: rt.exitGraceMs } : {}),
    // `args` (the exec form): the program itself, with exactly these arguments, no shell (docs/hooks.md, "Process").
    ...(handler.args ? { file: handler.command, args: handler.args } : {}),
  };
}

export const COMMAND = handlerType({
  type: 'command',
  schema: CommandHandlerSchema,
  read: (d): CommandHandler => ({
    type: 'command',
    command: d.command,
    ...defined({ args: d.args, commandWindows: d.commandWindows, shell: d.shell, transcript: d.transcript }),
    ...common(d),
  }),
  summary: (h) => (h.args ? [h.command, ...h.args].map(quoteWord).join(' ') : h.command),
  identity: (h) => [h.command, h.args ?? null],
  run: (r) => r.runtime.runProcess(commandSpec(r)),
});
