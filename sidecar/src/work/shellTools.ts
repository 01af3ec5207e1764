// The shell tools (README, "The agent on the command line"), shaped like Claude Code's: Bash (foreground or background; a
// foreground command that outlives its timeout moves to the background instead of being lost),
// BashOutput (new output of a shell since the last read) and KillShell.
import * as z from 'zod';
import { failure, type AnyTool, type Tool, type ToolOutcome } from '../agent/tools/types.js';
import type { Shell, ShellManager, ShellOutput } from './shells.js';
import { messageOf } from '../util/errors.js';

/** The names of this module's tools (the catalogue of every tool name is app/tools.ts). */
export const SHELL_TOOL_NAMES = ['Bash', 'BashOutput', 'KillShell'] as const;

export const BASH_DEFAULT_TIMEOUT_MS = 120_000;
export const BASH_MAX_TIMEOUT_MS = 600_000;
/** Characters of output the model sees from one tool call. */
export const MODEL_OUTPUT_LIMIT = 30_000;

const bashSchema = z.object({
  command: z.string().describe('The command to run'),
  timeout: z
    .number()
    .positive()
    .max(BASH_MAX_TIMEOUT_MS)
    .optional()
    .describe('Timeout in milliseconds (default 120000, max 600000); past it the command continues in the background'),
  description: z.string().optional().describe('What the command does, in 5-10 words'),
  run_in_background: z.boolean().optional().describe('Run the command in the background; read its output later with BashOutput'),
});

const bashOutputSchema = z.object({
  bash_id: z.string().describe('The ID of the background shell (e.g. bash_1)'),
  filter: z.string().optional().describe('Optional regular expression: only output lines matching it are shown (the others are discarded)'),
});

const killShellSchema = z.object({
  shell_id: z.string().describe('The ID of the background shell to kill (e.g. bash_1)'),
});

export type BashInput = z.infer<typeof bashSchema>;
export type BashOutputInput = z.infer<typeof bashOutputSchema>;
export type KillShellInput = z.infer<typeof killShellSchema>;

/** Keeps the start and the end of a long text, saying how much was left out in between. */
export function capText(text: string, limit = MODEL_OUTPUT_LIMIT): string {
  if (text.length <= limit) return text;
  const half = Math.floor(limit / 2);
  const omitted = text.length - 2 * half;
  return `${text.slice(0, half)}\n… [${omitted} characters truncated] …\n${text.slice(text.length - half)}`;
}

function droppedNote(bytes: number): string {
  return `[… ${bytes} bytes of earlier output dropped: only the last 1 MiB is kept]`;
}

/** stdout then stderr, as the model sees them (like the former foreground Bash). */
function modelText(out: ShellOutput): string {
  const text = [out.stdout.trim(), out.stderr.trim()].filter(Boolean).join('\n');
  const withNote = out.droppedBytes > 0 ? `${droppedNote(out.droppedBytes)}\n${text}` : text;
  return capText(withNote);
}

function streams(out: ShellOutput): { stdout: string; stderr: string } {
  return { stdout: capText(out.stdout.trim()), stderr: capText(out.stderr.trim()) };
}

/** How a shell ended, as a clause: "completed with exit code 0", "was killed" … */
function endClause(s: Shell): string {
  if (s.status === 'killed') return 'was killed';
  if (s.spawnError !== null) return `could not be started (${s.spawnError})`;
  if (s.exitCode === null && s.signal) return `was terminated by ${s.signal}`;
  return s.status === 'completed' ? `completed with exit code ${s.exitCode}` : `failed with exit code ${s.exitCode}`;
}

function waitForeground(shell: Shell, timeoutMs: number, signal: AbortSignal | undefined): Promise<'done' | 'timeout' | 'abort'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => settle('timeout'), timeoutMs);
    const onAbort = () => settle('abort');
    const settle = (why: 'done' | 'timeout' | 'abort') => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(why);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    void shell.done.then(() => settle('done'));
  });
}

