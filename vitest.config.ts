// Two projects (README, "Running tests"):
//   unit   pure modules (`*.unit.test.ts` in sidecar/test and webui/test): no build, no process,
//          no browser — `npm run test:unit` runs them in a few seconds;
//   system everything else: real hook processes, the real `wave` binary, `wave serve`, Chromium.
//          Its globalSetup builds the sidecar and the UI once (skipped with WAVE_TEST_PREBUILT=1,
//          which `npm test` sets because it has just built them).
import { defineConfig } from 'vitest/config';

const UNIT = ['sidecar/test/**/*.unit.test.ts', 'webui/test/**/*.unit.test.ts', 'test/docs/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default'],
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['sidecar/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...UNIT, '**/node_modules/**'],
          globalSetup: ['test/globalSetup.ts'],
        },
      },
    ],
  },
});
