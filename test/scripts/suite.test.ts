// `npm test`'s step runner (scripts/suite.mjs, used by scripts/test.mjs): every step runs even
// after one failed, lanes run side by side, the closing `tests: N passed, N failed` line is always
// printed, and the exit code is non-zero when a step or a test failed. Run as a real Node process with real shell
// steps, as `npm test` runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SUITE = fileURLToPath(new URL('../../scripts/suite.mjs', import.meta.url));
const TMP = mkdtempSync(join(tmpdir(), 'wave-suite-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

type StepJson = { title: string; cmd: string; counts?: boolean };

/** Runs `runSuite` over steps given as JSON (their `count` is the regex of a result line). */
function suite(steps: Array<StepJson | { lanes: StepJson[][]; shared?: StepJson[] }>) {
  const code = `
    import { runSuite } from ${JSON.stringify(SUITE)};
    const step = (s) => ({ ...s, capture: s.counts, count: s.counts ? (out) => {
      const m = /^(\\d+) passed, (\\d+) failed$/m.exec(out);
      return m ? { passed: Number(m[1]), failed: Number(m[2]) } : null;
    } : undefined });
    const steps = ${JSON.stringify(steps)}.map((s) => (s.lanes ? { lanes: s.lanes.map((l) => l.map(step)), shared: (s.shared ?? []).map(step) } : step(s)));
    process.exit(await runSuite(steps));`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', cwd: TMP });
}

describe('the step runner of npm test', () => {
  it('a failing first step: the later steps still run, the closing line counts their tests, the exit code is 1', () => {
    const marker = join(TMP, 'third-ran');
    const r = suite([
      { title: 'build', cmd: 'echo building; exit 3' },
      { title: 'tests', cmd: 'echo "7 passed, 2 failed"', counts: true },
      { title: 'more tests', cmd: `echo "5 passed, 0 failed"; touch ${marker}`, counts: true },
    ]);
    expect(r.status).toBe(1);
    expect(existsSync(marker)).toBe(true);
    expect(r.stdout).toContain('build failed (exit 3); the next steps still run.');
    expect(r.stdout.trimEnd().split('\n').slice(-2)).toEqual(['tests: 12 passed, 2 failed', 'steps that failed: build']);
  });

  it('a step that should count tests but prints no result line fails, and the closing line is still printed', () => {
    const r = suite([{ title: 'kotlin', cmd: 'echo nothing useful', counts: true }]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('kotlin failed (it reported no test results)');
    expect(r.stdout.trimEnd().split('\n').slice(-2)).toEqual(['tests: 0 passed, 0 failed', 'steps that failed: kotlin']);
  });

  it('everything passes: exit 0, the closing line is the last line', () => {
    const r = suite([
      { title: 'build', cmd: 'true' },
      { title: 'tests', cmd: 'echo "3 passed, 0 failed"', counts: true },
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('tests: 3 passed, 0 failed');
  });

  it("lanes run side by side: each step's output is printed whole, a failure in one lane stops neither, and their tests count", () => {
    // Lane 1 waits until lane 2 has started (its file exists): it could not finish if the lanes ran one after another.
    const started = join(TMP, 'lane-2-started');
    const r = suite([
      {
        lanes: [
          [
            {
              title: 'waits for lane 2',
              cmd: `echo one-a; while [ ! -e ${started} ]; do sleep 0.05; done; echo one-b; echo "4 passed, 0 failed"`,
              counts: true,
            },
          ],
          [
            { title: 'starts lane 2', cmd: `echo two-a; touch ${started}; echo two-b >&2; exit 5` },
            { title: 'after the failure', cmd: 'echo "2 passed, 1 failed"', counts: true },
          ],
        ],
      },
      { title: 'after the lanes', cmd: 'echo "1 passed, 0 failed"', counts: true },
    ]);
    expect(r.status).toBe(1);
    const out = r.stdout;
    expect(out).toMatch(/== waits for lane 2 \(lane 1[^\n]*\n\$ [^\n]*\none-a\none-b\n4 passed, 0 failed\n/);
    expect(out).toMatch(/== starts lane 2 \(lane 2[^\n]*\n\$ [^\n]*\ntwo-a\ntwo-b\n-- \d+\.\d s\n/);
    // Every step ends with the time it took, a step after the lanes too.
    expect(out).toMatch(/1 passed, 0 failed\n-- \d+\.\d s\n/);
    expect(out).toContain('starts lane 2 failed (exit 5); the next steps still run.');
    expect(out.indexOf('== after the lanes')).toBeGreaterThan(out.indexOf('== waits for lane 2'));
    expect(out.trimEnd().split('\n').slice(-2)).toEqual(['tests: 7 passed, 1 failed', 'steps that failed: starts lane 2']);
  });

  it('the shared steps of lanes go to the lane free first, in order, and count like the others', () => {
    // Lane 1 is busy until the second shared step has started (its file exists): the shared steps can
    // only have gone to lane 2, one after the other.
    const second = join(TMP, 'second-shared-started');
    const r = suite([
      {
        lanes: [[{ title: 'long', cmd: `while [ ! -e ${second} ]; do sleep 0.05; done; echo long-done` }], [{ title: 'short', cmd: 'true' }]],
        shared: [
          { title: 'shared one', cmd: 'echo "2 passed, 0 failed"', counts: true },
          { title: 'shared two', cmd: `touch ${second}; echo "3 passed, 0 failed"`, counts: true },
        ],
      },
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/== shared one \(lane 2[^\n]*\n/);
    expect(r.stdout).toMatch(/== shared two \(lane 2[^\n]*\n/);
    expect(r.stdout.indexOf('== shared one')).toBeLessThan(r.stdout.indexOf('== shared two'));
    expect(r.stdout.indexOf('== shared two')).toBeLessThan(r.stdout.indexOf('== long'));
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('tests: 5 passed, 0 failed');
  });

  it('tests that fail in a step that exits 0 still make the exit code 1', () => {
    const r = suite([{ title: 'tests', cmd: 'echo "3 passed, 1 failed"', counts: true }]);
    expect(r.status).toBe(1);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('tests: 3 passed, 1 failed');
  });
});