const BASE = { interrupted: false, isImage: false };

/** A foreground command still running at its timeout continues in the background. */
function movedToBackground(shell: Shell, timeoutMs: number): ToolOutcome {
  const sofar = shell.readNew(); // BashOutput then continues from here
  const text = modelText(sofar);
  const result =
    `Command exceeded its timeout of ${timeoutMs} ms and continues in the background as ${shell.id}. ` +
    `Use BashOutput with bash_id "${shell.id}" to read its output, KillShell to stop it.` +
    (text ? `\n\nOutput so far:\n${text}` : '');
  return { success: true, result, response: { ...streams(sofar), ...BASE, backgroundTaskId: shell.id, success: true } };
}

/** A foreground command that ended (or was stopped): its output and how it ended. */
async function ended(manager: ShellManager, shell: Shell, why: string): Promise<ToolOutcome> {
  if (why === 'abort') await manager.kill(shell.id);
  await shell.done;
  const out = shell.readAll();
  manager.release(shell.id);
  const text = modelText(out);
  const response = { ...streams(out), ...BASE, interrupted: why === 'abort' || shell.signal !== null, exit_code: shell.exitCode };
  const more = text ? `\n${text}` : '';
  if (shell.spawnError !== null) return failure(`Cannot run the command: ${shell.spawnError}`, response);
  if (why === 'abort') return failure(`Command interrupted${more}`, response);
  if (shell.status === 'killed') return failure(`Command was killed${more}`, response);
  if (shell.exitCode !== 0)
    return failure(`${shell.exitCode === null && shell.signal ? `Killed by ${shell.signal}` : `Exit code ${shell.exitCode}`}${more}`, response);
  return { success: true, result: text || '(no output)', response: { ...response, success: true } };
}

function bashTool(manager: ShellManager): Tool<BashInput> {
  return {
    name: 'Bash' satisfies (typeof SHELL_TOOL_NAMES)[number],
    description:
      'Runs a shell command (bash -c) in the working directory and returns its output (stdout, then stderr). ' +
      `The timeout is in milliseconds (default ${BASH_DEFAULT_TIMEOUT_MS}, max ${BASH_MAX_TIMEOUT_MS}); a command still running ` +
      'at its timeout is not killed: it continues in the background and you get its ID. Set run_in_background ' +
      'for long-running commands (servers, watchers, long builds): the call returns at once with a shell ID ' +
      '(bash_N); read new output with BashOutput, stop it with KillShell. You are told when a background ' +
      `shell finishes. Output over ${MODEL_OUTPUT_LIMIT} characters is truncated in the middle.`,
    schema: bashSchema,
    access: 'execute',
    ruleContent: (i) => i.command,
    async run(input, ctx) {
      const timeoutMs = input.timeout ?? BASH_DEFAULT_TIMEOUT_MS;
      if (ctx.signal?.aborted) {
        return failure('Command interrupted before it started', { stdout: '', stderr: '', ...BASE, interrupted: true, exit_code: null });
      }
      const shell = manager.start(input.command, { cwd: ctx.cwd, env: ctx.env, description: input.description, envFile: ctx.envFile });
      if (input.run_in_background) {
        manager.toBackground(shell.id);
        return {
          success: true,
          result: `Command running in background with ID: ${shell.id}`,
          response: { stdout: '', stderr: '', ...BASE, backgroundTaskId: shell.id, success: true },
        };
      }
      const why = await waitForeground(shell, timeoutMs, ctx.signal);
      if (why === 'timeout' && shell.status === 'running' && manager.toBackground(shell.id)) return movedToBackground(shell, timeoutMs);
      return ended(manager, shell, why);
    },
  };
}

