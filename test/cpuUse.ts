// Where the suite's time goes (README, "Running tests"): with WAVE_TEST_CPU_LOG=<file>, vitest loads
// this into every test file (vitest.config.ts, setupFiles) and, when the file is done, appends one
// JSON line: the file, the CPU seconds of its worker (`self`) and of every process it started and
// waited for — `wave`, hooks (`children`) — and its wall seconds, since the previous file of the
// same worker ended (files share their workers). The worker's Chromium, shared by the browser files,
// is waited for only when the worker ends: its CPU is in no file's figures. CPU, unlike wall time,
// does not grow with the load of a shared machine. Linux only (/proc/self/stat).
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeEach } from 'vitest';

const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of this process, in seconds. */
function times(): { self: number; children: number } {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const n = (i: number) => Number(f[i]) / TICKS_PER_SECOND;
  return { self: n(11) + n(12), children: n(13) + n(14) };
}

/** What the worker had used when its previous test file ended (files share workers). */
const before = ((globalThis as { waveCpuBefore?: { self: number; children: number; wall: number } }).waveCpuBefore ??= { self: 0, children: 0, wall: 0 });
let file = '';
beforeEach(({ task }) => {
  file = task.file.filepath;
});
afterAll(() => {
  const log = process.env.WAVE_TEST_CPU_LOG;
  const now = { ...times(), wall: process.uptime() };
  const used = { self: now.self - before.self, children: now.children - before.children, wall: now.wall - before.wall };
  Object.assign(before, now);
  if (log) appendFileSync(log, `${JSON.stringify({ file, ...used })}\n`);
});
