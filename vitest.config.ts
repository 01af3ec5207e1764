// Two projects (README, "Running tests"):
//   unit   pure modules (`*.unit.test.ts` in sidecar/test and webui/test): no build, no process,
//          no browser — `npm run test:unit` runs them in a few seconds;
//   system everything else: real hook processes, the real `wave` binary, `wave serve`, Chromium.
//          Its globalSetup builds the sidecar and the UI once (skipped with WAVE_TEST_PREBUILT=1,
//          which `npm test` sets because it has just built them).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { HANG_MS, TEST_LIMIT_MS } from './test/limits.js';

const UNIT = ['sidecar/test/**/*.unit.test.ts', 'webui/test/**/*.unit.test.ts', 'test/docs/**/*.test.ts'];

export default defineConfig({
  test: {
    // Limits against a hang only (test/limits.ts): tests wait for events, never for the clock.
    testTimeout: TEST_LIMIT_MS,
    hookTimeout: TEST_LIMIT_MS,
    // expect.poll waits for a page or a process to show something; 1 s by default, a hang limit here.
    expect: { poll: { timeout: HANG_MS } },
    pool: 'forks',
    // The test workers' fetch compiles its HTTP parser (WebAssembly) on the baseline tier only, as the
    // `wave` command does (sidecar/src/util/baselineWasm.ts): no optimising recompile per file.
    execArgv: ['--liftoff-only'],
    // One test file per core (vitest's default leaves one core out, which on a 2-core machine runs the
    // files one at a time while most of them wait on the processes they start). VITEST_MAX_WORKERS
    // changes it.
    maxWorkers: Math.max(2, availableParallelism()),
    // WAVE_TEST_CPU_LOG=<file>: each test file's CPU seconds, its own and its processes' (test/cpuUse.ts).
    setupFiles: process.env.WAVE_TEST_CPU_LOG ? ['test/cpuUse.ts'] : [],
    reporters: ['default'],
    projects: [
      // Every file shares its worker with the files before it (no fresh process and module graph per
      // file: a third of the unit files' CPU, a fifth of the system files'). A file stops what it
      // started in its afterAll (servers, browsers, sandboxes) and sets no process state it keeps.
      { extends: true, test: { name: 'unit', include: UNIT, isolate: false } },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['sidecar/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...UNIT, '**/node_modules/**'],
          globalSetup: ['test/globalSetup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