/** The new output of a background shell, filtered, with its status (what BashOutput answers). */
function readOutput(manager: ShellManager, input: BashOutputInput): ToolOutcome {
  const shell = manager.get(input.bash_id);
  if (!shell) return failure(unknownShell(manager, input.bash_id), { shellId: input.bash_id });
  let filter: RegExp | null = null;
  if (input.filter !== undefined && input.filter !== '') {
    try {
      filter = new RegExp(input.filter);
    } catch (err) {
      return failure(`Invalid filter regular expression ${JSON.stringify(input.filter)}: ${messageOf(err)}`, { shellId: shell.id });
    }
  }
  const out = shell.readNew();
  const keep = (text: string) =>
    filter
      ? text
          .split('\n')
          .filter((l) => filter.test(l))
          .join('\n')
      : text;
  const stdout = capText(keep(out.stdout).trim());
  const stderr = capText(keep(out.stderr).trim());
  const parts = [`<status>${shell.status}</status>`];
  if (shell.status !== 'running' && shell.exitCode !== null) parts.push(`<exit_code>${shell.exitCode}</exit_code>`);
  if (shell.status !== 'running' && shell.exitCode === null && shell.signal) parts.push(`<signal>${shell.signal}</signal>`);
  if (out.droppedBytes > 0) parts.push(`<note>${droppedNote(out.droppedBytes)}</note>`);
  if (stdout) parts.push(`<stdout>\n${stdout}\n</stdout>`);
  if (stderr) parts.push(`<stderr>\n${stderr}\n</stderr>`);
  if (!stdout && !stderr) parts.push(filter ? '(no new output matching the filter)' : '(no new output)');
  const timestamp = new Date().toISOString();
  parts.push(`<timestamp>${timestamp}</timestamp>`);
  const response = {
    shellId: shell.id,
    command: shell.command,
    status: shell.status,
    exitCode: shell.exitCode,
    stdout,
    stderr,
    timestamp,
    ...(input.filter ? { filterPattern: input.filter } : {}),
    success: true,
  };
  return { success: true, result: parts.join('\n'), response };
}

function bashOutputTool(manager: ShellManager): Tool<BashOutputInput> {
  return {
    name: 'BashOutput' satisfies (typeof SHELL_TOOL_NAMES)[number],
    description:
      'Reads the output a background shell (started by Bash with run_in_background, or moved to the background ' +
      'at its timeout) wrote since the last read, with its status (running, completed, failed, killed) and exit code. ' +
      'The optional filter is a regular expression: only matching lines are shown, the others are discarded.',
    schema: bashOutputSchema,
    access: 'read',
    run: async (input) => readOutput(manager, input),
  };
}

function killShellTool(manager: ShellManager): Tool<KillShellInput> {
  return {
    name: 'KillShell' satisfies (typeof SHELL_TOOL_NAMES)[number],
    description: 'Kills a running background shell and every process it started (SIGTERM, then SIGKILL after 2 s).',
    schema: killShellSchema,
    access: 'execute',
    ruleContent: (i) => i.shell_id,
    async run(input): Promise<ToolOutcome> {
      const shell = manager.get(input.shell_id);
      if (!shell) return failure(unknownShell(manager, input.shell_id), { shell_id: input.shell_id });
      if (shell.status !== 'running') {
        return failure(`Shell ${shell.id} is not running: it ${endClause(shell)}.`, { shell_id: shell.id, status: shell.status });
      }
      await manager.kill(shell.id);
      const message = `Killed shell ${shell.id} (${JSON.stringify(shell.description.length > 200 ? `${shell.description.slice(0, 200)}…` : shell.description)}).`;
      return { success: true, result: message, response: { message, shell_id: shell.id, success: true } };
    },
  };
}

export function createShellTools(manager: ShellManager): AnyTool[] {
  return [bashTool(manager), bashOutputTool(manager), killShellTool(manager)];
}

function unknownShell(manager: ShellManager, id: string): string {
  const known = manager
    .list()
    .filter((s) => s.background)
    .map((s) => s.id);
  return `No background shell with ID "${id}".${known.length ? ` Known shells: ${known.join(', ')}.` : ' There are no background shells.'}`;
}
