// The step runner of `npm test` (scripts/test.mjs): every step runs, even after one failed, so one
// run shows every failure; the run ends with one closing line counting every test of the steps
// that count tests (`tests: N passed, N failed`), then the steps that failed, and its exit code is
// non-zero when a step or a test failed.
//
// Steps run one after another, except a group of lanes (`{ lanes: [[…], […]], shared: […] }`): its
// lanes run at the same time, each lane's steps in order, so the checks that need no build of each
// other keep both cores of a small machine busy; the `shared` steps, in order, go to whichever lane
// is done with its own first (they need nothing from any lane), so neither lane idles while the
// other still has work — a warm run and a fresh clone's spend their time in different steps. A
// step in a lane has its output (stdout and stderr, in the order they came) held back and printed
// whole when it ends, so two lanes never interleave lines.
// Each step's output ends with the time it took (`-- 12.3 s`, wall clock).
import { spawn } from 'node:child_process';

/**
 * @typedef {object} Step
 * @property {string} title
 * @property {string} cmd  run with a shell
 * @property {Record<string, string>} [env]
 * @property {boolean} [capture]  pass stdout through and hand it to `count` (default: inherited)
 * @property {(stdout: string) => { passed: number, failed: number } | null} [count]  the tests it ran; null: it printed none (a failure)
 */

/** @typedef {{ lanes: Step[][], shared?: Step[] }} Lanes */

/**
 * Runs one step; resolves with its exit status and stdout (captured when asked, or when `held`).
 * @param {Step} step
 * @param {boolean} held  hold the whole output back (a lane): returned in `output`
 * @param {(text: string) => void} write
 */
function runStep(step, held, write) {
  return new Promise((resolve) => {
    const pipeOut = held || step.capture;
    const child = spawn(step.cmd, {
      stdio: ['inherit', pipeOut ? 'pipe' : 'inherit', held ? 'pipe' : 'inherit'],
      shell: true,
      env: { ...process.env, ...step.env },
    });
    let stdout = '';
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (c) => {
      stdout += c;
      if (held) output += c;
      else write(c);
    });
    child.stderr?.setEncoding('utf8').on('data', (c) => (output += c));
    child.on('error', (err) => (output += `${err.message}\n`));
    child.on('close', (code, signal) => resolve({ status: code ?? signal ?? 'error', stdout, output }));
  });
}

/**
 * @param {Array<Step | Lanes>} steps
 * @param {{ write?: (text: string) => void }} [io]
 * @returns {Promise<number>} the exit code
 */
export async function runSuite(steps, io = {}) {
  const write = io.write ?? ((text) => process.stdout.write(text));
  const totals = { passed: 0, failed: 0 };
  const failedSteps = [];
  /** @param {Step} step @param {{ status: number | string, stdout: string }} r */
  const account = (step, r) => {
    let counted = null;
    try {
      counted = step.count ? step.count(r.stdout) : null;
    } catch {
      counted = null;
    }
    if (counted) {
      totals.passed += counted.passed;
      totals.failed += counted.failed;
    }
    const why = r.status !== 0 ? `exit ${r.status}` : step.count && !counted ? 'it reported no test results' : null;
    if (why) {
      failedSteps.push(step.title);
      write(`\n${step.title} failed (${why}); the next steps still run.\n`);
    }
  };
  const took = (started) => `-- ${((Date.now() - started) / 1000).toFixed(1)} s\n`;
  const header = (step, lane) => `\n== ${step.title}${lane ? ` (lane ${lane}, beside the other lanes)` : ''}\n$ ${step.cmd}\n`;
  for (const item of steps) {
    if ('lanes' in item) {
      const shared = [...(item.shared ?? [])];
      const lane = async (laneSteps, n) => {
        const own = [...laneSteps];
        for (let step = own.shift() ?? shared.shift(); step; step = own.shift() ?? shared.shift()) {
          const started = Date.now();
          const r = await runStep(step, true, write);
          write(header(step, n) + r.output + took(started));
          account(step, r);
        }
      };
      await Promise.all(item.lanes.map((l, i) => lane(l, i + 1)));
      continue;
    }
    write(header(item, 0));
    const started = Date.now();
    const r = await runStep(item, false, write);
    write(took(started));
    account(item, r);
  }
  // One closing line for the whole suite, whatever failed on the way.
  write(`\ntests: ${totals.passed} passed, ${totals.failed} failed\n`);
  if (failedSteps.length) write(`steps that failed: ${failedSteps.join('; ')}\n`);
  return failedSteps.length || totals.failed ? 1 : 0;
}
