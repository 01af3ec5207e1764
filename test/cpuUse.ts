// Where the suite's time goes (README, "Running tests"): with WAVE_TEST_CPU_LOG=<file>, vitest loads
// this into every test file (vitest.config.ts, setupFiles) and, when the file is done, appends one
// JSON line: the file, the CPU seconds of its worker (`self`) and of every process it started and
// waited for — `wave`, hooks, Chromium (`children`) — and its wall seconds. Each file runs in a fresh
// worker process, so the figures are the file's own. CPU, unlike wall time, does not grow with the
// load of a shared machine. Linux only (/proc/self/stat).
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeEach } from 'vitest';

const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of this process, in seconds. */
function times(): { self: number; children: number } {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const n = (i: number) => Number(f[i]) / TICKS_PER_SECOND;
  return { self: n(11) + n(12), children: n(13) + n(14) };
}

let file = '';
beforeEach(({ task }) => {
  file = task.file.filepath;
});
afterAll(() => {
  const log = process.env.WAVE_TEST_CPU_LOG;
  if (log) appendFileSync(log, `${JSON.stringify({ file, ...times(), wall: process.uptime() })}\n`);
});
