// Waiting on real processes in the tests (the hook runner's, the hostile-input ones): whether one
// is gone, and a condition polled until it holds (an event the test watches for, never a fixed sleep).
import { readFileSync } from 'node:fs';
import { HANG_MS } from '../../../test/limits.js';

/** Whether a process is gone (a zombie counts as gone: it runs nothing and holds no file). */
export function dead(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Polls `cond` every 20 ms until it holds (or HANG_MS passed: a hang); returns its last value. */
export async function until(cond: () => boolean): Promise<boolean> {
  const deadline = performance.now() + HANG_MS;
  while (!cond() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return cond();
}
