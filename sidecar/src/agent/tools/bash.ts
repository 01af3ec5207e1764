// Bash: runs a shell command in the session's working directory, with a timeout and capped output.
// It uses the same process runner as hooks (own process group, group kill on timeout, bounded memory).
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { runHookProcess } from '../../hooks/runner.js';
import { failure, type Tool } from './types.js';

export const BASH_DEFAULT_TIMEOUT_MS = 120_000;
export const BASH_MAX_TIMEOUT_MS = 600_000;
const OUTPUT_LIMIT = 30_000;

const schema = z.object({
  command: z.string().describe('The command to run'),
  timeout: z.number().positive().max(BASH_MAX_TIMEOUT_MS).optional().describe('Timeout in milliseconds (default 120000, max 600000)'),
  description: z.string().optional().describe('What the command does, in a few words'),
  run_in_background: z.boolean().optional().describe('Run the command in the background'),
});

const shell = existsSync('/bin/bash') ? '/bin/bash' : 'sh';

export const BashTool: Tool<z.infer<typeof schema>> = {
  name: 'Bash',
  description: 'Runs a shell command in the working directory and returns its output.',
  schema,
  access: 'execute',
  ruleContent: (i) => i.command,
  async run(input, ctx) {
    const timeoutMs = input.timeout ?? BASH_DEFAULT_TIMEOUT_MS;
    const r = await runHookProcess({
      file: shell,
      args: ['-c', input.command],
      cwd: ctx.cwd,
      env: ctx.env,
      input: '',
      timeoutMs,
      outputCap: OUTPUT_LIMIT,
    });
    const response = {
      stdout: r.stdout,
      stderr: r.stderr,
      interrupted: r.timedOut || r.signal !== null,
      isImage: false,
      exit_code: r.exitCode,
    };
    if (r.spawnError) return failure(`Cannot run the command: ${r.spawnError}`, response);
    const output = [r.stdout, r.stderr].filter(Boolean).join('\n');
    if (r.timedOut) return failure(`Command timed out after ${timeoutMs} ms${output ? `\n${output}` : ''}`, response);
    if (r.exitCode !== 0) {
      const why = r.signal ? `Killed by ${r.signal}` : `Exit code ${r.exitCode}`;
      return failure(`${why}${output ? `\n${output}` : ''}`, response);
    }
    return { success: true, result: output || '(no output)', response: { ...response, success: true } };
  },
};
