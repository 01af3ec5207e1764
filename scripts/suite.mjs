// The step runner of `npm test` (scripts/test.mjs): every step runs, even after one failed, so one
// run shows every failure; the run ends with one closing line counting every test of the steps
// that count tests (`tests: N passed, N failed`), then the steps that failed, and its exit code is
// non-zero when a step or a test failed.
import { spawnSync } from 'node:child_process';

/**
 * @typedef {object} Step
 * @property {string} title
 * @property {string} cmd  run with a shell
 * @property {Record<string, string>} [env]
 * @property {boolean} [capture]  pass stdout through and hand it to `count` (default: inherited)
 * @property {(stdout: string) => { passed: number, failed: number } | null} [count]  the tests it ran; null: it printed none (a failure)
 */

/**
 * @param {Step[]} steps
 * @param {{ write?: (text: string) => void }} [io]
 * @returns {number} the exit code
 */
export function runSuite(steps, io = {}) {
  const write = io.write ?? ((text) => process.stdout.write(text));
  const totals = { passed: 0, failed: 0 };
  const failedSteps = [];
  for (const step of steps) {
    write(`\n== ${step.title}\n$ ${step.cmd}\n`);
    const r = spawnSync(step.cmd, {
      stdio: step.capture ? ['inherit', 'pipe', 'inherit'] : 'inherit',
      shell: true,
      env: { ...process.env, ...step.env },
      encoding: 'utf8',
    });
    if (step.capture) write(r.stdout ?? '');
    let counted = null;
    try {
      counted = step.count ? step.count(r.stdout ?? '') : null;
    } catch {
      counted = null;
    }
    if (counted) {
      totals.passed += counted.passed;
      totals.failed += counted.failed;
    }
    const why = r.status !== 0 ? `exit ${r.status ?? r.signal}` : step.count && !counted ? 'it reported no test results' : null;
    if (why) {
      failedSteps.push(step.title);
      write(`\n${step.title} failed (${why}); the next steps still run.\n`);
    }
  }
  // One closing line for the whole suite, whatever failed on the way.
  write(`\ntests: ${totals.passed} passed, ${totals.failed} failed\n`);
  if (failedSteps.length) write(`steps that failed: ${failedSteps.join('; ')}\n`);
  return failedSteps.length || totals.failed ? 1 : 0;
}
