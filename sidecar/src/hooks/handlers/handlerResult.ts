// A process-shaped result with nothing in it but the given fields: what a handler that is not a
// process (http, prompt) answers, so the one answer policy (answers.ts) reads every handler type
// alike, and what the runner answers for a hook that could not be started or whose spawner died.
import type { ProcessResult } from './processSpec.js';

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
