// The result of a handler that is not a process (http, prompt), in the shape of a process's result,
// so the one answer policy (answers.ts) reads every handler type alike.
import type { ProcessResult } from './types.js';

export function handlerResult(startedAt: number, t0: number, fields: Partial<ProcessResult>): ProcessResult {
  return {
    startedAt,
    durationMs: performance.now() - t0,
    exitCode: null,
    signal: null,
    timedOut: false,
    spawnError: null,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    ...fields,
  };
}
